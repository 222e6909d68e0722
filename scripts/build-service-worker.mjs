// The service worker (src/client/offline/worker.ts → dist/sw.js), the last step of `npm run build`.
//
// 1. esbuild bundles the worker with its Workbox modules (workbox-build's own runtime packages) into one
//    classic script, in a temporary folder.
// 2. workbox-build's injectManifest puts the precache list in place of `self.__WB_MANIFEST` and writes
//    dist/sw.js. The list: the built shell of every route of the route table (src/routes.ts) and the
//    not-found shell, the hashed /_astro/ files, the standalone element bundles /elements/*.js with their
//    chunks (the rb-checklist filler), the favicon, and Shoelace's few system icons (a dialog's close X,
//    a checkbox's tick: scripts/copy-shoelace-assets.mjs writes them, src/client/shoelace.ts asks for
//    them), so an offline page still draws them. Left out: Shoelace's icon set (about 2,000 icons,
//    cached at run time as they are used) and the elements' demo pages.
//
// injectManifest rather than generateSW: page addresses are answered through the route table, and the
// kept API answers are keyed per login session — custom routing, written and tested as TypeScript.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { injectManifest } from 'workbox-build';

const dist = 'dist';
const { routes, notFoundShell, shellFile } = await tsImport('../src/routes.ts', import.meta.url);

const shells = [...new Set([...routes.map((r) => r.shell), notFoundShell])].map(shellFile).filter((file) => existsSync(join(dist, file)));

const temporary = mkdtempSync(join(tmpdir(), 'ringbinder-sw-'));
try {
  const bundled = join(temporary, 'sw.js');
  await build({
    entryPoints: ['src/client/offline/worker.ts'],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      // Workbox's development logging is compiled out; the API base is the one the pages were built with.
      'process.env.NODE_ENV': '"production"',
      'import.meta.env.PUBLIC_API_BASE': process.env.PUBLIC_API_BASE ? JSON.stringify(process.env.PUBLIC_API_BASE) : 'undefined',
    },
  });

  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: join(dist, 'sw.js'),
    globDirectory: dist,
    globPatterns: [...shells, '_astro/**/*', 'elements/*.js', 'elements/chunks/*.js', 'favicon.svg', 'shoelace/assets/system-icons/*.svg'],
    globIgnores: ['shoelace/assets/icons/**', 'elements/*/demo.*', 'sw.js', '**/*.map', '**/*.br', '**/*.gz'],
    // Content-hashed names need no revision of their own.
    dontCacheBustURLsMatching: /^_astro\//,
    // The editor islands are the largest files; none may be left out silently.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  console.log(`service worker: dist/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KB), ${shells.length} of them shells`);
} finally {
  rmSync(temporary, { recursive: true, force: true });
}
