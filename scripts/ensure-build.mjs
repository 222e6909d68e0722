// Builds the static site when there is no build (npm start on a fresh clone), or — with --fresh — when
// any source of the site is newer than the last build (npm test, npm run bench).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
}
