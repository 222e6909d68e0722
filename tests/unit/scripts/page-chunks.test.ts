/**
 * scripts/page-chunks.mjs: which file of the client build each module goes to. A small module graph in
 * Rollup's shape (ids as Astro names a page's script), the pages' sources given by the test.
 */
import { describe, expect, it } from 'vitest';
import { ROLLDOWN_RUNTIME, foldRuntime, planChunks, signedInEntry, withDependencies } from '../../../scripts/page-chunks.mjs';

interface Info {
  isEntry: boolean;
  importedIds: string[];
  dynamicallyImportedIds: string[];
}

const root = '/app';
const script = (astro: string) => `${root}/src/${astro}.astro?astro&type=script&index=0&lang.ts`;
const LAYOUT = script('layouts/SignedInLayout');
const PUBLIC_LAYOUT = script('layouts/PublicLayout');
const VIEW = script('pages/documentation/view');
const HISTORY = script('pages/documentation/history');
const LOGIN = script('pages/login');
const FILL = script('pages/fill/index');
const EMBED_FILL = script('pages/embed/fill');
const BROWSE = script('pages/documentation/browse');
const SHOELACE = `${root}/node_modules/@shoelace-style/shoelace/dist/components/input/input.js`;
const ISLAND = `${root}/islands/browse/BrowseFolder.tsx`;
const ADMIN_ISLAND = `\0astro-entry:${root}/islands/admin/users/UsersAdmin.tsx`;
const RENDERER = `${root}/node_modules/@astrojs/react/dist/client.js`;
const DATA_GRID = `${root}/islands/shared/DataGrid.tsx`;
const SHEET_VIEWER = `${root}/islands/sheet-results/mount.tsx`;
const src = (name: string) => `${root}/src/${name}.ts`;
const CHECKLIST_VIEWER = src('screens/doctypes/checklist-viewer');
const EDITOR = `${root}/islands/checklist-editor/mount.tsx`;
const LIT = `${root}/node_modules/lit/index.js`;
const LIT_ELEMENT = `${root}/node_modules/lit-element/lit-element.js`;
const LIT_HTML = `${root}/node_modules/lit-html/lit-html.js`;
const HYDRATE_SUPPORT = `${root}/node_modules/@lit-labs/ssr-client/lit-element-hydrate-support.js`;
const SSR_SUPPORT = `${root}/node_modules/lit-html/private-ssr-support.js`;

const sources: Record<string, string> = {
  [`${root}/src/pages/documentation/view.astro`]: "import SignedInLayout from '../../layouts/SignedInLayout.astro';",
  [`${root}/src/pages/documentation/history.astro`]: "import SignedInLayout from '../../layouts/SignedInLayout.astro';",
  [`${root}/src/pages/login.astro`]: "import PublicLayout from '../layouts/PublicLayout.astro';",
  [`${root}/src/pages/fill/index.astro`]: "import Base from '../../layouts/Base.astro';",
  [`${root}/src/pages/embed/fill.astro`]: "import Base from '../../layouts/Base.astro';",
  [`${root}/src/pages/documentation/browse.astro`]: "import SignedInLayout from '../../layouts/SignedInLayout.astro';",
};
const read = (file: string) => sources[file] ?? '';

