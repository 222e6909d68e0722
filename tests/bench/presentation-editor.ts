/**
 * `npm run bench`, issue #14: the presentation editor's first load (gzip), read from the build — the edit
 * shell's first load (page-weight.ts) plus what the doctype registry loads for a presentation: the editor's
 * module and its static imports (React, Konva's core, THE presentation canvas, the editing session,
 * Shoelace's theme) and the description editor (Tiptap and its markdown), which it asks for as soon as it
 * renders a page. What loads only later (the publish dialog when opened) is printed apart.
 * Goal ≤ 350 KB (DESIGN.md "Two weights": editor).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoad, importsOf } from './page-weight.ts';

const GOAL = 350_000;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The built chunk holding `text` (a sentence only that module says). */
function chunkSaying(distDir: string, text: string): string | undefined {
  const folder = join(distDir, '_astro');
  const name = readdirSync(folder).find((f) => f.endsWith('.js') && readFileSync(join(folder, f), 'utf8').includes(text));
  return name ? `/_astro/${name}` : undefined;
}

/** `from` and every chunk it imports statically, except those in `skip`; the dynamic imports met on the way. */
function closure(distDir: string, from: string[], skip: Set<string>): { paths: Set<string>; dynamic: Set<string> } {
  const paths = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (paths.has(path) || skip.has(path)) continue;
    const file = join(distDir, path);
    if (!existsSync(file)) continue;
    paths.add(path);
    const { staticImports, dynamicImports } = importsOf(readFileSync(file, 'utf8'), path);
    queue.push(...staticImports);
    for (const d of dynamicImports) dynamic.add(d);
  }
  return { paths, dynamic };
}

const gzip = (distDir: string, paths: Iterable<string>) => [...paths].reduce((n, p) => n + gzipSync(readFileSync(join(distDir, p))).length, 0);

export interface EditorWeight {
  shell: number;
  editor: number;
  total: number;
  later: number;
}

export function presentationEditorWeight(distDir: string): EditorWeight | undefined {
  const shellPage = '/documentation/edit/index.html';
  if (!existsSync(join(distDir, 'documentation/edit/index.html'))) return undefined;
  const shell = firstLoad(distDir, shellPage).resources;
  const inShell = new Set(shell.map((r) => r.path));
  const editorChunk = chunkSaying(distDir, 'Move page earlier');
  const descriptionChunk = chunkSaying(distDir, 'Description formatting');
  if (!editorChunk || !descriptionChunk) return undefined;
  const first = closure(distDir, [editorChunk, descriptionChunk], inShell);
  const laterOnly = closure(distDir, [...first.dynamic], new Set([...inShell, ...first.paths]));
  const shellBytes = shell.reduce((n, r) => n + r.gzipBytes, 0);
  const editor = gzip(distDir, first.paths);
  return { shell: shellBytes, editor, total: shellBytes + editor, later: gzip(distDir, laterOnly.paths) };
}

export function benchPresentationEditor(distDir = join(process.cwd(), 'dist')): void {
  const weight = presentationEditorWeight(distDir);
  console.log('\nPresentation editor (issue #14) — first load of /documentation/edit/{id} for a presentation, gzip');
  if (!weight) {
    console.log('  not built (run npm run build)');
    return;
  }
  console.log(`  edit shell: ${kb(weight.shell)} KB; the editor (React, Konva core, Tiptap + markdown, the session): ${kb(weight.editor)} KB`);
  console.log(`  first load: ${kb(weight.total)} KB   goal ≤ ${kb(GOAL)} KB ${weight.total <= GOAL ? 'ok' : 'OVER'}`);
  console.log(`  loaded later, on demand (the publish dialog …): ${kb(weight.later)} KB`);
}
