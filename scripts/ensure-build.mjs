// Builds the static site when there is no build (npm start on a fresh clone), or — with --fresh — when
// any source of the site is newer than the last build (npm test, npm run bench). The server bundle
// (dist-server/main.mjs, scripts/build-server.mjs: a few seconds) is made again whenever it is missing or
// one of the files it was made from is newer, with or without --fresh: `npm start` runs the code as it is.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const stamp = 'dist/build-info.json';
const fresh = process.argv.includes('--fresh');

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'shoelace') continue;
    newest = Math.max(newest, newestIn(join(path, entry)));
  }
  return newest;
}

const sources = ['src', 'islands', 'elements', 'public', 'scripts', 'astro.config.mjs', 'package.json'];
const needed =
  !existsSync(stamp) || (fresh && Math.max(...sources.map(newestIn)) > statSync(stamp).mtimeMs);
if (needed) {
  console.log(existsSync(stamp) ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  execSync('npm run build', { stdio: 'inherit' });
} else {
  const bundle = 'dist-server/main.mjs';
  const inputs = 'dist-server/inputs.json';
  const stale = () => {
    const built = statSync(bundle).mtimeMs;
    const files = [...JSON.parse(readFileSync(inputs, 'utf8')), 'scripts/build-server.mjs', 'package-lock.json'];
    // A file gone since (moved, deleted) also means the bundle is out of date.
    return files.some((file) => !existsSync(file) || statSync(file).mtimeMs > built);
  };
  if (!existsSync(bundle) || !existsSync(inputs) || stale()) {
    console.log(existsSync(bundle) ? 'Server sources changed since the last build: bundling the server…' : 'No server bundle yet: bundling the server…');
    execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  }
}