function graph(): Map<string, Info> {
  const g = new Map<string, Info>();
  const add = (id: string, importedIds: string[] = [], dynamicallyImportedIds: string[] = [], isEntry = false) =>
    g.set(id, { isEntry, importedIds, dynamicallyImportedIds });
  add(LAYOUT, [src('screens/chrome/signed-in-chrome'), src('client/api')], [], true);
  add(PUBLIC_LAYOUT, [src('screens/alerts-view')], [], true);
  add(LOGIN, [src('client/api'), src('screens/account/login')], [src('screens/account/lazy-dialog')], true);
  add(RENDERER, [`${root}/node_modules/react/index.js`], [], true);
  add(VIEW, [src('screens/documentation/document-view')], [], true);
  add(HISTORY, [src('screens/documentation/history')], [], true);
  add(ISLAND, [`${root}/node_modules/react/index.js`, src('islands-shared'), DATA_GRID, `${root}/islands/browse/folder-open.ts`], [], true);
  // The browse page (a first page) starts the folder its island then takes over: the two share the folder's
  // opening and the tiles; the page shares the breadcrumbs with the document's view page.
  add(BROWSE, [`${root}/islands/browse/folder-open.ts`, src('screens/documentation/toolbar')], [], true);
  add(`${root}/islands/browse/folder-open.ts`, [`${root}/elements/rb-item-tile/item-tile.ts`]);
  add(`${root}/elements/rb-item-tile/item-tile.ts`);
  // An admin screen: it shares the data grid with the folder's island and the sheet's viewer, and a form's
  // validation with the sign-in page and the checklist's viewer.
  add(ADMIN_ISLAND, [`${root}/node_modules/react/index.js`, DATA_GRID, src('shared/validation'), SHOELACE], [], true);
  // A share link's fill page (#29): the filler at once, as the checklist's viewer loads it.
  add(FILL, [src('client/api'), src('screens/fill/fill-page'), src('shared/checklists/value-types')], [], true);
  add(EMBED_FILL, [src('screens/fill/fill-page')], [], true);
  add(src('screens/fill/fill-page'), [`${root}/elements/rb-checklist/rb-checklist.ts`]);
  // Shoelace is made with Lit: every island that uses it loads Lit at once.
  add(SHOELACE, [LIT]);
  add(DATA_GRID, [`${root}/node_modules/react/index.js`]);
  add(SHEET_VIEWER, [DATA_GRID, src('shared/checklists/value-types')]);
  add(src('shared/validation'));
  add(src('screens/chrome/signed-in-chrome'), [src('client/session')]);
  add(src('client/session'), [src('client/api')]);
  add(src('client/api'), [src('client/storage')]);
  add(src('client/storage'));
  add(src('screens/alerts-view'));
  add(src('screens/account/login'), [src('shared/validation')]);
  // A dialog the sign-in page loads on demand: what it imports is public too.
  add(src('screens/account/lazy-dialog'), [src('client/dom')]);
  add(src('client/dom'));
  add(src('screens/documentation/document-view'), [src('screens/documentation/toolbar'), src('client/dom'), src('screens/documentation/view-only')], [src('doctypes/viewer'), CHECKLIST_VIEWER, SHEET_VIEWER, HYDRATE_SUPPORT]);
  add(src('screens/documentation/history'), [src('screens/documentation/toolbar')]);
  add(src('screens/documentation/toolbar'));
  add(src('screens/documentation/view-only'));
  add(src('doctypes/viewer'), [src('screens/documentation/toolbar')]);
  add(src('islands-shared'));
  add(`${root}/node_modules/react/index.js`);
  // A checklist's viewer, loaded on demand by the view page, and an editor that shares some of its modules.
  add(src('screens/documentation/document-edit'), [], [EDITOR], true);
  add(CHECKLIST_VIEWER, [`${root}/elements/rb-checklist/rb-checklist.ts`, src('shared/checklists/value-types'), `${root}/elements/shared/events.ts`, LIT, src('shared/validation')]);
  add(EDITOR, [src('shared/checklists/value-types'), `${root}/elements/shared/events.ts`, LIT, `${root}/node_modules/react/index.js`]);
  add(`${root}/elements/rb-checklist/rb-checklist.ts`, [LIT]);
  add(src('shared/checklists/value-types'));
  add(`${root}/elements/shared/events.ts`);
  add(LIT, [LIT_HTML, LIT_ELEMENT]);
  add(LIT_ELEMENT, [LIT_HTML]);
  add(LIT_HTML);
  add(HYDRATE_SUPPORT, [LIT_HTML, SSR_SUPPORT]);
  add(SSR_SUPPORT, [LIT_HTML]);
  return g;
}

function plan() {
  const g = graph();
  return planChunks([...g.keys()], (id: string) => g.get(id) ?? null, read);
}

