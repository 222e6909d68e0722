/**
 * Page weight: what a first visit to a shell downloads, read from the build in dist/.
 *
 * The HTML names its stylesheets (<link rel=stylesheet>), scripts (<script src>, <link rel=modulepreload>),
 * images (<img src>) and islands (<astro-island component-url / renderer-url>); each script names the
 * chunks it needs at once with static `import … from "./x.js"`. Following those edges from the HTML gives
 * the first load; the chunks reached only by dynamic `import("./x.js")` load later, on demand, and are
 * reported apart ("lazy"). Sizes are gzip at the default level, as a server compresses them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { guardOfShell, notFoundShell, routes, shellFile, type Guard } from '../../src/routes.ts';
import { attr, elementsOf, textOf } from '../support/html.ts';

export type Kind = 'html' | 'css' | 'js' | 'other';

export interface Resource {
  /** Path inside dist, with a leading slash (the address it is served at). */
  path: string;
  kind: Kind;
  rawBytes: number;
  gzipBytes: number;
  /** Request level: 0 the HTML, 1 what the HTML names, 2 what those scripts import, … */
  level: number;
}

export interface ShellWeight {
  shell: string;
  patterns: string[];
  guard: Guard;
  budget: Budget;
  built: boolean;
  /** The first load, in request order (level by level). */
  resources: Resource[];
  /** gzip bytes of HTML, CSS and JS of the first load. */
  html: number;
  css: number;
  js: number;
  /** gzip bytes of the scripts only reached through dynamic import() (not counted against the budget). */
  lazyJs: number;
}

export interface Budget {
  name: string;
  /** gzip bytes of JS + CSS + HTML (1 KB = 1000 bytes, as Vite prints them). */
  bytes: number;
}

/** DESIGN.md "Two weights" budgets. */
export const budgets = {
  public: { name: 'public', bytes: 40_000 },
  /** Issue #29: the share link's fill pages (rb-checklist included), no React. */
  shareFill: { name: 'share fill', bytes: 45_000 },
  checklistFill: { name: 'checklist fill', bytes: 60_000 },
  signedIn: { name: 'signed-in', bytes: 150_000 },
  editor: { name: 'editor', bytes: 350_000 },
} satisfies Record<string, Budget>;

/**
 * The budget of a shell. The share link's fill pages have theirs (#29: 45 KB, the filler included); other
 * public routes and the not-found screen are public; the document view shell is
 * where checklists are filled (its checklist viewer is loaded lazily, shown in the lazy column); the
 * edit shell hosts the editors; every other signed-in or admin shell is "other signed-in".
 */
export function budgetOf(shell: string, guard: Guard): Budget {
  if (shell === 'fill' || shell === 'embed/fill') return budgets.shareFill;
  if (shell === notFoundShell || guard === 'public') return budgets.public;
  if (shell === 'documentation/view') return budgets.checklistFill;
  if (shell === 'documentation/edit') return budgets.editor;
  return budgets.signedIn;
}

export const gzipSize = (bytes: Buffer): number => gzipSync(bytes).length;

/** Every shell of the route table plus the not-found shell, with the weight of its first load. */
export function measureShells(distDir: string): ShellWeight[] {
  const shells = [...new Set(routes.map((r) => r.shell)), notFoundShell];
  return shells.map((shell) => {
    const guard = shell === notFoundShell ? 'public' : guardOfShell(shell);
    const patterns = routes.filter((r) => r.shell === shell).map((r) => r.pattern);
    const base = { shell, patterns: shell === notFoundShell ? ['(unknown addresses)'] : patterns, guard, budget: budgetOf(shell, guard) };
    const file = join(distDir, shellFile(shell));
    if (!existsSync(file)) return { ...base, built: false, resources: [], html: 0, css: 0, js: 0, lazyJs: 0 };
    const { resources, lazy } = firstLoad(distDir, `/${shellFile(shell)}`);
    const sum = (kind: Kind) => resources.filter((r) => r.kind === kind).reduce((n, r) => n + r.gzipBytes, 0);
    return {
      ...base,
      built: true,
      resources,
      html: sum('html'),
      css: sum('css'),
      js: sum('js'),
      lazyJs: lazy.reduce((n, r) => n + r.gzipBytes, 0),
    };
  });
}

/** HTML pages in dist that no route serves (a page the route table forgot). */
export function unroutedPages(distDir: string): string[] {
  const served = new Set([...routes.map((r) => shellFile(r.shell)), shellFile(notFoundShell)]);
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== '_astro' && entry !== 'shoelace') walk(path);
      } else if (entry.endsWith('.html')) {
        const rel = relative(distDir, path);
        if (!served.has(rel)) pages.push(rel);
      }
    }
  };
  walk(distDir);
  return pages.sort();
}

