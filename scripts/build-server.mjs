// `npm run build`, last step: bundles the production server (src/server/main.ts) with esbuild into
// dist-server/main.mjs, which `npm start` runs with plain `node`: no TypeScript loader at run time, and
// one module to compile instead of hundreds (under tsx on Node 20 each ES module costs ~70 KB of
// memory; the bundle idles ~55 MB lower, issue #10 — see docs/decisions.md "Building and running").
// `npm run dev` and the API tests still run the TypeScript sources.
//
// - Our code and the pure-JS packages are bundled. What the server imports on first use
//   (`await import(…)`: billing's Stripe client, CSV export, PGlite's Drizzle driver) becomes a chunk of
//   its own beside main.mjs, still loaded only when first used.
// - Kept external, loaded from node_modules at run time (EXTERNAL): native or WebAssembly packages,
//   those that find files of their own beside their code, and CommonJS packages imported on first use.
// - Files the server reads beside its code at run time are copied next to the bundle: the database
//   migrations (src/server/db/connection.ts finds them at `migrations/` beside the module) and the row
//   PDF's fonts (src/server/services/sheets/pdf-fonts.ts finds them at `fonts/` beside the module), and the
//   presentation viewer's stylesheet, which a presentation's first paint writes into the page
//   (src/server/http/first-paint/presentation.ts finds it beside the module).
// - Source maps beside it: `node --enable-source-maps dist-server/main.mjs` names our .ts files in stack traces.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';


const VIEWER_STYLESHEET = 'islands/presentation-viewer/presentation-viewer.css';

// Outside dist/: the static site serves every file of dist/, and the server's code is not for the public.
const outdir = 'dist-server';

const EXTERNAL = [
  // Native (a .node binary per platform).
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  // WebAssembly and data files located from its own module address (postgres.wasm, postgres.data, contrib/*.tar.gz).
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  // Reads its font metrics (data/*.afm) from __dirname.
  'pdfkit',
  // CommonJS imported on first use (checked below): Node's own loader gives it its named exports.
  'nodemailer',
  // rb-checklist's QR code reader (CommonJS, imported when a person scans): the server renders the element's
  // templates (src/server/http/first-paint/checklist.ts) and never scans.
  'jsqr',
  // Cloudflare Workers only (pg imports it when running there).
  'pg-cloudflare',
  'cloudflare:sockets',
];

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.23',
  external: EXTERNAL,
  // CommonJS packages in an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as __rbRequire } from 'node:module'; const require = __rbRequire(import.meta.url);" },
  sourcemap: 'linked',
  // Whitespace and syntax only: names stay readable in stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
cpSync('src/server/services/sheets/fonts', `${outdir}/fonts`, { recursive: true });
cpSync(VIEWER_STYLESHEET, `${outdir}/presentation-viewer.css`);
// THE grid's look, beside a result sheet's first paint (src/server/http/first-paint/sheet-results.ts).
cpSync('islands/shared/data-grid.css', `${outdir}/data-grid.css`);
cpSync('islands/sheet-results/results.css', `${outdir}/sheet-results.css`);
cpSync('src/shared/first-paint/sheet-results-step.js', `${outdir}/sheet-results-step.js`);

// A CommonJS package reached through `await import(…)` becomes a chunk that exports only `default`,
// where Node's loader would also give its named exports (`(await import('nodemailer')).createTransport`):
// such a package belongs in EXTERNAL.
const commonJsChunks = Object.values(result.metafile.outputs).filter(
  (o) => o.entryPoint?.includes('node_modules/') && result.metafile.inputs[o.entryPoint]?.format === 'cjs',
);
if (commonJsChunks.length) {
  console.error(`Add to EXTERNAL in scripts/build-server.mjs (CommonJS imported on first use): ${commonJsChunks.map((o) => o.entryPoint).join(', ')}`);
  process.exit(1);
}

// Our files the bundle was made from: scripts/ensure-build.mjs rebuilds it when one of them is newer.
const ours = [...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')), VIEWER_STYLESHEET];
writeFileSync(`${outdir}/inputs.json`, JSON.stringify(ours));

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
const kb = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(`Server bundle: ${outdir}/main.mjs and ${outputs.length - 1} chunks loaded on first use (${kb.toFixed(0)} KB), migrations and fonts beside it.`);
