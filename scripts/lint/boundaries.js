// @ts-check
/**
 * `ringbinder/boundaries`: every import of a file — `import`, `import type`, `export … from`, dynamic
 * `import()`, `typeof import()`, and what Vite bundles from `import.meta.glob(…)` (`Astro.glob`) and
 * `new URL(…, import.meta.url)` — is resolved to a path in the repository (./paths.js) and checked against
 * the folder it may reach (./layout.js); package imports against the package table; schema modules
 * (./schema-modules.js, recognised from their imports) against browser code. A dynamic import or a glob
 * must name its module literally, so that it can be checked (a glob by the folder before its first
 * wildcard, as a `new URL` template by the text before its first `${}`).
 */
import { posix } from 'node:path';
import { packages, schemaModules } from './layout.js';
import { filesUnder, folderOf, forbiddenImport, globBase, globRegExp, LAYOUT, repositoryPath, within } from './paths.js';
import { schemaModule } from './schema-modules.js';

/** Whether `node` is `import.meta.<property>`. @param {any} node @param {string} property */
const isImportMeta = (node, property) =>
  node?.type === 'MemberExpression' && node.object.type === 'MetaProperty' && node.object.meta.name === 'import' && !node.computed && node.property.name === property;

/** Whether `node` is `Astro.glob` (an .astro file's frontmatter). @param {any} node */
const isAstroGlob = (node) =>
  node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'Astro' && !node.computed && node.property.name === 'glob';

/**
 * Whether an import declaration brings in types only.
 * @param {any} node an ImportDeclaration or ExportNamedDeclaration (with typescript-eslint's importKind)
 */
function typesOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((/** @type {any} */ s) => s.importKind === 'type' || s.exportKind === 'type');
}

/**
 * The names an import brings in from its module; '*' for a namespace or default import, or all of it.
 * @param {any} node @returns {string[]}
 */
function importedNames(node) {
  if (node.type === 'ImportExpression' || node.type === 'ExportAllDeclaration') return ['*'];
  return (node.specifiers ?? []).map((/** @type {any} */ s) => {
    if (s.type === 'ImportSpecifier') return s.imported.name ?? s.imported.value;
    if (s.type === 'ExportSpecifier') return s.local.name ?? s.local.value;
    return '*';
  });
}

/**
 * The literal text of a module specifier node, or undefined when it is computed.
 * @param {any} node @returns {string | undefined}
 */
