// @ts-check
/**
 * Keeps the annotated tree of docs/ARCHITECTURE.md true: every path it names exists, and every folder of
 * the code (down to three levels, e.g. src/server/db) is named in it. `node scripts/architecture-tree.mjs`
 * prints what disagrees (exit 1); tests/unit/scripts/architecture-tree.test.ts runs the same check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Folders whose subfolders must all be named, and how deep below the repository root. */
const COVERED = ['src/', 'islands/', 'elements/', 'scripts/', 'tests/'];
const DEPTH = 3;
/** Subfolders that follow a rule of their own instead of being named one by one. */
const RULED = [/^tests\/unit\//, /^src\/server\/db\/migrations\//];

/**
 * The paths named by the tree: `name/` is a folder, anything else a file; nesting by two-space indents;
 * several names on a line are separated by commas.
 * @param {string} markdown
 * @returns {string[]}
 */
export function namedPaths(markdown) {
  const block = markdown.split('## Annotated tree')[1]?.split('```')[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no "## Annotated tree" code block');
  /** @type {string[]} */
  const parents = [];
  /** @type {string[]} */
  const paths = [];
  for (const line of block.split('\n')) {
    const [, indent = '', head = ''] = line.match(/^( *)(\S.*?)(?: {2,}.*)?$/) ?? [];
    // A description's continuation lines start in the description column, far to the right.
    if (head === '' || indent.length >= 16) continue;
    const level = indent.length / 2;
    parents.length = level;
    const names = head.split(/,\s*/).filter((name) => /^[\w.@-][\w./@-]*$/.test(name));
    const base = parents.join('');
    for (const name of names) paths.push(base + name);
    const folder = names.length === 1 && names[0]?.endsWith('/') ? names[0] : undefined;
    parents[level] = folder ?? '\0';
  }
  return paths.filter((path) => !path.includes('\0'));
}

/** Folders that hold tracked files, within COVERED and DEPTH. */
export function codeFolders(root = ROOT) {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set();
  for (const file of files) {
    let dir = posix.dirname(file);
    while (dir !== '.') {
      const path = `${dir}/`;
      if (COVERED.some((top) => path.startsWith(top)) && path.split('/').length - 1 <= DEPTH) folders.add(path);
      dir = posix.dirname(dir);
    }
  }
  return [...folders].filter((folder) => !RULED.some((rule) => rule.test(folder))).sort();
}

/** What disagrees: named paths that do not exist, and code folders that are not named. */
export function treeProblems(root = ROOT) {
  const named = namedPaths(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8'));
  const missing = named.filter((path) => !existsSync(join(root, path)));
  // A path names its folders too: `doctypes/registry.ts` names `doctypes/`.
  const namedSet = new Set(named.flatMap((path) => path.split('/').slice(0, -1).map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`)));
  const unnamed = codeFolders(root).filter((folder) => !namedSet.has(folder));
  return { missing, unnamed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { missing, unnamed } = treeProblems();
  for (const path of missing) console.log(`named but missing: ${path}`);
  for (const path of unnamed) console.log(`not named: ${path}`);
  process.exit(missing.length + unnamed.length === 0 ? 0 : 1);
}