describe('page-chunks', () => {
  it('knows the entries of the signed-in layout: its script, its pages’ scripts, the islands', () => {
    expect(signedInEntry(LAYOUT, read)).toBe(true);
    expect(signedInEntry(VIEW, read)).toBe(true);
    expect(signedInEntry(ISLAND, read)).toBe(true);
    expect(signedInEntry(LOGIN, read)).toBe(false);
    expect(signedInEntry(PUBLIC_LAYOUT, read)).toBe(false);
  });

  it('puts the chrome and the layout’s script in app, and what public pages also load in core', () => {
    const chunks = plan();
    expect(chunks.get(LAYOUT)).toBe('app');
    expect(chunks.get(src('screens/chrome/signed-in-chrome'))).toBe('app');
    expect(chunks.get(src('client/session'))).toBe('app');
    expect(chunks.get(src('client/api'))).toBe('core');
    expect(chunks.get(src('client/storage'))).toBe('core');
  });

  it('never puts in app a module a public page may load, even on demand (loading app mounts the chrome)', () => {
    expect(plan().get(src('client/dom'))).toBe('core');
  });

  it('adds to app what a first page shares with other screens; its own modules stay in its file', () => {
    const chunks = plan();
    expect(chunks.get(src('screens/documentation/toolbar'))).toBe('app');
    expect(chunks.has(src('screens/documentation/view-only'))).toBe(false);
    expect(chunks.has(src('screens/documentation/document-view'))).toBe(false);
    expect(chunks.has(VIEW)).toBe(false);
  });

  it('leaves other pages, lazy code and the public pages’ own modules where Rollup puts them; React in one file', () => {
    const chunks = plan();
    expect(chunks.has(HISTORY)).toBe(false);
    expect(chunks.has(src('screens/documentation/history'))).toBe(false);
    expect(chunks.has(src('doctypes/viewer'))).toBe(false);
    expect(chunks.has(src('screens/account/login'))).toBe(false);
    expect(chunks.has(src('islands-shared'))).toBe(false);
    expect(chunks.get(`${root}/node_modules/react/index.js`)).toBe('react');
  });

  it('puts the modules a doctype’s viewer shares with other lazy code in one file: the viewer loads in two or three files, not eight', () => {
    const chunks = plan();
    expect(chunks.get(src('shared/checklists/value-types'))).toBe('checklist-viewer-shared');
    expect(chunks.get(`${root}/elements/shared/events.ts`)).toBe('checklist-viewer-shared');
    // Its own modules stay in its file; a package stays where Rollup puts it (other screens load it without the
    // viewer's code), but Lit, whole, is in the viewer's shared file (Rollup split it among files, #29).
    expect(chunks.has(CHECKLIST_VIEWER)).toBe(false);
    expect(chunks.get(LIT)).toBe('checklist-viewer-shared');
  });

  it('puts Lit’s hydrate support in a file that runs before LitElement’s: it imports only lit-html’s file, which holds no LitElement (#42)', () => {
    const chunks = plan();
    expect(chunks.get(HYDRATE_SUPPORT)).toBe('lit-hydrate');
    expect(chunks.get(LIT_HTML)).toBe('lit-html');
    // lit-html's internals that only the support imports go with it: lit-html's file is /fill/'s too (904 B).
    expect(chunks.get(SSR_SUPPORT)).toBe('lit-hydrate');
    expect(chunks.get(LIT_ELEMENT)).toBe('checklist-viewer-shared');
  });

  it('puts in core what a public page and a signed-in page both import at load, never in a viewer’s file', () => {
    // The sign-in page loaded the checklist viewer's file (9 KB, Lit included) for a 1 KB validation helper.
    expect(plan().get(src('shared/validation'))).toBe('core');
  });

  it('leaves the filler, Lit and the checklist rules out of core though a fill page and signed-in pages load them at once: every public page loads core (#29)', () => {
    const chunks = plan();
    expect(chunks.get(LIT)).not.toBe('core');
    // The element itself: one file for the fill page and the checklist's viewer, apart from the helpers
    // other screens take from the viewer's file.
    expect(chunks.get(`${root}/elements/rb-checklist/rb-checklist.ts`)).toBe('checklist-filler');
    expect(chunks.get(src('shared/checklists/value-types'))).toBe('checklist-viewer-shared');
    // What the fill page shares with the other public pages is still core.
    expect(chunks.get(src('client/api'))).toBe('core');
  });

  it('puts the fill pages’ own modules in a file of theirs, not the filler’s: the checklist’s view page loads the filler', () => {
    const chunks = plan();
    expect(chunks.get(src('screens/fill/fill-page'))).toBe('fill-page');
    expect(chunks.get(`${root}/elements/rb-checklist/rb-checklist.ts`)).toBe('checklist-filler');
  });

  it('puts what the browse page shares with its own islands alone in its script’s file, not app: the view page does not load the tiles', () => {
    const chunks = plan();
    expect(chunks.get(BROWSE)).toBe('browse');
    expect(chunks.get(`${root}/islands/browse/folder-open.ts`)).toBe('browse');
    expect(chunks.get(`${root}/elements/rb-item-tile/item-tile.ts`)).toBe('browse');
    // What it shares with another page is still app.
    expect(chunks.get(src('screens/documentation/toolbar'))).toBe('app');
  });

  it('puts Astro’s React renderer with React: an island loads the two together', () => {
    expect(plan().get(RENDERER)).toBe('react');
  });

  it('puts what two or more islands import at load in one islands-shared file, ahead of a viewer’s file', () => {
    const chunks = plan();
    expect(chunks.get(DATA_GRID)).toBe('islands-shared');
    // What one island alone imports stays in its file.
    expect(chunks.has(src('islands-shared'))).toBe(false);
  });

  it('folds Rolldown’s runtime file into core: its users import the helpers from core, and nothing names the file any more', async () => {
    const runtime = { type: 'chunk', name: 'rolldown-runtime', fileName: '_astro/rolldown-runtime.R.js', moduleIds: [ROLLDOWN_RUNTIME], imports: [] as string[], code: 'var e=Object.defineProperty,t=(t,n)=>{e(t,`x`,{value:n});return t},n=t=>t;export{t as n,n as r};' };
    const core = { type: 'chunk', name: 'core', fileName: '_astro/core.C.js', moduleIds: ['/core'], imports: ['_astro/rolldown-runtime.R.js'], code: 'import{r as e}from"./rolldown-runtime.R.js";var t=e(1);export{t as a};' };
    const page = { type: 'chunk', name: 'page', fileName: '_astro/page.P.js', moduleIds: ['/page'], imports: ['_astro/core.C.js', '_astro/rolldown-runtime.R.js'], code: 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/lazy.L.js","_astro/rolldown-runtime.R.js"])))=>i.map(i=>d[i]);\nimport{n as e,r as t}from"./rolldown-runtime.R.js";import{a as n}from"./core.C.js";var r=e({},t(n));export{r as b};' };
    const bundle: Record<string, { type: string; name: string; fileName: string; moduleIds: string[]; imports: string[]; code: string }> = { [runtime.fileName]: runtime, [core.fileName]: core, [page.fileName]: page };
    foldRuntime(bundle);
    expect(Object.keys(bundle)).toEqual([core.fileName, page.fileName]);
    for (const chunk of [core, page]) expect(chunk.code).not.toContain('rolldown-runtime');
    expect(page.imports).toEqual(['_astro/core.C.js']);
    expect(core.imports).toEqual([]);
    expect(page.code).toContain('import{__rolldown_runtime}from"./core.C.js";const{n:e,r:t}=__rolldown_runtime;');
    expect(page.code).toContain('"_astro/lazy.L.js","_astro/core.C.js"');
    // The folded core runs: its helpers are made before its own code uses them, and exported for the others.
    const module = (await import(`data:text/javascript,${encodeURIComponent(core.code)}`)) as { a: number; __rolldown_runtime: { n: unknown; r: unknown } };
    expect(module.a).toBe(1);
    expect(Object.keys(module.__rolldown_runtime)).toEqual(['n', 'r']);
  });

  it('gives a planned file the static dependencies no other file claims, the first file that imports one taking it (as Rollup did)', () => {
    const g = new Map<string, Info>([
      ['/a', { isEntry: true, importedIds: ['/shared', '/b'], dynamicallyImportedIds: ['/lazy'] }],
      ['/b', { isEntry: false, importedIds: ['/deep'], dynamicallyImportedIds: [] }],
      ['/c', { isEntry: true, importedIds: ['/shared', '/own'], dynamicallyImportedIds: [] }],
      ['/shared', { isEntry: false, importedIds: [], dynamicallyImportedIds: [] }],
      ['/deep', { isEntry: false, importedIds: [], dynamicallyImportedIds: [] }],
      ['/own', { isEntry: false, importedIds: [], dynamicallyImportedIds: [] }],
      ['/lazy', { isEntry: false, importedIds: [], dynamicallyImportedIds: [] }],
    ]);
    const full = withDependencies(new Map([['/a', 'core'], ['/b', 'app'], ['/c', 'app']]), [...g.keys()], (id: string) => g.get(id) ?? null);
    expect(Object.fromEntries(full)).toEqual({ '/a': 'core', '/b': 'app', '/c': 'app', '/shared': 'core', '/deep': 'app', '/own': 'app' });
  });
});
