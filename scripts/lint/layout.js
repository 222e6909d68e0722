// @ts-check
/**
 * THE table of the repository's boundaries (DESIGN.md "Layout"), read by the two local lint rules of
 * ./plugin.js. Paths are from the repository root; `*` stands for one path segment.
 *
 * `folders`: for the files of each folder, the folders (or single files) they may import. A file may
 * always import its own folder (for `islands/*`: its own island area). A file belongs to the most
 * specific entry that holds it (`islands/shared` before `islands/*`, a file entry before its folder);
 * the same goes for what it imports. `'**'` allows anything. Type-only imports count like any other:
 * a type couples two folders as much as a value does — except from the places an entry names in
 * `types` (presenters take the rows they are given: their types, never the code that reads them).
 */

/** Browser code: whatever runs in the page (and the light page scripts of the Astro shells). */
export const BROWSER = ['src/client', 'src/screens', 'src/pages', 'src/layouts', 'src/components', 'islands', 'elements'];

/** What every piece of browser code may import (besides its own folder); screens and shells add to it. */
const BROWSER_BASE = ['src/shared', 'src/routes.ts', 'src/styles'];
const SHELLS = ['src/layouts', 'src/components', 'src/screens', 'src/client', 'elements', ...BROWSER_BASE];

/**
 * The browse island's modules built for both sides (issue #42): the server renders FolderPage.tsx into the
 * browse page's first HTML and the browser hydrates it, so none touches the window at import.
 */
const BROWSE_BOTH_SIDES = ['FolderPage.tsx', 'Breadcrumbs.tsx', 'EmptyFolder.tsx', 'FolderToolbar.tsx', 'ItemTile.tsx', 'SpeedDial.tsx', 'messages.ts', 'offered-actions.ts', 'sort-orders.ts', 'item-drag.ts'].map((file) => `islands/browse/${file}`);

