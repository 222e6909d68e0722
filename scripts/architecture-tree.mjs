// @ts-check
/**
 * Keeps docs/ARCHITECTURE.md a true map: every path its annotated tree names exists, and every folder of
 * the code (down to three levels, e.g. src/server/db) is named in it; every repository path it writes in
 * backticks exists; every `docs/*.md` it points to exists; it is at most MAX_LINES long.
 * `node scripts/architecture-tree.mjs` prints what disagrees (exit 1); tests/unit/scripts/architecture-tree.test.ts
 * runs the same checks.
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
/** A map a newcomer reads in an hour (issue #30): longer stories go to the area docs. */
export const MAX_LINES = 300;

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

/**
 * The repository paths the text writes in backticks: a code span that starts with a top-level entry of the
 * repository (`src/client/api.ts`, `tests/e2e/`, `package.json`), taken up to a `:line` suffix. Spans with a
 * placeholder (`<area>`, `{id}`, `*`, `…`) or a space are patterns or prose, not paths.
 * @param {string} markdown
 * @param {string[]} tops the repository's top-level files and folders (`src`, `package.json`, …)
 * @returns {string[]}
 */
export function mentionedPaths(markdown, tops) {
  const paths = new Set();
  for (const [, span = ''] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = span.replace(/:\d[\d-]*$/, '');
    if (/[\s<>{}*…]/.test(path) || !/^[\w.@-][\w./@-]*$/.test(path)) continue;
    if (tops.includes(path.split('/')[0] ?? '')) paths.add(path);
  }
  return [...paths];
}

/**
 * The documents of docs/ the text points to: `docs/<name>.md` anywhere, and the targets of its relative
 * Markdown links (the text itself lives in docs/).
 * @param {string} markdown
 * @returns {string[]}
 */
export function pointedDocs(markdown) {
  const docs = new Set();
  for (const [, name] of markdown.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)/g)) docs.add(`docs/${name}`);
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)#\s]+?\.md)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(target)) docs.add(posix.normalize(posix.join('docs', target)));
  }
  return [...docs];
}

/** The repository's top-level files and folders, as git knows them. */
function topLevel(root = ROOT) {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set(files.map((file) => file.split('/')[0] ?? ''))];
}

/** What disagrees in the whole document: its length, the paths it writes and the docs it points to. */
export function documentProblems(root = ROOT) {
  const markdown = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const lines = markdown.replace(/\n$/, '').split('\n').length;
  const missingPaths = mentionedPaths(markdown, topLevel(root)).filter((path) => !existsSync(join(root, path)));
  const missingDocs = pointedDocs(markdown).filter((doc) => !existsSync(join(root, doc)));
  return { tooLong: lines > MAX_LINES ? lines : 0, missingPaths, missingDocs };
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
  const { tooLong, missingPaths, missingDocs } = documentProblems();
  for (const path of missing) console.log(`named but missing: ${path}`);
  for (const path of unnamed) console.log(`not named: ${path}`);
  for (const path of missingPaths) console.log(`written but missing: ${path}`);
  for (const doc of missingDocs) console.log(`pointed to but missing: ${doc}`);
  if (tooLong) console.log(`${tooLong} lines, more than ${MAX_LINES}`);
  process.exit(missing.length + unnamed.length + missingPaths.length + missingDocs.length + (tooLong ? 1 : 0) === 0 ? 0 : 1);
}
