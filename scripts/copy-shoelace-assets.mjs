// Shoelace's assets for the app (served at /shoelace; src/client/shoelace.ts sets the base path), the first
// step of `npm run build`:
//
// 1. node_modules/@shoelace-style/shoelace/dist/assets → public/shoelace/assets (its ~2,000 icons).
// 2. Its `system` icons (a dialog's close X, a checkbox's tick, chevrons, the select's caret) as files,
//    public/shoelace/assets/system-icons/<name>.svg. Shoelace hands them out as `data:image/svg+xml`
//    addresses that <sl-icon> then fetch()es, which our Content-Security-Policy (connect-src 'self')
//    refuses; src/client/shoelace.ts points the `system` library at these files instead. They are taken
//    from the installed Shoelace's own resolver, so they stay in step with it.
// 3. A stamp with the installed Shoelace's version: the copy is redone when it changes (or when the
//    stamp or the system icons are missing), and skipped otherwise.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The system library's module, as Node resolves it; the package is three folders up (dist/components/icon).
const systemLibrary = import.meta.resolve('@shoelace-style/shoelace/dist/components/icon/library.system.js');
const packageDir = join(dirname(fileURLToPath(systemLibrary)), '../../..');
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;

const target = 'public/shoelace';
const assets = join(target, 'assets');
const systemIcons = join(assets, 'system-icons');
const stamp = join(target, 'version.txt');

const upToDate = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version && existsSync(systemIcons) && readdirSync(systemIcons).length > 0;

if (!upToDate) {
  rmSync(target, { recursive: true, force: true });
  cpSync(join(packageDir, 'dist/assets'), assets, { recursive: true });
  const icons = await systemIconFiles();
  mkdirSync(systemIcons, { recursive: true });
  for (const [name, svg] of icons) writeFileSync(join(systemIcons, `${name}.svg`), svg);
  writeFileSync(stamp, `${version}\n`);
  console.log(`shoelace ${version}: assets copied to ${assets}, ${icons.size} system icons in ${systemIcons}`);
}

/**
 * Every icon of Shoelace's `system` library, by name, as SVG text. Its module exports only the resolver
 * (name → data: address), so the names are read from the icon table in its source and each one is
 * resolved through the resolver itself; a name it does not know, or an answer that is not an SVG data
 * address, stops the build rather than leaving an icon out.
 */
async function systemIconFiles() {
  const entry = fileURLToPath(systemLibrary);
  const { default: library } = await import(systemLibrary);
  const names = new Set();
  for (const file of [entry, ...importedFiles(entry)]) {
    const table = /var icons = \{([\s\S]*?)\n\};/.exec(readFileSync(file, 'utf8'));
    if (!table) continue;
    for (const match of table[1].matchAll(/^ {2}"?([a-z][\w-]*)"?:\s*`/gm)) names.add(match[1]);
  }
  if (names.size === 0) throw new Error(`copy-shoelace-assets: no icon table found in ${entry} or its imports (Shoelace ${version})`);
  const prefix = 'data:image/svg+xml,';
  const icons = new Map();
  for (const name of names) {
    const address = library.resolver(name);
    if (typeof address !== 'string' || !address.startsWith(prefix)) {
      throw new Error(`copy-shoelace-assets: the system library answers ${JSON.stringify(address)} for "${name}" (Shoelace ${version})`);
    }
    const svg = decodeURIComponent(address.slice(prefix.length)).trim();
    if (!svg.startsWith('<svg')) throw new Error(`copy-shoelace-assets: the system icon "${name}" is not an SVG`);
    // A file of its own needs the SVG namespace (inline in HTML it was implied).
    icons.set(name, `${svg.includes('xmlns=') ? svg : svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"')}\n`);
  }
  return icons;
}

/** The files a module imports by relative address (one level: the library module imports its chunk). */
function importedFiles(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from\s+"(\.[^"]+)"|import\s+"(\.[^"]+)"/g)].map((m) => join(dirname(file), m[1] ?? m[2]));
}