/** @type {Record<string, { may: string[], types?: string[], why: string }>} */
export const folders = {
  'src/shared': { may: [], why: 'src/shared is isomorphic and imports nothing of ours outside it' },
  'src/routes.ts': { may: [], why: 'the route table stands alone (the server, the shells and the service worker read it)' },
  'src/server': { may: ['src/shared', 'src/routes.ts'], why: 'the server never imports browser code (src/client, src/screens, islands, elements)' },
  'src/server/http/first-paint/checklist.ts': {
    may: ['src/shared', 'src/routes.ts', 'elements/rb-checklist', 'src/screens/doctypes/checklist-body.ts'],
    why: "a checklist's first paint renders THE body template and rb-checklist's own templates on the server (@lit-labs/ssr, issue #31): one drawing, not two; no other browser code",
  },
  'src/server/http/first-paint/folder.ts': {
    may: ['src/server', 'src/shared', 'src/routes.ts', ...BROWSE_BOTH_SIDES],
    why: "a folder's first paint renders the browse island's own drawing with react-dom/server (issue #42), which the browser hydrates: one drawing, not two; only modules built for both sides",
  },
  ...Object.fromEntries(
    BROWSE_BOTH_SIDES.map((file) => [
      file,
      {
        // The toolbar's menus load lazily (`import()` when one opens: in the browser only).
        may: ['src/shared', ...BROWSE_BOTH_SIDES, ...(file.endsWith('FolderToolbar.tsx') ? ['islands/browse/PopupMenu.tsx'] : [])],
        types: ['islands/browse', 'src/client', 'elements'],
        why: 'built for both sides (the server renders it, issue #42): it imports src/shared and the other both-sides modules, never an element, src/client or a module that touches the window at import',
      },
    ]),
  ),
  'src/server/http/first-paint/presentation.ts': {
    may: ['src/server', 'src/shared', 'src/routes.ts', 'islands/presentation-viewer/presentation-viewer.css'],
    why: "a presentation's first paint writes the viewer's own stylesheet beside its frame (issue #31): one stylesheet, not two; no other browser code",
  },
  'src/server/http/first-paint/sheet-results.ts': {
    may: ['src/server', 'src/shared', 'src/routes.ts', 'islands/shared/data-grid.css', 'islands/sheet-results/results.css'],
    why: "a result sheet's first paint writes THE grid's own stylesheets beside its rows (issue #31): one stylesheet, not two; no other browser code",
  },
  'src/server/routes': {
    may: ['src/shared', 'src/routes.ts', ...['auth', 'config.ts', 'env.ts', 'errors.ts', 'http', 'live', 'openapi', 'permissions', 'presenters', 'services', 'storage'].map((p) => `src/server/${p}`)],
    why: 'routes are HTTP only (parse, call the service, answer): they never reach the database (src/server/db), a service does',
  },
  'src/server/presenters': { may: ['src/shared', 'src/routes.ts'], types: ['src/server'], why: 'presenters are pure (data in, JSON out): they import src/shared and the types of the rows they are given, never the database (src/server/db) or a service' },
  'src/client': { may: BROWSER_BASE, why: 'src/client is plumbing: it imports src/shared and the route table, never a screen, an island, an element or the server' },
  'src/screens': { may: ['src/client', 'elements', ...BROWSER_BASE], why: 'screens import src/client, src/shared and elements, islands only through the doctype registry (src/screens/doctypes/registry.ts), never the server' },
  'src/screens/doctypes/registry.ts': { may: ['src/screens', 'islands', 'src/client', 'elements', ...BROWSER_BASE], why: 'the doctype registry loads the viewers and editors (islands), never the server' },
  // `islands`: an Astro shell renders an island tag (`<BrowseFolder client:load />`), and Astro hydrates
  // only what the shell itself imports; DESIGN.md "Layout": "pages/ Astro shells (layout + island tags)".
  'src/pages': { may: [...SHELLS, 'islands'], why: 'Astro shells import layouts, screens and the island they render, never the server' },
  'src/layouts': { may: SHELLS, why: 'layouts import the chrome (src/screens) and the plumbing, never islands or the server' },
  'src/components': { may: SHELLS, why: 'shell components import the chrome and the plumbing, never islands or the server' },
  'src/styles': { may: [], why: 'styles import nothing of ours' },
  'islands/*': { may: ['islands/shared', 'src/client', 'elements', ...BROWSER_BASE], why: 'an island imports its own area, islands/shared, src/client, src/shared and elements (never src/screens, the server or another area)' },
  'islands/shared': { may: ['src/client', 'elements', ...BROWSER_BASE], why: 'islands/shared serves every island area and imports none of them (nor src/screens or the server)' },
  'elements': { may: ['src/shared'], why: 'elements stand alone on other sites: they import src/shared (the one transport, types, rules) and each other, never src/client, src/screens, islands or the server' },
  tests: { may: ['**'], why: 'tests reach every part' },
  scripts: { may: ['**'], why: 'the build and lint scripts reach every part' },
  // Build glue that must reach the server: Astro's dev server mounts the API through this integration.
  'astro.config.mjs': { may: ['src/server/astro-integration.ts', 'scripts', 'src/shared', 'src/routes.ts'], why: 'the Astro config reaches the server only through src/server/astro-integration.ts' },
  // Any other file at the root (vitest, playwright, drizzle, eslint configs …): everything but the server.
  '*': { may: ['src/shared', 'src/routes.ts', 'scripts', 'tests'], why: 'nothing outside src/server imports it (DESIGN.md "Layout")' },
};

/**
 * Packages some folders may not import. `only`: the folders that may; `names`: only these imports are
 * restricted (a namespace import counts as all of them); `types`: type-only imports are allowed anywhere.
 * @type {{ name: string, names?: string[], only: string[], types?: boolean, why: string }[]}
 */
export const packages = [
  { name: 'drizzle-orm', names: ['sql'], only: ['src/server/db', 'tests', 'scripts'], why: "raw SQL (drizzle's sql) lives in src/server/db; services use the query builder and its named queries" },
  { name: 'zod', only: ['src/shared', 'src/server', 'tests', 'scripts'], types: true, why: 'zod stays out of the browser: take types and limits from the zod-free modules (e.g. src/shared/api/documentation.ts)' },
  { name: 'ofetch', only: ['src/shared/transport', 'tests', 'scripts'], why: 'the one HTTP transport (src/shared/transport) makes every request' },
];

