// The build of the Lit elements for other sites (DESIGN.md: framework-neutral elements that other sites
// embed; issue #29 "Embedding in any CMS page"). A step of `npm run build` BEFORE `astro build`: it writes
// public/elements/ (generated, not in git), which Astro copies to dist/elements/ beside the /elements/
// page (src/pages/elements/index.astro), and that page reads the manifest written here.
//
// - ringbinder.js: THE one script (elements/ringbinder.ts) — registers every rb-* tag and imports an
//   element's code when the page first uses it;
// - chunks/: everything else, content-hashed (served as immutable): esbuild with code splitting, so each
//   element's code, Lit and the other shared modules, and the libraries loaded on demand (qr-code-styling,
//   jsQR) are chunks of their own; ringbinder.js gets each element's list of chunks written into it
//   (all of them preloaded at once when the element is first used);
// - <tag>.js for each elements/<tag>/<tag>.ts (rb-qr-code, rb-permission-editor, rb-qr-dialog,
//   rb-checklist): the address a page used for one element before ringbinder.js, kept — two lines that
//   load ringbinder.js and wait until the tag is defined (one copy of every chunk either way);
// - <tag>/demo.html and demo.js: each element's demo page (demo.ts compiled: the app's CSP allows no inline
//   scripts);
// - custom-elements.json: the Custom Elements Manifest, made by @custom-elements-manifest/analyzer from the
//   sources (custom-elements-manifest.config.mjs).
//
// esbuild is not a direct dependency: it comes with Vite (Astro), which pins a compatible version.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cli as analyzeElements } from '@custom-elements-manifest/analyzer/cli.js';
import { build } from 'esbuild';

const source = 'elements';
const out = join('public', 'elements');

const tags = readdirSync(source).filter((name) => {
  const dir = join(source, name);
  return name.startsWith('rb-') && statSync(dir).isDirectory() && existsSync(join(dir, `${name}.ts`));
});

rmSync(out, { recursive: true, force: true });

const shared = {
  outdir: out,
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  platform: 'browser',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};

// 1. The elements' code: each elements/<tag>/<tag>.element.ts an entry of its own, content-hashed, with
// what two of them share split into chunks.
const elementModule = (tag) => join(source, tag, `${tag}.element.ts`);
const { metafile } = await build({
  ...shared,
  entryPoints: tags.map(elementModule),
  splitting: true,
  entryNames: 'chunks/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
});

// Each element's chunks: its own and every chunk it imports, however deep (all asked for at once).
const outputs = metafile.outputs;
const chunkOf = (file) => `./${relative(out, file)}`;
const elementChunks = {};
for (const tag of tags) {
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === elementModule(tag));
  if (!entry) throw new Error(`build-elements: esbuild made no chunk of ${elementModule(tag)}`);
  const closure = new Set();
  const visit = (file) => {
    if (closure.has(file)) return;
    closure.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  elementChunks[tag] = [...closure].map(chunkOf);
}

// 2. ringbinder.js on its own (no import of a shared chunk, so it starts at once): its imports of the
// element modules become the hashed chunks above, and their lists replace its placeholder.
const placeholder = `'{"placeholder":"element chunks"}'`;
const loaderSource = join(source, 'ringbinder.ts');
const loaderResult = await build({
  ...shared,
  entryPoints: { ringbinder: loaderSource },
  plugins: [
    {
      name: 'element-chunks',
      setup(build) {
        build.onResolve({ filter: /\.element\.ts$/ }, (args) => {
          const tag = /^\.\/(rb-[a-z-]+)\/\1\.element\.ts$/.exec(args.path)?.[1];
          if (!tag || !elementChunks[tag]) throw new Error(`build-elements: ringbinder.ts imports ${args.path}, not an element's module`);
          return { path: elementChunks[tag][0], external: true };
        });
        build.onLoad({ filter: /ringbinder\.ts$/ }, () => {
          const text = readFileSync(loaderSource, 'utf8');
          if (text.split(placeholder).length !== 2) throw new Error(`build-elements: ${placeholder} is not in ringbinder.ts once`);
          return { contents: text.replace(placeholder, JSON.stringify(JSON.stringify(elementChunks))), loader: 'ts' };
        });
      },
    },
  ],
});
const loaded = Object.keys(elementChunks).filter((tag) => readFileSync(join(out, 'ringbinder.js'), 'utf8').includes(elementChunks[tag][0]));
const missing = tags.filter((tag) => !loaded.includes(tag));
if (missing.length) throw new Error(`build-elements: elements/ringbinder.ts does not load ${missing.join(', ')}`);

for (const tag of tags) {
  writeFileSync(join(out, `${tag}.js`), `import{load}from"./ringbinder.js";await load(${JSON.stringify(tag)});\n`);
  const demo = join(source, tag, 'demo.html');
  if (!existsSync(demo)) continue;
  mkdirSync(join(out, tag), { recursive: true });
  copyFileSync(demo, join(out, tag, 'demo.html'));
  const script = join(source, tag, 'demo.ts');
  if (existsSync(script)) {
    // Not bundled: a demo script only talks to the element that ../<tag>.js defines.
    await build({ entryPoints: [script], outfile: join(out, tag, 'demo.js'), format: 'esm', target: 'es2022', logLevel: 'warning' });
  }
}

// Writes custom-elements.json into `outdir` of the config (public/elements).
await analyzeElements({ argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs'], cwd: process.cwd() });
if (!existsSync(join(out, 'custom-elements.json'))) throw new Error('build-elements: the analyzer wrote no custom-elements.json');

const gzipKB = (file) => (gzipSync(readFileSync(file)).byteLength / 1024).toFixed(1);
const loaderFile = join(out, 'ringbinder.js');
const sizes = [...Object.keys(loaderResult.metafile.outputs), ...Object.keys(outputs)]
  .filter((file) => file.endsWith('.js'))
  .map((file) => `  ${file} ${gzipKB(file)} KB gzip`);
const firstLoad = (tag) => [loaderFile, ...elementChunks[tag].map((chunk) => join(out, chunk))].reduce((sum, file) => sum + gzipSync(readFileSync(file)).byteLength, 0);
console.log(`elements: ringbinder.js with ${tags.join(', ')}; custom-elements.json\n${sizes.join('\n')}`);
console.log(tags.map((tag) => `  ringbinder.js + ${tag}: ${(firstLoad(tag) / 1024).toFixed(1)} KB gzip`).join('\n'));
