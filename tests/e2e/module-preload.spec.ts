/**
 * Every page announces its whole static module graph in <head> (scripts/module-preload.mjs), so the
 * browser fetches it in parallel with the HTML instead of one import level at a time. Checked over the
 * built output with a graph of its own (the static `import … from` statements of the built chunks), and
 * in the browser: a signed-in page asks for every module of its first load from the HTML itself.
 */
import { readFileSync } from 'node:fs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { join } from 'node:path';
import { pageReads as earlyReads, LOW_PRIORITY_READS } from '../../src/shared/page-data-reads.ts';
import type { PageReadName, PageReads } from '../../src/shared/page-data.ts';
import { guardOfShell, routes, shellFile } from '../../src/routes.ts';
import { FIRST_PAGES } from '../../scripts/page-chunks.mjs';
import { builtScreens, distDir, expect, signInWithToken, test } from './support/test.ts';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

const read = (url: string) => readFileSync(join(distDir(), url), 'utf8');

/** The static imports of a built chunk (Rollup's output: `import{a}from"./x.js"`, `import"./x.js"`; never `import(…)`). */
function staticImports(url: string): string[] {
  const code = read(url);
  const found = [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1]!);
  return found.map((spec) => new URL(spec, `http://site${url}`).pathname);
}

/** The page's elements (parse5, an HTML parser: the house reads HTML with a parser, never with regular expressions). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode): void => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      found.push(child);
      visit(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child);
    }
  };
  visit(parse(html));
  return found;
}
const attributeOf = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/** The page's module scripts. */
const moduleScriptsOf = (html: string): string[] =>
  elementsOf(html).flatMap((e) => (e.tagName === 'script' && attributeOf(e, 'type') === 'module' && attributeOf(e, 'src') ? [attributeOf(e, 'src')!] : []));

/** What the page runs at once: module scripts, and islands hydrated at load (their component and renderer). */
function entriesOf(html: string): string[] {
  const islands = elementsOf(html)
    .filter((e) => e.tagName === 'astro-island' && ['load', 'only'].includes(attributeOf(e, 'client') ?? ''))
    .flatMap((e) => ['component-url', 'renderer-url'].flatMap((name) => attributeOf(e, name) ?? []));
  return [...moduleScriptsOf(html), ...islands];
}

function graphOf(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string): void => {
    if (seen.has(url)) return;
    seen.add(url);
    staticImports(url).forEach(visit);
  };
  entries.forEach(visit);
  return seen;
}

const builtShells = [...new Set(builtScreens().map((s) => s.shell))];
const signedInShells = builtShells.filter((shell) => guardOfShell(shell) !== 'public');
const publicShells = builtShells.filter((shell) => guardOfShell(shell) === 'public');
/** The share link's fill pages (scripts/page-chunks.mjs FILLER_PAGES). */
const FILL_SHELLS = ['fill', 'embed/fill'];

/** The module files a shell's <head> announces (every file of its first load), and which at low priority. */
function linksOf(shell: string): { url: string; low: boolean }[] {
  const head = elementsOf(read(shellFile(shell))).find((e) => e.tagName === 'head')!;
  return head.childNodes
    .filter((n): n is Element => 'tagName' in n && n.tagName === 'link' && attributeOf(n, 'rel') === 'modulepreload')
    .map((link) => ({ url: attributeOf(link, 'href')!, low: attributeOf(link, 'fetchpriority') === 'low' }));
}
const announcedOf = (shell: string): string[] => linksOf(shell).map((link) => link.url);
const normalPriorityOf = (shell: string): string[] => linksOf(shell).filter((link) => !link.low).map((link) => link.url);

