// @ts-check
/**
 * How the client build groups modules into files, so a signed-in page's first load is a few files
 * instead of thirty. Over HTTP/1.1 a browser opens at most six connections to a host: on a Slow 4G phone
 * (562.5 ms a round trip) thirty module files and the page's four early API reads queue behind one
 * another in waves of six, and the API answers the paint needs arrive four or five round trips after
 * the HTML instead of one (measured: the reads left at 0.8 s and got a connection at 3.6 s). Each file
 * also costs the parser's preload scanner main-thread time (about 4 ms a link at 4× CPU).
 *
 * Rollup's default gives every set of importers its own file. Instead (the client build's
 * `output.manualChunks`, set by this integration for the client build only):
 * - `app`: the signed-in chrome (SignedInLayout's script and everything it imports) and the modules the
 *   first pages (a document's view page — opened from printed QR codes —, home and a folder) share with
 *   other screens. Every signed-in page runs the chrome, so its code costs them nothing extra; the first
 *   pages' shared modules cost the other signed-in pages a few KB. The layout's script itself is in
 *   this file: it is only ever loaded on pages of the signed-in layout, where it runs anyway.
 * - `core`: what the public pages (sign-in, registration …) and the signed-in pages both import at load
 *   (the API transport, storage, alerts, the DOM helpers, the service worker's registration, a form's
 *   validation).
 * - `react`: React, ReactDOM, the scheduler and Astro's React renderer, always loaded together by the islands.
 * - `islands-shared`: the modules two or more islands import at load (the data grid, the admin screens'
 *   paths and paged reads), in one file ahead of any viewer's: an admin list came in eight to eleven files
 *   (one per shared helper, the renderer, an empty entry file, two viewers' shared files), and on a phone
 *   every file past the sixth request waits a round trip for a connection. A lazy viewer that uses one of
 *   them loads this file.
 * - `<doctype>-viewer-shared`: the modules a doctype's viewer (loaded on demand by the view page) shares
 *   with other lazy code — the editors, the dialogs — except packages, in one file per viewer. Rollup gave
 *   each of them a file of its own: the checklist's viewer came in eight files, so on a phone its last
 *   ones waited a round trip for a connection behind the chrome's reads (the questions showed 0.6 s after
 *   the first of them had arrived). They are small shared modules (value types, element glue, the image
 *   compressor); a package is never assigned there, though Rollup may add one only they and other lazy
 *   code import (Lit joined the checklist's file: a screen that loads Lit now loads ~3 KB gzip more).
 * - everything else as Rollup splits it: a page's own modules stay in its script's file; lazy code
 *   (a doctype's viewer, an editor, a dialog) in its own files.
 * A module any public page may load (statically or on demand) is never put in `app`: loading `app`
 * mounts the signed-in chrome. `core` and `islands-shared` are filled before the viewers' files, so no
 * public page and no island loads a viewer's file for a helper (the sign-in page loaded the checklist
 * viewer's 9 KB, Lit included, for a 1 KB one). An island's file is its entry (entry signatures may grow:
 * no empty file re-exporting it); the renderer's entry holds React, so its file is named `react`.
 */
import { readFileSync } from 'node:fs';

/** The pages opened first, whose shared modules join the chrome in `app` (src/pages/…, without .astro). */
export const FIRST_PAGES = ['documentation/view', 'index', 'documentation/browse'];

/**
 * The doctypes' viewers (src/screens/doctypes/registry.ts), in the order they claim the modules they share:
 * the checklist's first (opened from printed QR codes).
 */
/** @type {readonly (readonly [string, string])[]} */
export const VIEWERS = [
  ['checklist', '/src/screens/doctypes/checklist-viewer.ts'],
  ['sheet', '/islands/sheet-results/mount.tsx'],
  ['presentation', '/islands/presentation-viewer/mount.ts'],
];

/**
 * First pages whose islands only they hydrate (src/pages/…, the islands' folder): the modules that only the
 * page's script and those islands use go in the page script's own file, not `app`. The folder's tiles and
 * its first paint (~2 KB gzip) went to `app` as the browse page's shared modules, so a checklist's view
 * page (opened from printed QR codes) loaded them and never ran them. The page's file is its entry: an
 * island that loads it runs the page's script, which is already running on that page.
 */