export function literal(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return literal(node.literal);
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return literal(node.expression);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports keep to the folder boundaries of scripts/lint/layout.js (DESIGN.md "Layout").' },
    schema: [],
    messages: {
      boundary: '{{why}}',
      computed: 'A dynamic import names its module literally, so that its boundary can be checked ({{layout}}).',
      glob: 'import.meta.glob names its files literally, by a path from the file (./, ../) or from the root (/), so that their boundary can be checked ({{layout}}).',
    },
  },
  create(context) {
    const from = repositoryPath(context.cwd, context.physicalFilename);
    if (from === undefined) return {};
    const file = from;
    const browser = schemaModules.from.some((place) => within(from, place));

    const reachesAll = folderOf(file)?.rule.may.includes('**');
    /** The repository path of `specifier` (relative to the file, or from the root with `/`). @param {string} specifier */
    const resolve = (specifier) =>
      specifier.startsWith('/') ? posix.normalize(specifier.slice(1)) : posix.normalize(posix.join(posix.dirname(file), specifier));

    /**
     * Checks an import of `target` (a repository path) against the table; `schemas`: whether loading it
     * would load a schema module's code (not for types, nor for a mere address).
     * @param {any} node @param {string} target @param {{ types: boolean, schemas: boolean }} how
     */
    function checkTarget(node, target, { types, schemas }) {
      const why = forbiddenImport(file, target, types);
      if (why) context.report({ node, messageId: 'boundary', data: { why } });
      else if (browser && schemas && schemaModule(context.cwd, target)) {
        context.report({ node, messageId: 'boundary', data: { why: `${target}: ${schemaModules.why} (${LAYOUT}).` } });
      }
    }

    /** @param {any} node @param {any} source @param {{ types?: boolean }} [how] */
    function check(node, source, { types = false } = {}) {
      const specifier = literal(source);
      if (specifier === undefined) {
        if (reachesAll) return;
        context.report({ node: source ?? node, messageId: 'computed', data: { layout: LAYOUT } });
        return;
      }
      const bare = specifier.replace(/\?.*$/, '');
      if (bare.startsWith('.') || bare.startsWith('/')) {
        checkTarget(source, resolve(bare), { types, schemas: !types });
        return;
      }
      for (const pkg of packages) {
        if (bare !== pkg.name && !bare.startsWith(`${pkg.name}/`)) continue;
        if (pkg.only.some((place) => within(file, place)) || (types && pkg.types)) continue;
        const names = importedNames(node);
        const restricted = pkg.names ? names.filter((n) => n === '*' || pkg.names?.includes(n)) : names.length ? names : ['*'];
        if (restricted.length === 0 || (types && pkg.names)) continue;
        const what = pkg.names ? `${pkg.names.join(', ')} from ${pkg.name}` : pkg.name;
        context.report({ node: source, messageId: 'boundary', data: { why: `${file} may not import ${what}: ${pkg.why} (${LAYOUT}).` } });
      }
    }

    /**
     * `import.meta.glob(pattern | patterns, options)` (or `Astro.glob(pattern)` in a shell's frontmatter):
     * Vite imports every file the patterns match, so the folder before the first wildcard must be one the
     * file may import (`!` patterns only leave files out).
     * @param {any} node
     */
    function checkGlob(node) {
      if (reachesAll) return;
      const [first] = node.arguments;
      /** @type {(string | undefined)[]} */
      const patterns = first?.type === 'ArrayExpression' ? first.elements.map(literal) : [literal(first)];
      if (patterns.some((p) => p === undefined || !(p.startsWith('.') || p.startsWith('/') || p.startsWith('!')))) {
        context.report({ node: first ?? node, messageId: 'glob', data: { layout: LAYOUT } });
        return;
      }
      for (const pattern of /** @type {string[]} */ (patterns)) {
        if (pattern.startsWith('!')) continue;
        const base = resolve(globBase(pattern));
        const why = forbiddenImport(file, base);
        if (why) {
          context.report({ node: first, messageId: 'boundary', data: { why } });
          continue;
        }
        // Every module the glob takes in is loaded: none may be a schema module (only src/shared holds them).
        if (!browser || !(within(base, schemaModules.in) || within(schemaModules.in, base))) continue;
        const matches = globRegExp(resolve(pattern));
        const taken = globBase(pattern) === pattern ? [base] : filesUnder(context.cwd, base);
        const schema = taken.find((path) => matches.test(path) && schemaModule(context.cwd, path));
        if (schema) checkTarget(first, schema, { types: false, schemas: true });
      }
    }

    /**
     * `new URL(path, import.meta.url)`: Vite bundles the file at `path` (relative to the module, as a URL
     * is) and, for a template, every file under the folder its text starts with. A path computed at run
     * time (a variable) or another site's address is not bundled, so not checked.
     * @param {any} node
     */
    function checkUrl(node) {
      const [address, base] = node.arguments;
      if (reachesAll || !isImportMeta(base, 'url')) return;
      let path = literal(address);
      if (path === undefined && address?.type === 'TemplateLiteral') {
        const start = address.quasis[0].value.cooked ?? '';
        path = start.startsWith('.') || start.startsWith('/') ? start.slice(0, start.lastIndexOf('/') + 1) || undefined : undefined;
      }
      if (path === undefined || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(path)) return;
      const target = resolve(path.startsWith('/') || path.startsWith('.') ? path : `./${path}`).replace(/(.)\/$/, '$1');
      checkTarget(address, target, { types: true, schemas: false });
    }

    /** @type {any} typescript-eslint's node types (TSImportType …) are beyond ESLint's own listener types */
    const listeners = {
      CallExpression: (/** @type {any} */ node) => (isImportMeta(node.callee, 'glob') || isAstroGlob(node.callee)) && checkGlob(node),
      NewExpression: (/** @type {any} */ node) => node.callee.type === 'Identifier' && node.callee.name === 'URL' && checkUrl(node),
      ImportDeclaration: (/** @type {any} */ node) => check(node, node.source, { types: typesOnly(node) }),
      ExportNamedDeclaration: (/** @type {any} */ node) => node.source && check(node, node.source, { types: typesOnly(node) }),
      ExportAllDeclaration: (/** @type {any} */ node) => check(node, node.source, { types: /** @type {any} */ (node).exportKind === 'type' }),
      ImportExpression: (/** @type {any} */ node) => check(node, node.source),
      TSImportType: (/** @type {any} */ node) => check(node, node.argument, { types: true }),
      TSExternalModuleReference: (/** @type {any} */ node) => check(node, node.expression),
    };
    return listeners;
  },
};
