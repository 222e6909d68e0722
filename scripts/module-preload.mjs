// @ts-check
/**
 * Announces each page's module graph in its HTML: after `astro build`, every built page gets a
 * `<link rel="modulepreload">` in <head> for each module it will run at once — its module scripts, the
 * component and renderer of each island that hydrates at load (`client:load`, `client:only`), and every
 * chunk those import statically, transitively. The browser then fetches the whole graph in parallel
 * with the HTML instead of finding it one import level at a time (each level is a round trip: 562 ms on
 * a Slow 4G phone). Dynamic imports (a doctype's viewer, a dialog) stay lazy.
 *
 * The graph is Rollup's own (each chunk's `imports` and `dynamicImports` in the client build's
 * `generateBundle`), not a parse of the output; the pages are read with an HTML parser (parse5).
 *
 * A page that paints its main content before its island has loaded (it holds an element marked
 * `data-first-paint`, e.g. a result sheet's drawn grid, src/shared/first-paint/sheet-results.ts) announces the
 * island's own modules with `fetchpriority="low"`: on HTTP/1.1 a browser opens six connections to a
 * server, and React's 70 KB must not hold a connection the page's scripts and API reads need for that
 * paint. So does a page whose script draws over the server's first paint by loading its island with a
 * dynamic import (the folder page: islands/browse/mount.ts, the island folder named in page-chunks.mjs
 * PAGE_ISLANDS): that import's files are announced at low priority, so hydration does not start a round trip
 * after the script. Link tags need nothing from the CSP (scripts stay files; the server hashes only inline
 * scripts), and the step runs inside `astro build`, before the service worker's precache revisions the
 * pages (scripts/build-service-worker.mjs).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';
import { PAGE_ISLANDS } from './page-chunks.mjs';

/** @typedef {import('parse5').DefaultTreeAdapterMap['element']} Element */
/** @typedef {import('parse5').DefaultTreeAdapterMap['parentNode']} ParentNode */

/**
 * Every element of the page, in document order (parse5: an HTML parser, each element with its place in
 * the text). The house reads HTML with a parser, never with regular expressions (issue #42).
 * @param {string} html
 * @returns {Element[]}
 */
function elementsOf(html) {
  /** @type {Element[]} */
  const found = [];
  /** @param {ParentNode} node */
  const visit = (node) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      found.push(child);
      visit(child.tagName === 'template' ? /** @type {import('parse5').DefaultTreeAdapterMap['template']} */ (child).content : child);
    }
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return found;
}

/**
 * @param {Element} element
 * @param {string} name
 * @returns {string | undefined}
 */
const attributeOf = (element, name) => element.attrs.find((a) => a.name === name)?.value;

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
  for (const element of elementsOf(html)) {
    const src = attributeOf(element, 'src');
    if (element.tagName === 'script' && attributeOf(element, 'type') === 'module' && src) scripts.add(src);
    if (element.tagName !== 'astro-island') continue;
    const client = attributeOf(element, 'client');
    if (client !== 'load' && client !== 'only') continue;
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attributeOf(element, attribute);
      if (url) islands.add(url);
    }
  }
  const local = (/** @type {Set<string>} */ urls) => [...urls].filter((url) => url.startsWith('/'));
  return { scripts: local(scripts), islands: local(islands) };
}

/**
 * What the page's HTML should announce: every module of its first load; at low priority, the island's own
 * modules when the page paints before its island: an island hydrated at load on a page holding an element
 * marked `data-first-paint`, and an island its script loads with a dynamic import (`islandLoads`: the folder
 * page's script hydrates what the server drew, islands/browse/mount.ts). Other dynamic imports (a doctype's
 * viewer, a dialog) stay lazy.
 * @param {string} html
 * @param {ReadonlyMap<string, readonly string[]>} imports chunk file → the files it imports statically
 * @param {ReadonlyMap<string, readonly string[]>} [islandLoads] chunk file → the island files it imports dynamically
 * @returns {{ urls: string[], low: string[] }}
 */
export function pageGraph(html, imports, islandLoads = new Map()) {
  const { scripts, islands } = pageEntries(html);
  const first = staticGraph(scripts, imports);
  const notFirst = (/** @type {string[]} */ urls) => urls.filter((url) => !first.includes(url));
  const islandOnly = notFirst(staticGraph(islands, imports));
  const loaded = notFirst(staticGraph(first.flatMap((url) => (islandLoads.get(url.slice(1)) ?? []).map((file) => `/${file}`)), imports));
  const paintsFirst = elementsOf(html).some((element) => attributeOf(element, 'data-first-paint') !== undefined);
  const low = [...(paintsFirst ? islandOnly : []), ...loaded];
  return { urls: [...first, ...(paintsFirst ? [] : islandOnly)], low: [...new Set(low)] };
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
  const elements = elementsOf(html);
  const present = new Set(
    elements.filter((e) => e.tagName === 'link' && attributeOf(e, 'rel') === 'modulepreload').map((e) => attributeOf(e, 'href')),
  );
  const link = (/** @type {string} */ url, /** @type {string} */ extra) => (present.has(url) ? '' : `<link rel="modulepreload" href="${url}"${extra}>`);
  const links = [...urls.map((url) => link(url, '')), ...low.map((url) => link(url, ' fetchpriority="low"'))].join('');
  const headEnd = elements.find((e) => e.tagName === 'head')?.sourceCodeLocation?.endTag?.startOffset;
  if (links === '' || headEnd === undefined) return html;
  return html.slice(0, headEnd) + links + html.slice(headEnd);
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
 * Whether a chunk holds a page island's own module (scripts/page-chunks.mjs PAGE_ISLANDS: the folder page's
 * mount.ts is in the page script's file): what that chunk imports dynamically is the island.
 * @param {readonly string[]} moduleIds
 */
const holdsPageIsland = (moduleIds) => moduleIds.some((id) => PAGE_ISLANDS.some(([, folder]) => id.includes(folder)));

/**
 * The Astro integration: records the client build's chunk graph, then announces it in every built page.
 * @returns {import('astro').AstroIntegration}
 */
export function modulePreload() {
  /** @type {Map<string, string[]>} chunk file (e.g. `_astro/x.js`) → the chunk files it imports statically */
  const imports = new Map();
  /** @type {Map<string, string[]>} a page script's chunk → the chunks of its page's island it imports dynamically */
  const islandLoads = new Map();
  /** @type {import('vite').Plugin} */
  const recordGraph = {
    name: 'ringbinder-module-graph',
    apply: 'build',
    // 'post': after page-chunks.mjs has folded Rolldown's runtime into core (its plugin comes first).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('_astro/')) continue;
          imports.set(chunk.fileName, chunk.imports);
          if (chunk.isEntry && holdsPageIsland(chunk.moduleIds)) islandLoads.set(chunk.fileName, chunk.dynamicImports);
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
          const { urls, low } = pageGraph(html, imports, islandLoads);
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