/** @type {readonly (readonly [string, string])[]} */
export const PAGE_ISLANDS = [['documentation/browse', '/islands/browse/']];

/**
 * The public pages whose first load is the checklist filler (#29: a share link's /fill/ and /embed/fill/
 * pages, src/pages/…): they load Lit and the checklist's rules at once, as the checklist's viewer does.
 * They take them from the viewer's file, not `core`: every public page loads `core`, and counting them
 * there put Lit (which Shoelace's islands load at once too) and the answers' rules into the sign-in page.
 */
export const FILLER_PAGES = ['fill/index', 'embed/fill'];

const SCRIPT_OF_ASTRO = /^(.*\.astro)\?astro&type=script/;
const LAYOUT_SCRIPT = /\/src\/layouts\/SignedInLayout\.astro\?astro&type=script/;
const REACT = /\/node_modules\/(react|react-dom|scheduler|@astrojs\/react)\//;
const ISLAND = /\/islands\//;
/** Rolldown's runtime module (its `RUNTIME_MODULE_ID`). */
export const ROLLDOWN_RUNTIME = '\0rolldown/runtime.js';
const LIT = /\/node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\//;
const LIT_HTML = /\/node_modules\/lit-html\//;
/** The hydrate support, and the lit-html internals only it imports (they went to lit-html's file, which /fill/ loads). */
const LIT_HYDRATE = /\/node_modules\/(@lit-labs\/ssr-client\/|lit-html\/private-ssr-support\.js)/;

/**
 * @typedef {{ isEntry: boolean, importedIds: readonly string[], dynamicallyImportedIds: readonly string[] }} ModuleInfo
 * @typedef {(id: string) => ModuleInfo | null} GetModuleInfo
 */

/**
 * Whether an entry module runs only on pages of the signed-in layout: that layout's script, the script of
 * a page built on it, or an island (islands/ hydrate on signed-in pages only).
 * @param {string} id
 * @param {(file: string) => string} read
 */
export function signedInEntry(id, read) {
  if (LAYOUT_SCRIPT.test(id)) return true;
  if (id.includes('/islands/')) return true;
  const astro = SCRIPT_OF_ASTRO.exec(id)?.[1];
  if (astro?.includes('/src/pages/')) return read(astro).includes('SignedInLayout');
  return false;
}

/**
 * The ids reachable from `from` through static imports (and dynamic ones with `dynamic`).
 * @param {readonly string[]} from
 * @param {GetModuleInfo} info
 * @param {boolean} dynamic
 */
export function reach(from, info, dynamic) {
  /** @type {Set<string>} */
  const seen = new Set();
  const stack = [...from];
  while (stack.length > 0) {
    const id = /** @type {string} */ (stack.pop());
    if (seen.has(id)) continue;
    seen.add(id);
    const m = info(id);
    if (!m) continue;
    stack.push(...m.importedIds, ...(dynamic ? m.dynamicallyImportedIds : []));
  }
  return seen;
}

/**
 * The file of each module that does not go where Rollup would put it.
 * @param {readonly string[]} ids every module of the build
 * @param {GetModuleInfo} info
 * @param {(file: string) => string} read an .astro page's source
 * @returns {Map<string, string>}
 */