/**
 * Schema modules: the modules of src/shared that load zod when they are loaded, because they import it as
 * a value, themselves or through another module of src/shared. That is the request schemas (named
 * `schemas.ts` or `*-schemas.ts`) and the modules that keep the shapes of an area beside its schemas
 * (api/accounts.ts, api/users.ts …). Recognised from their imports (scripts/lint/plugin.js `schemaModule`),
 * not listed by hand: browser code imports only their types (`import type`), so zod stays out of its bundles.
 */
export const schemaModules = {
  in: 'src/shared',
  package: 'zod',
  from: BROWSER,
  why: 'it loads zod (it builds zod schemas); browser code imports only its types (use `import type`, or the zod-free module)',
};

/**
 * Raw requests (`fetch`, `XMLHttpRequest`, `navigator.sendBeacon`) in browser code and src/shared: only
 * the one transport makes them. Named exceptions:
 * - the service worker (src/client/offline/worker.ts) forwards the page's own requests (network first);
 * - its page side (src/client/service-worker.ts) replays, once, the very GETs the page made before a
 *   worker controlled it, so that the worker keeps them (the answers are not read);
 * - the signed-in pages' early reads (src/client/page-data-bootstrap.js), inlined into the HTML's <head>
 *   so they leave before the modules load; the one transport takes their answers (src/client/page-data.ts).
 */
export const rawRequests = {
  in: [...BROWSER, 'src/shared'],
  except: ['src/shared/transport', 'src/client/offline/worker.ts', 'src/client/service-worker.ts', 'src/client/page-data-bootstrap.js'],
  why: 'requests go through the one HTTP transport (src/shared/transport)',
};

/**
 * Connections that stay open (`EventSource`, `WebSocket`), where raw requests are checked: only the one
 * transport opens them, none of the named exceptions above. The app's one stream, the notifications
 * (src/server/routes/notifications-stream.ts), is read with the transport's `events` (a fetch, since
 * EventSource cannot send a bearer token), so today no file opens either.
 */
export const connections = {
  names: ['EventSource', 'WebSocket'],
  except: ['src/shared/transport'],
  why: 'connections that stay open are opened by the one HTTP transport (src/shared/transport: `events` reads a server-sent stream)',
};

/**
 * Unit tests mirror the source tree: `tests/unit/<path>/<module>.test.ts` tests `src/<path>/<module>.ts`
 * (or a module of a top folder: `islands/…`, `elements/…`, `scripts/…`). The files a test may name.
 * @param {string} test a path such as tests/unit/server/auth/throttle.test.ts
 */
export function unitTestSubjects(test) {
  const module = test.replace(/^tests\/unit\//, '').replace(/\.test\.ts$/, '');
  return [`src/${module}.ts`, `src/${module}.tsx`, `src/${module}.js`, `${module}.ts`, `${module}.tsx`, `${module}.js`, `${module}.mjs`, `${module}.cjs`];
}

/**
 * THE date and time text (issue #43 "One look"): every date a person reads is written by
 * `src/shared/date-time.ts` (the user's locale, as the tables show it: "Dec 7, 2026, 1:53 AM"); nothing
 * else makes an `Intl.DateTimeFormat` or calls a date's `toLocale*String` (./one-date-format.js). The mail
 * writes its days for no one's browser (en-GB, UTC), so it keeps its own. Two inline scripts cannot import
 * it: the first paint's step that writes a grid's times in the reader's zone is given THE style
 * (DATE_TIME_STYLE), and the signed-in layout's idle warm-up of the locale data makes the same style.
 */
export const dateFormatting = {
  in: ['src', 'islands', 'elements'],
  except: ['src/shared/date-time.ts', 'src/server/mail/messages.ts', 'src/shared/first-paint/sheet-results-step.js', 'src/layouts/SignedInLayout.astro'],
  why: 'dates are written by THE date-time text, src/shared/date-time.ts (dateTimeText; formatDateTime in the browser)',
};

/** Import circles: none among the modules of the source (`ringbinder/no-import-cycles`, types included). */
export const importCycles = {
  in: ['src', 'islands', 'elements'],
  why: 'a module that comes back to itself loads half-made (a circle of values) and ties its modules into one; move what both need into a third module',
};