/** The resources of a page's first load, by request level, and the scripts reached only lazily. */
export function firstLoad(distDir: string, htmlPath: string): { resources: Resource[]; lazy: Resource[] } {
  const seen = new Set<string>([htmlPath]);
  const html = readFileSync(fileOf(distDir, htmlPath));
  const resources: Resource[] = [resource(htmlPath, html, 0)];
  const lazyQueue: string[] = [];

  let level = referencedByHtml(html.toString('utf8'), htmlPath).filter((p) => !seen.has(p));
  let depth = 1;
  while (level.length > 0) {
    const next: string[] = [];
    for (const path of level) {
      if (seen.has(path)) continue;
      seen.add(path);
      const file = fileOf(distDir, path);
      if (!existsSync(file)) continue; // e.g. an address served by the API; not part of the build
      const bytes = readFileSync(file);
      const item = resource(path, bytes, depth);
      resources.push(item);
      if (item.kind === 'js') {
        const { staticImports, dynamicImports } = importsOf(bytes.toString('utf8'), path);
        next.push(...staticImports);
        lazyQueue.push(...dynamicImports);
      }
    }
    level = [...new Set(next)].filter((p) => !seen.has(p));
    depth++;
  }

  // Everything reachable from the dynamic imports that the first load has not already fetched.
  const lazy: Resource[] = [];
  while (lazyQueue.length > 0) {
    const path = lazyQueue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const file = fileOf(distDir, path);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const item = resource(path, bytes, -1);
    lazy.push(item);
    if (item.kind === 'js') {
      const { staticImports, dynamicImports } = importsOf(bytes.toString('utf8'), path);
      lazyQueue.push(...staticImports, ...dynamicImports);
    }
  }
  return { resources, lazy };
}

/** The addresses an HTML page fetches on its own: stylesheets, scripts, module preloads, images, islands. */
export function referencedByHtml(html: string, htmlPath: string): string[] {
  const found: string[] = [];
  // Read as a browser reads the page (parse5), not by regular expressions over its text.
  const elements = elementsOf(html);
  const named = (tag: string) => elements.filter((element) => element.tagName === tag);
  for (const script of named('script')) {
    const src = attr(script, 'src');
    if (src) found.push(src);
  }
  for (const link of named('link')) {
    const rel = (attr(link, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(link, 'href');
    if (href && (rel.includes('stylesheet') || rel.includes('modulepreload'))) found.push(href);
  }
  for (const img of named('img')) {
    const src = attr(img, 'src');
    if (src && !src.startsWith('data:')) found.push(src);
  }
  for (const island of named('astro-island')) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(island, name);
      if (url) found.push(url);
    }
  }
  // Inline module scripts may import chunks too.
  for (const script of named('script')) {
    if (attr(script, 'src') === undefined) found.push(...importsOf(textOf(script), htmlPath).staticImports);
  }
  return [...new Set(found.map((u) => resolveUrl(u, htmlPath)).filter((u): u is string => u !== undefined))];
}

/** The static and dynamic imports of a built (minified) ES module, as paths inside dist. */
export function importsOf(code: string, fromPath: string): { staticImports: string[]; dynamicImports: string[] } {
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  // import"./a.js"  import{x as y}from"./a.js"  import*as z from"./a.js"  export{x}from"./a.js"
  for (const m of code.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g)) {
    staticImports.push(m[1]!);
  }
  // import("./a.js"), and as Rolldown's minifier writes it, import(`./a.js`)
  for (const m of code.matchAll(/(?:^|[^\w$.])import\s*\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)) dynamicImports.push(m[1]!);
  const resolveAll = (list: string[]) =>
    [...new Set(list.map((u) => resolveUrl(u, fromPath)).filter((u): u is string => u !== undefined))];
  return { staticImports: resolveAll(staticImports), dynamicImports: resolveAll(dynamicImports) };
}

function resolveUrl(url: string, fromPath: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined; // other origins, data:
  const clean = url.split(/[?#]/)[0]!;
  if (clean.startsWith('/')) return clean;
  if (clean.startsWith('./') || clean.startsWith('../')) return resolve(dirname(fromPath), clean);
  return undefined; // a bare specifier cannot be fetched by a browser
}

function fileOf(distDir: string, path: string): string {
  return join(distDir, decodeURIComponent(path));
}

function resource(path: string, bytes: Buffer, level: number): Resource {
  const ext = extname(path).toLowerCase();
  const kind: Kind = ext === '.html' ? 'html' : ext === '.css' ? 'css' : ext === '.js' || ext === '.mjs' ? 'js' : 'other';
  return { path, kind, rawBytes: bytes.length, gzipBytes: gzipSize(bytes), level };
}
