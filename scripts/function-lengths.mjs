// @ts-check
/**
 * The functions of the source (src, islands, elements) and their lengths in lines, counted as ESLint's
 * `max-lines-per-function` counts them (from the function's first line to its last, blank lines and
 * comments included; a method from its name). ESLint refuses any over 120 (eslint.config.js);
 * tests/unit/scripts/function-lengths.test.ts holds how many may be over 80. `node scripts/function-lengths.mjs`
 * lists those.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** @typedef {{ file: string, line: number, name: string, lines: number }} FunctionLength */

/**
 * Every function of the source longer than `over` lines, longest first.
 * @param {string} root the repository @param {number} over @returns {FunctionLength[]}
 */
export function longFunctions(root, over) {
  /** @type {FunctionLength[]} */
  const found = [];
  for (const folder of ['src', 'islands', 'elements']) {
    for (const entry of readdirSync(`${root}/${folder}`, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(tsx?|m?js)$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const path = `${entry.parentPath}/${entry.name}`;
      const file = path.slice(root.length + 1);
      const source = ts.createSourceFile(file, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
      /** @param {ts.Node} node */
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
          const name = 'name' in node && node.name ? node.name.getText(source) : '';
          if (lines > over) found.push({ file, line: first + 1, name, lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  for (const f of longFunctions(root, 80)) console.log(`${f.lines}\t${f.file}:${f.line}\t${f.name}`);
}