test.describe('modulepreload', () => {
  test('every signed-in shell announces its whole static module graph in <head>', () => {
    expect(signedInShells).toEqual(expect.arrayContaining(['index', 'documentation/browse', 'documentation/view', 'documentation/edit']));
    for (const shell of signedInShells) {
      const announced = new Set(announcedOf(shell));
      const graph = graphOf(entriesOf(read(shellFile(shell))));
      expect(graph.size, shell).toBeGreaterThan(1);
      expect([...graph].filter((url) => !announced.has(url)), `not announced on ${shell}`).toEqual([]);
    }
  });

  test("a page that paints before its island announces the island's own modules at low priority, and only those", () => {
    // The folder page is drawn by the server and hydrated by its page script, which loads the browse island with a
    // dynamic import (islands/browse/mount.ts): that import's files come at low priority, so hydration does not
    // start a round trip after the script, and they take no connection the page's first reads need.
    const html = read(shellFile('documentation/browse'));
    expect(elementsOf(html).some((e) => e.tagName === 'astro-island'), 'the island is its script’s, not an astro-island').toBe(false);
    const links = linksOf('documentation/browse');
    const scripts = graphOf(moduleScriptsOf(html));
    const low = links.filter((l) => l.low).map((l) => l.url);
    expect(low.length).toBeGreaterThan(0);
    expect(low.filter((url) => scripts.has(url)), 'a module the page script needs is never held back').toEqual([]);
    expect(low.some((url) => read(url).includes('react')), 'React is among them').toBe(true);
    // A page without a first paint of its own loads its island at the normal priority.
    expect(elementsOf(read(shellFile('documentation/edit'))).filter((element) => attributeOf(element, 'fetchpriority') === 'low')).toEqual([]);
  });

  test('the first pages (a document, home, a folder) ask their HTML for at most six things at normal priority: a seventh waits a round trip for a connection', () => {
    // Over HTTP/1.1 a browser opens six connections to a host. What the HTML asks for at once — auth/me, the
    // route's early reads, the announced modules — must fit in them, or the last of them (a module the paint
    // needs, say) leaves only when a first answer frees a connection: 562.5 ms later on a Slow 4G phone.
    // Low-priority requests (the drawer's read, an island painted after the page) wait behind the others.
    const CONNECTIONS = 6;
    for (const shell of FIRST_PAGES) {
      const modules = normalPriorityOf(shell);
      const patterns = routes.filter((r) => r.shell === shell && earlyReads[r.pattern]).map((r) => r.pattern);
      expect(patterns.length, shell).toBeGreaterThan(0);
      for (const pattern of patterns) {
        const table = earlyReads[pattern]!;
        for (const reads of 'param' in table ? [table.digits, table.other] : [table]) {
          const normal = ['me', ...Object.keys(reads).filter((name) => !LOW_PRIORITY_READS.includes(name as PageReadName))];
          expect(normal.length + modules.length, `${pattern}: ${normal.join(', ')} and ${modules.length} modules`).toBeLessThanOrEqual(CONNECTIONS);
        }
      }
    }
  });

  test('no public page loads a doctype viewer’s file: what it shares with signed-in pages is in core', () => {
    // The sign-in page loaded the checklist viewer's shared file (9 KB, Lit included) for a 1 KB validation
    // helper, before anyone had signed in.
    expect(publicShells).toEqual(expect.arrayContaining(['login', 'register', 'reset-password']));
    // A share link's fill pages (#29) are the checklist's filler: they load its files, and only those.
    for (const shell of publicShells.filter((shell) => !FILL_SHELLS.includes(shell))) {
      expect(announcedOf(shell).filter((url) => /-viewer-shared\.|checklist-filler\./.test(url)), shell).toEqual([]);
    }
  });

  test('a share link’s fill pages load the filler in six files, which with their read in the HTML fit six connections (#29)', () => {
    // Five files and the link's one read, until the read came with the HTML (#42: the page data) and Lit's html
    // became a file of its own (the hydrate support runs between it and LitElement): six files, no read.
    for (const shell of FILL_SHELLS) {
      const files = announcedOf(shell);
      expect(files.length, `${shell}: ${files.join(', ')}`).toBeLessThanOrEqual(6);
      expect(files.filter((url) => /-viewer-shared\./.test(url)).map((url) => /\/_astro\/([a-z-]+)\./.exec(url)?.[1]), shell).toEqual(['checklist-viewer-shared']);
      expect(files.some((url) => /\/_astro\/checklist-filler\./.test(url)), shell).toBe(true);
      expect(files.some((url) => /\/_astro\/(app|react)\./.test(url)), shell).toBe(false);
    }
  });

  test('an admin list loads in five files: the chrome, core, its island, React with its renderer, and what the islands share', () => {
    // They came in eight to eleven (a file for each helper two islands share, one for React's renderer, an
    // empty entry file, two viewers' files): on a phone every request past the sixth waits a round trip.
    for (const shell of ['admin/users', 'admin/roles', 'admin/roles/edit', 'admin/activity-log']) {
      const files = announcedOf(shell);
      expect(files.length, `${shell}: ${files.join(', ')}`).toBeLessThanOrEqual(5);
      expect(files.filter((url) => /-viewer-shared\./.test(url)), shell).toEqual([]);
    }
  });

  test('a low-priority read leaves after every module the HTML announces, so it never takes a connection one of them needs', async ({ page, orgAdmin }) => {
    // A browser gives a free connection to whoever asks first, whatever the priority: a low read sent before
    // the modules took the sixth connection and left `core` waiting a round trip (home, a folder).
    await signInWithToken(page, orgAdmin.token);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // The HTML arrives over a slow network, a piece at a time: the parser meets the early reads' inline
    // script (early in <head>) well before the module links (at its end), as on a phone.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 40_000, uploadThroughput: 40_000 });
    let order: { path: string; priority: string }[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url);
      order.push({ path: url.pathname + url.search, priority: event.request.initialPriority });
    });
    // Home and the root folder page, each with its low-priority reads from the page reads table.
    const pages = [
      { path: '/', ready: 'Dashboard' },
      { path: '/documentation/browse', ready: 'Documentation' },
    ].map(({ path, ready }) => {
      const route = routes.find((r) => r.pattern === path)!;
      const reads = earlyReads[path] as PageReads;
      return { path, ready, shell: route.shell, low: LOW_PRIORITY_READS.filter((name) => reads[name]).map((name) => `/api/v1/${reads[name]}`) };
    });
    for (const { path, shell, low, ready } of pages) {
      expect(low.length, `${path} has a low-priority read`).toBeGreaterThan(0);
      order = [];
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
      const modules = normalPriorityOf(shell);
      for (const lowRead of low) {
        const lowAt = order.findIndex((r) => r.path === lowRead);
        expect(lowAt, `${lowRead} was sent on ${path}`).toBeGreaterThan(-1);
        expect(order[lowAt]!.priority, lowRead).toMatch(/Low/);
        for (const module of modules) {
          const at = order.findIndex((r) => r.path === module);
          expect(at, `${module} was asked for on ${path}`).toBeGreaterThan(-1);
          expect(at, `${module} was asked for before ${lowRead} on ${path}`).toBeLessThan(lowAt);
        }
      }
    }
  });

  test('a signed-in page asks for its whole first-load graph from the HTML, none found one import later', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    // Who asked for each module: the HTML parser (a <link> or <script> tag) or a script (an import found later).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const initiators = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const path = new URL(event.request.url).pathname;
      if (path.startsWith('/_astro/') && !initiators.has(path)) initiators.set(path, event.initiator.type);
    });
    await page.goto('/documentation/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    const firstLoad = graphOf(entriesOf(read(shellFile('documentation/browse'))));
    const found = [...firstLoad].map((path) => ({ path, initiator: initiators.get(path) }));
    expect(found.filter((f) => f.initiator === undefined)).toEqual([]); // every module of the graph was loaded
    expect(found.filter((f) => f.initiator !== 'parser')).toEqual([]);
  });
});
