// Scalar's API reference for /api/docs (issue #34; docs/api.md): its standalone script, copied from
// node_modules/@scalar/api-reference/dist/browser/standalone.js to public/scalar/api-reference.js, where the
// build takes it like every file of public/ (precompressed, served from this origin). Only src/pages/api/docs.astro
// loads it. Copied again when the package's version changes (public/scalar/version.txt).
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The package exports no path to its standalone build: it is read from the package's folder.
const packageDir = fileURLToPath(new URL('../node_modules/@scalar/api-reference/', import.meta.url));
const standalone = join(packageDir, 'dist/browser/standalone.js');
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;

const target = 'public/scalar';
const stamp = join(target, 'version.txt');

if (!(existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version && existsSync(join(target, 'api-reference.js')))) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  copyFileSync(standalone, join(target, 'api-reference.js'));
  writeFileSync(stamp, `${version}\n`);
  console.log(`@scalar/api-reference ${version}: copied to ${target}/api-reference.js`);
}
