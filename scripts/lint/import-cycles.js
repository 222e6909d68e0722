// @ts-check
/**
 * `ringbinder/no-import-cycles`: no module of the source (./layout.js `importCycles`) comes back to itself
 * through its imports: `import type` and a dynamic `import('…')` included (a circle of types, or one
 * closed by a module loaded later, still ties its modules into one: each needs the other). The linted
 * file's imports are read from its syntax tree, every other module's from its source with the pattern of
 * ./schema-modules.js (`staticImports`) and one for `import('…')`, once per lint run. A local rule rather than eslint-plugin-import-x's `no-cycle`: that
 * one skips type-only imports, parses every module a second time with its own resolver, and adds a native
 * resolver package; docs/libraries.md says more.
 */
import { readFileSync } from 'node:fs';
import { posix, sep } from 'node:path';
import { importCycles } from './layout.js';
import { literal } from './boundaries.js';
import { LAYOUT, repositoryPath, within } from './paths.js';
import { moduleFile, staticImports } from './schema-modules.js';

/** @type {Map<string, string[]>} by absolute path: the modules of the source it imports (absolute paths) */
const graph = new Map();

/** The module files that `specifiers` (read in the module at `file`) name, within the source. @param {string} root @param {string} file @param {string[]} specifiers */
function targets(root, file, specifiers) {
  return specifiers.flatMap((specifier) => {
    const bare = specifier.replace(/\?.*$/, '');
    if (!bare.startsWith('.') && !bare.startsWith('/')) return [];
    const path = bare.startsWith('/') ? posix.join(root, bare) : posix.join(posix.dirname(file), bare);
    const target = moduleFile(posix.normalize(path));
    const relative = target && posix.relative(root, target);
    return relative && importCycles.in.some((place) => within(relative, place)) ? [target] : [];
  });
}

/** The modules the module at `file` imports, read from disk once. @param {string} root @param {string} file */
function importsOf(root, file) {
  let found = graph.get(file);
  if (!found) {
    const source = readFileSync(file, 'utf8');
    const later = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(([, specifier]) => /** @type {string} */ (specifier));
    found = targets(root, file, [...staticImports(source), ...later]);
    graph.set(file, found);
  }
  return found;
}

/**
 * A way from `start` back to `file`, as the modules in between (first `start`), or undefined.
 * @param {string} root @param {string} file @param {string} start
 */
function wayBack(root, file, start) {
  /** @type {Map<string, string | null>} each module reached and the one it was reached from */
  const from = new Map([[start, null]]);
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of importsOf(root, at)) {
      if (next === file) {
        const way = [];
        for (let step = /** @type {string | null | undefined} */ (at); step; step = from.get(step)) way.unshift(step);
        return way;
      }
      if (from.has(next)) continue;
      from.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No module comes back to itself through its imports (types included).' },
    schema: [],
    messages: { cycle: 'Import circle: {{circle}}. {{why}} ({{layout}}).' },
  },
  create(context) {
    const path = repositoryPath(context.cwd, context.physicalFilename);
    if (path === undefined || !/\.(tsx?|m?js)$/.test(path) || !importCycles.in.some((place) => within(path, place))) return {};
    const root = context.cwd.split(sep).join('/');
    const file = posix.join(root, path);
    /** @type {Set<string>} each module imported once is checked once */
    const seen = new Set();
    /** @param {any} node an import or export declaration, or an `import()`, with its source */
    const check = (node, source = node.source) => {
      const specifier = literal(source);
      const [target] = specifier === undefined ? [] : targets(root, file, [specifier]);
      if (!target || seen.has(target)) return;
      seen.add(target);
      const way = target === file ? [] : wayBack(root, file, target);
      if (!way) return;
      const circle = [path, ...way.map((step) => posix.relative(root, step)), path].join(' → ');
      context.report({ node: source, messageId: 'cycle', data: { circle, why: importCycles.why, layout: LAYOUT } });
    };
    /** @type {any} typescript-eslint's node types (TSImportType) are beyond ESLint's own listener types */
    const listeners = {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: (/** @type {any} */ node) => node.source && check(node),
      ImportExpression: check,
      /** `typeof import('./x.ts')` */
      TSImportType: (/** @type {any} */ node) => check(node, node.argument),
    };
    return listeners;
  },
};
