// The standalone build of the Lit elements (DESIGN.md: framework-neutral elements that other sites embed):
// each elements/<tag>/<tag>.ts (rb-qr-code, rb-permission-editor, rb-checklist) → dist/elements/<tag>.js
// (ESM, minified). One esbuild run with code splitting, so Lit is one shared chunk, and qr-code-styling
// and jsQR (both imported dynamically) chunks of their own, all under dist/elements/chunks/. Each
// element's demo page (demo.html, which loads ../<tag>.js) is copied to dist/elements/<tag>/demo.html,
// and its demo.ts is compiled next to it as demo.js: the app's Content-Security-Policy allows no inline
// scripts.
//
// esbuild is not a direct dependency: it comes with Vite (Astro), which pins a compatible version.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const source = 'elements';
const out = join('dist', 'elements');

const tags = readdirSync(source).filter((name) => {
  const dir = join(source, name);
  return name.startsWith('rb-') && statSync(dir).isDirectory() && existsSync(join(dir, `${name}.ts`));
});

rmSync(out, { recursive: true, force: true });

const result = await build({
  entryPoints: Object.fromEntries(tags.map((tag) => [tag, join(source, tag, `${tag}.ts`)])),
  outdir: out,
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  target: 'es2022',
  platform: 'browser',
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

for (const tag of tags) {
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

const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, info]) => `  ${file} ${(info.bytes / 1024).toFixed(1)} KB`);
console.log(`elements: ${tags.join(', ')}\n${sizes.join('\n')}`);
