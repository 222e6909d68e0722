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
 * of the output. Link tags need nothing from the CSP (scripts stay files; the server hashes only inline
 * scripts), and the step runs inside `astro build`, before the service worker's precache revisions the
 * pages (scripts/build-service-worker.mjs).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Module URLs a page runs at once: its module scripts and the islands hydrated at load.
 * @param {string} html
 * @returns {string[]}
 */
export function pageEntries(html) {
  /** @type {Set<string>} */
  const entries = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) if (src) entries.add(src);
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const client = /\bclient="([^"]+)"/.exec(tag)?.[1];
    if (client !== 'load' && client !== 'only') continue;
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = new RegExp(`\\b${attribute}="([^"]+)"`).exec(tag)?.[1];
      if (url) entries.add(url);
    }
  }
  return [...entries].filter((url) => url.startsWith('/'));
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
 * The page with a modulepreload link for each URL of its graph not announced yet, at the end of <head>.
 * @param {string} html
 * @param {readonly string[]} urls
 * @returns {string}
 */
export function announce(html, urls) {
  const present = new Set([...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]));
  const links = urls.filter((url) => !present.has(url)).map((url) => `<link rel="modulepreload" href="${url}">`);
  return links.length === 0 ? html : html.replace('</head>', `${links.join('')}</head>`);
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
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.fileName.startsWith('_astro/')) imports.set(chunk.fileName, chunk.imports);
      }
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
          const announced = announce(html, staticGraph(pageEntries(html), imports));
          if (announced === html) continue;
          await writeFile(file, announced);
          pages += 1;
        }
        logger.info(`modulepreload: announced the module graph of ${pages} pages`);
      },
    },
  };
}