export function planChunks(ids, info, read) {
  const entries = ids.filter((id) => info(id)?.isEntry);
  const signedIn = entries.filter((id) => signedInEntry(id, read));
  const publicEntries = entries.filter((id) => !signedIn.includes(id));
  const publicReach = reach(publicEntries, info, true);
  const layout = signedIn.filter((id) => LAYOUT_SCRIPT.test(id));
  const firstPages = signedIn.filter((id) => FIRST_PAGES.some((page) => SCRIPT_OF_ASTRO.exec(id)?.[1]?.endsWith(`/src/pages/${page}.astro`)));
  /** How many entries and lazily imported modules reach each module statically (a module reached once stays in its importer's file). */
  const reachedBy = new Map();
  const lazy = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
  const roots = ids.filter((id) => info(id)?.isEntry || lazy.has(id));
  for (const root of roots) for (const id of reach([root], info, false)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);

  /** @type {Map<string, string>} */
  const plan = new Map();
  const chrome = reach(layout, info, false);
  /** The roots (entries and lazily imported modules) that reach each module statically. */
  const rootsOf = new Map();
  for (const root of roots) for (const id of reach([root], info, false)) rootsOf.set(id, [...(rootsOf.get(id) ?? []), root]);
  for (const [page, islands] of PAGE_ISLANDS) {
    const entry = firstPages.find((id) => SCRIPT_OF_ASTRO.exec(id)?.[1]?.endsWith(`/src/pages/${page}.astro`));
    if (!entry) continue;
    const name = page.split('/').at(-1) ?? page;
    const own = (/** @type {string} */ root) => root === entry || root.includes(islands);
    for (const id of reach([entry], info, false)) {
      if (chrome.has(id) || publicReach.has(id) || REACT.test(id) || id.includes('/node_modules/') || !id.startsWith('/')) continue;
      if ((rootsOf.get(id) ?? []).every(own)) plan.set(id, name);
    }
  }
  for (const id of reach([...layout, ...firstPages], info, false)) {
    if (REACT.test(id) || plan.has(id)) continue;
    if (publicReach.has(id)) plan.set(id, 'core');
    else if (chrome.has(id) || (reachedBy.get(id) ?? 0) > 1) plan.set(id, 'app');
  }
  for (const id of ids) if (REACT.test(id)) plan.set(id, 'react');
  // What a public page and a signed-in page both import at load (a form's validation, say) is in core, never in
  // a viewer's file: the sign-in page loaded the checklist viewer's 9 KB, Lit included, for a 1 KB helper.
  const fillers = publicEntries.filter((id) => FILLER_PAGES.some((page) => SCRIPT_OF_ASTRO.exec(id)?.[1]?.endsWith(`/src/pages/${page}.astro`)));
  const publicLoad = reach(
    publicEntries.filter((id) => !fillers.includes(id)),
    info,
    false,
  );
  for (const id of reach(signedIn, info, false)) if (publicLoad.has(id) && !plan.has(id)) plan.set(id, 'core');
  // What two or more islands import at load (the data grid, the admin screens' paths) is one file, not one each.
  const islandLoads = new Map();
  for (const island of signedIn.filter((id) => ISLAND.test(id))) {
    for (const id of reach([island], info, false)) islandLoads.set(id, (islandLoads.get(id) ?? 0) + 1);
  }
  for (const [id, count] of islandLoads) {
    if (count > 1 && !plan.has(id) && id.startsWith('/') && !id.includes('/node_modules/')) plan.set(id, 'islands-shared');
  }
  // The filler itself (the element and what only it uses), which the fill pages load at once and the
  // checklist's viewer on demand, and nothing else loads: one file of its own, so a screen that takes a
  // helper (Lit, the answers' rules) from the viewer's file does not load the element. The fill pages' own
  // modules (the share link's read, the frame's height) are a file of theirs: in the filler's file, the
  // checklist's view page loaded them (~1 KB gzip) and never ran them.
  const checklistViewerPath = VIEWERS.find(([doctype]) => doctype === 'checklist')?.[1];
  const checklistViewer = checklistViewerPath ? ids.find((id) => id.endsWith(checklistViewerPath)) : undefined;
  if (checklistViewer && fillers.length > 0) {
    const elsewhere = reach(
      roots.filter((id) => id !== checklistViewer && !fillers.includes(id)),
      info,
      false,
    );
    const viewerLoads = reach([checklistViewer], info, false);
    for (const id of reach(fillers, info, false)) {
      if (plan.has(id) || elsewhere.has(id) || info(id)?.isEntry || !id.startsWith('/') || id.includes('/node_modules/')) continue;
      plan.set(id, viewerLoads.has(id) ? 'checklist-filler' : 'fill-page');
    }
  }
  // Lit, whole, in the checklist's viewer file (Shoelace's islands and the elements load it from there). Left
  // to Rollup, its parts went to whichever file asked for them first: the filler's, which an admin form then loaded.
  // Lit's templates (lit-html) are a file of their own, and its hydrate support (@lit-labs/ssr-client, the
  // checklist's viewer only) another beside it: the support must run before LitElement's module (which it
  // patches as that loads), and in one file with LitElement it ran after it (#42).
  for (const id of ids) {
    if (plan.has(id)) continue;
    if (LIT_HYDRATE.test(id)) plan.set(id, 'lit-hydrate');
    else if (LIT.test(id)) plan.set(id, LIT_HTML.test(id) ? 'lit-html' : 'checklist-viewer-shared');
  }
  for (const [doctype, path] of VIEWERS) {
    const viewer = ids.find((id) => id.endsWith(path));
    if (!viewer) continue;
    for (const id of reach([viewer], info, false)) {
      if (id === viewer || plan.has(id) || !id.startsWith('/') || id.includes('/node_modules/') || (reachedBy.get(id) ?? 0) < 2) continue;
      plan.set(id, `${doctype}-viewer-shared`);
    }
  }
  return plan;
}

