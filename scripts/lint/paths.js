// @ts-check
/**
 * Repository paths for the lint rules (./boundaries.js, ./no-raw-requests.js): a linted file's path, the
 * entry of ./layout.js's table that holds it, whether an import may reach a target, and Vite's globs as
 * patterns over repository paths. Paths are resolved, not matched by pattern: `../../client/api.ts` from
 * `src/server/auth/x.ts` is `src/client/api.ts` wherever the importing file sits.
 */
import { readdirSync } from 'node:fs';
import { posix, relative, sep } from 'node:path';
import { folders } from './layout.js';

export const LAYOUT = 'see scripts/lint/layout.js and DESIGN.md "Layout"';

/**
 * A path from the repository root, with `/` separators; undefined outside the repository.
 * @param {string} cwd @param {string} file @returns {string | undefined}
 */
export function repositoryPath(cwd, file) {
  const path = relative(cwd, file).split(sep).join('/');
  return path.startsWith('..') || posix.isAbsolute(path) ? undefined : path;
}

const stripExtension = (/** @type {string} */ segment) => segment.replace(/\.(d\.ts|tsx?|mjs|cjs|jsx?|astro)$/, '');

/**
 * Whether `path` is `place` (a file, with or without its extension) or lies under it (a folder).
 * @param {string} path @param {string} place
 */
export function within(path, place) {
  if (place === '**') return true;
  return path === place || stripExtension(path) === stripExtension(place) || path.startsWith(`${place}/`);
}

/**
 * `key` (segments, `*` for one) matches the start of `path`: the concrete prefix it matched, else undefined.
 * @param {string} path @param {string} key
 */
function match(path, key) {
  const want = key.split('/');
  const have = path.split('/');
  if (have.length < want.length) return undefined;
  const last = want.length - 1;
  const fits = want.every((segment, i) => {
    const actual = have[i] ?? '';
    if (segment === '*' || segment === actual) return true;
    return i === last && have.length === want.length && stripExtension(segment) === stripExtension(actual);
  });
  if (!fits) return undefined;
  return have.slice(0, want.length).join('/');
}

/** Entries most specific first: more segments, then fewer wildcards. */
const entries = Object.entries(folders).sort(
  ([a], [b]) => b.split('/').length - a.split('/').length || a.split('*').length - b.split('*').length,
);

/**
 * The entry of the table that holds `path`, and the folder it may always import (its own).
 * @param {string} path
 */
export function folderOf(path) {
  for (const [key, rule] of entries) {
    const own = match(path, key);
    if (own !== undefined) return { key, rule, own: key === '*' ? undefined : own };
  }
  return undefined;
}

/**
 * Why `from` may not import `target` (both repository paths), or undefined when it may.
 * @param {string} from @param {string} target @param {boolean} [types] whether the import brings in types only
 */
export function forbiddenImport(from, target, types = false) {
  const folder = folderOf(from);
  if (!folder) return undefined;
  if (folder.own !== undefined && within(target, folder.own)) return undefined;
  if (folder.rule.may.some((place) => within(target, place))) return undefined;
  if (types && folder.rule.types?.some((place) => within(target, place))) return undefined;
  return `${from} may not import ${target}: ${folder.rule.why} (${LAYOUT}).`;
}

/**
 * The static start of a glob pattern (`../islands/{a,b}/mount.tsx` gives `../islands`): its segments up to the
 * first with a wildcard; the whole pattern when it has none.
 * @param {string} pattern
 */
export const globBase = (pattern) => {
  const segments = pattern.split('/');
  const wild = segments.findIndex((segment) => /[*?[\]{}()]/.test(segment));
  return wild < 0 ? pattern : segments.slice(0, wild).join('/');
};

/**
 * A glob pattern (a repository path with `**`, `*`, `?`, `[…]` and `{a,b}`, as Vite's globs are written)
 * as a regular expression over repository paths.
 * @param {string} pattern
 */
export function globRegExp(pattern) {
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = /** @type {string} */ (pattern[i]);
    if (pattern.startsWith('**/', i)) {
      out += '(?:.*/)?'; // any folders, none included
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      out += '(?:';
      braces += 1;
    } else if (c === '}' && braces > 0) {
      out += ')';
      braces -= 1;
    } else if (c === ',' && braces > 0) out += '|';
    else if (c === '[' || c === ']') out += c;
    else out += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** The files under `folder` (from the repository `root`), as repository paths. @param {string} root @param {string} folder @returns {string[]} */
export function filesUnder(root, folder) {
  try {
    return readdirSync(posix.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => posix.join(relative(root, entry.parentPath).split(sep).join('/'), entry.name));
  } catch {
    return [];
  }
}
