// @ts-check
/**
 * Announces each page's module graph in its HTML: after `astro build`, every built page gets a
 * `<link rel="modulepreload">` in <head> for each module it will run at once — its module scripts, the
 * component and renderer of each island that hydrates at load (`client:load`, `client:only`), and every
 * chunk those import statically, transitively. The browser then fetches the whole graph in parallel
 * with the HTML instead of finding it one import level at a time (each level is a round trip: 562 ms on
 * a Slow 4G phone). Dynamic imports (a doctype's viewer, a dialog) stay lazy.
 *
 * The graph is Rollup's own (each chunk's `imports` in the client build's `generateBundle`), not a parse
 * of the output.
 *
 * A page that paints its main content before its island has loaded (it holds an element marked
 * `data-first-paint`, e.g. a result sheet's drawn grid, src/shared/first-paint/sheet-results.ts) announces the
 * island's own modules with `fetchpriority="low"`: on HTTP/1.1 a browser opens six connections to a
 * server, and React's 70 KB must not hold a connection the page's scripts and API reads need for that
 * paint. Link tags need nothing from the CSP (scripts stay files; the server hashes only inline
 * scripts), and the step runs inside `astro build`, before the service worker's precache revisions the
 * pages (scripts/build-service-worker.mjs).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Module URLs a page runs at once: its module scripts, and the islands hydrated at load.
 * @param {string} html
 * @returns {{ scripts: string[], islands: string[] }}
 */
export function pageEntries(html) {
  /** @type {Set<string>} */
  const scripts = new Set();
  /** @type {Set<string>} */
  const islands = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) if (src) scripts.add(src);
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const client = /\bclient="([^"]+)"/.exec(tag)?.[1];
    if (client !== 'load' && client !== 'only') continue;
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = new RegExp(`\\b${attribute}="([^"]+)"`).exec(tag)?.[1];
      if (url) islands.add(url);
    }
  }
  const local = (/** @type {Set<string>} */ urls) => [...urls].filter((url) => url.startsWith('/'));
  return { scripts: local(scripts), islands: local(islands) };
}

/**
 * What the page's HTML should announce: every module of its first load, the island's own at low priority
 * when the page paints before its island (`data-first-paint`).
 * @param {string} html
 * @param {ReadonlyMap<string, readonly string[]>} imports
 * @returns {{ urls: string[], low: string[] }}
 */
export function pageGraph(html, imports) {
  const { scripts, islands } = pageEntries(html);
  const first = staticGraph(scripts, imports);
  const islandOnly = staticGraph(islands, imports).filter((url) => !first.includes(url));
  return /\bdata-first-paint\b/.test(html) ? { urls: first, low: islandOnly } : { urls: [...first, ...islandOnly], low: [] };
}

/**
 * `entries` and every chunk they import statically, transitively.
 * @param {readonly string[]} entries URLs such as `/_astro/x.js`
 * @param {ReadonlyMap<string, readonly string[]>} imports chunk file (`_astro/x.js`) → the files it imports statically
 * @returns {string[]}
 */
export function staticGraph(entries, imports) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} url */
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const file of imports.get(url.slice(1)) ?? []) visit(`/${file}`);
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * The page with a modulepreload link for each URL of its graph not announced yet, at the end of <head>;
 * those in `low` with `fetchpriority="low"`.
 * @param {string} html
 * @param {readonly string[]} urls
 * @param {readonly string[]} [low]
 * @returns {string}
 */
export function announce(html, urls, low = []) {
  const present = new Set([...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]));
  const link = (/** @type {string} */ url, /** @type {string} */ extra) => (present.has(url) ? '' : `<link rel="modulepreload" href="${url}"${extra}>`);
  const links = [...urls.map((url) => link(url, '')), ...low.map((url) => link(url, ' fetchpriority="low"'))].join('');
  return links === '' ? html : html.replace('</head>', `${links}</head>`);
}

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function htmlFiles(dir) {
  /** @type {string[]} */
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await htmlFiles(path)));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

/**
 * The Astro integration: records the client build's chunk graph, then announces it in every built page.
 * @returns {import('astro').AstroIntegration}
 */
export function modulePreload() {
  /** @type {Map<string, string[]>} chunk file (e.g. `_astro/x.js`) → the chunk files it imports statically */
  const imports = new Map();
  /** @type {import('vite').Plugin} */
  const recordGraph = {
    name: 'ringbinder-module-graph',
    apply: 'build',
    // 'post': after page-chunks.mjs has folded Rolldown's runtime into core (its plugin comes first).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.fileName.startsWith('_astro/')) imports.set(chunk.fileName, chunk.imports);
        }
      },
    },
  };
  return {
    name: 'ringbinder-module-preload',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [recordGraph] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        let pages = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const { urls, low } = pageGraph(html, imports);
          const announced = announce(html, urls, low);
          if (announced === html) continue;
          await writeFile(file, announced);
          pages += 1;
        }
        logger.info(`modulepreload: announced the module graph of ${pages} pages`);
      },
    },
  };
}