/**
 * The plan with each file's static dependencies that no other file claims, file by file in the order the
 * files first appear (what Rollup's `manualChunks` did by itself: a module goes with the first planned
 * file that imports it). Rolldown's groups either take a module's dependencies whichever file claims them
 * (so `app`, which imports the transport, swallowed `core` and every public page loaded the chrome) or
 * none: the plan is given whole, with `includeDependenciesRecursively: false`.
 * @param {ReadonlyMap<string, string>} plan
 * @param {readonly string[]} ids every module of the build, in order
 * @param {GetModuleInfo} info
 * @returns {Map<string, string>}
 */
export function withDependencies(plan, ids, info) {
  /** @type {Map<string, string[]>} */
  const byFile = new Map();
  for (const id of ids) {
    const file = plan.get(id);
    if (file) byFile.set(file, [...(byFile.get(file) ?? []), id]);
  }
  const full = new Map(plan);
  for (const [file, modules] of byFile) {
    const stack = modules.flatMap((id) => info(id)?.importedIds ?? []);
    while (stack.length > 0) {
      const id = /** @type {string} */ (stack.pop());
      if (full.has(id) || !info(id)) continue;
      full.set(id, file);
      stack.push(...(info(id)?.importedIds ?? []));
    }
  }
  return full;
}

/** The name core exports Rolldown's runtime helpers under once it holds them (`foldRuntime`). */
const RUNTIME_EXPORT = '__rolldown_runtime';

/**
 * Folds Rolldown's runtime file into core. Rolldown keeps its runtime (the helpers for CommonJS packages
 * and namespace objects, ~0.5 KB gzip) in a file of its own unless one file is loaded before all of its
 * users, and no file is: React's (CommonJS) and the pages' own files both use it. That file was one more
 * request on nearly every page (an admin list loaded in six files, a fill page in six: past the six
 * connections a phone opens, its reads waited a round trip). Core, which those pages load anyway, takes it
 * as one object made at its top (`__rolldown_runtime`), its users import that from core instead, and every
 * mention of the runtime's file (the chunk graph, Vite's preload lists) names core. Nothing happens when the
 * build has no runtime file or no core.
 * @param {Record<string, { type: string, fileName: string, name?: string, code?: string, imports?: string[], moduleIds?: string[] }>} bundle
 */
export function foldRuntime(bundle) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const runtime = chunks.find((chunk) => chunk.moduleIds?.length === 1 && chunk.moduleIds[0] === ROLLDOWN_RUNTIME);
  const core = chunks.find((chunk) => chunk.name === 'core');
  if (!runtime || !core || runtime.code === undefined || core.code === undefined) return;
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(runtime.code);
  if (!exported) throw new Error(`page-chunks: ${runtime.fileName} does not end with its exports`);
  /** `a as b, c` → `b:a,c:c` (an object of the helpers) or `a:b,c` (a destructuring of it). */
  const pairs = (/** @type {string} */ list, /** @type {boolean} */ toObject) =>
    list
      .split(',')
      .map((spec) => spec.trim())
      .filter(Boolean)
      .map((spec) => {
        const [local = spec, name = local] = spec.split(/\s+as\s+/);
        return toObject ? `${name}:${local}` : `${local}:${name}`;
      })
      .join(',');
  const helpers = `const ${RUNTIME_EXPORT}=(()=>{${runtime.code.slice(0, exported.index)};return{${pairs(exported[1] ?? '', true)}}})();`;
  const file = runtime.fileName.split('/').at(-1) ?? runtime.fileName;
  const coreFile = core.fileName.split('/').at(-1) ?? core.fileName;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const importOf = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${escaped}["'];?`, 'g');
  for (const chunk of chunks) {
    if (chunk === runtime || chunk.code === undefined) continue;
    let code = chunk.code.replace(importOf, (_, names) =>
      chunk === core ? `const{${pairs(names, false)}}=${RUNTIME_EXPORT};` : `import{${RUNTIME_EXPORT}}from"./${coreFile}";const{${pairs(names, false)}}=${RUNTIME_EXPORT};`,
    );
    code = code.replaceAll(runtime.fileName, core.fileName);
    if (code.includes(file)) throw new Error(`page-chunks: ${chunk.fileName} uses ${file} in a way foldRuntime does not know`);
    if (chunk === core) code = `${helpers}${code}\nexport{${RUNTIME_EXPORT}};`;
    chunk.code = code;
    if (chunk.imports?.includes(runtime.fileName)) {
      chunk.imports = [...new Set(chunk.imports.map((name) => (name === runtime.fileName ? core.fileName : name)))].filter((name) => name !== chunk.fileName);
    }
  }
  delete bundle[runtime.fileName];
}

/**
 * The Astro integration: sets the client build's code splitting (never the server's). Astro 7 builds every
 * environment in one Vite (Rolldown) configuration, set up once: the plan goes on its `client` environment,
 * as one `codeSplitting` group whose name is each module's file. A group's name function gets
 * `getModuleInfo` only, so the client build's module ids are recorded at the end of its module graph
 * (`buildEnd`), before its chunks are made.
 * @returns {import('astro').AstroIntegration}
 */
export function pageChunks() {
  /** @type {string[]} */
  let ids = [];
  /** @type {Map<string, string> | undefined} */
  let plan;
  /** @type {import('vite').Plugin} */
  const recordModules = {
    name: 'ringbinder-page-chunks-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      ids = [...this.getModuleIds()];
      plan = undefined;
    },
    // After Vite's own (its preload lists); before module-preload.mjs reads the chunk graph (also 'post', later).
    generateBundle: { order: 'post', handler: (_options, bundle) => foldRuntime(/** @type {any} */ (bundle)) },
  };
  /** @type {import('rolldown').CodeSplittingNameFunction} */
  const fileOf = (id, context) => {
    const info = (/** @type {string} */ module) => context.getModuleInfo(module);
    plan ??= withDependencies(planChunks(ids, info, (file) => readFileSync(file, 'utf8')), ids, info);
    return plan.get(id);
  };
  return {
    name: 'ringbinder-page-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [recordModules] } });
      },
      'astro:build:setup': ({ vite }) => {
        const options = vite.environments?.['client']?.build?.rolldownOptions;
        if (!options) throw new Error("page-chunks: Astro's client environment expected");
        const output = options.output ?? {};
        if (Array.isArray(output)) throw new Error('page-chunks: one client output expected');
        const entryFileNames = output.entryFileNames;
        options.output = {
          ...output,
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: fileOf }] },
          ...(entryFileNames && {
            /** @param {import('rolldown').PreRenderedChunk} chunk */
            entryFileNames: (chunk) => {
              const name = typeof entryFileNames === 'function' ? entryFileNames(chunk) : entryFileNames;
              // The renderer's entry holds React: named `react` (Astro names it after the renderer's module, `client`).
              return chunk.moduleIds.some((id) => REACT.test(id)) ? name.replace(/(^|\/)(\[name\]|[^/]*?)(\.\[hash\]\.js)$/, '$1react$3') : name;
            },
          }),
        };
        options.preserveEntrySignatures = 'allow-extension';
      },
    },
  };
}
