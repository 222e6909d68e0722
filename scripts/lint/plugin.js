// @ts-check
/**
 * The repository's own lint rules (`ringbinder/…` in eslint.config.js), checking the table of ./layout.js:
 * - `boundaries`: every import of a file — `import`, `import type`, `export … from`, dynamic `import()`,
 *   `typeof import()` — is resolved to a path in the repository and checked against the folder it may
 *   reach; package imports against the package table; schema modules against browser code. A dynamic
 *   import must name its module literally, so that it can be checked.
 * - `no-raw-requests`: `fetch`, `XMLHttpRequest` and `navigator.sendBeacon` (also through `window.`,
 *   `self.`, `globalThis.`), called or passed on, outside the one transport.
 *
 * Paths are resolved, not matched by pattern: `../../client/api.ts` from `src/server/auth/x.ts` is
 * `src/client/api.ts` wherever the importing file sits.
 */
import { posix, relative, sep } from 'node:path';
import { folders, packages, rawRequests, schemaModules } from './layout.js';

const LAYOUT = 'see scripts/lint/layout.js and DESIGN.md "Layout"';

/**
 * A path from the repository root, with `/` separators; undefined outside the repository.
 * @param {string} cwd @param {string} file @returns {string | undefined}
 */
function repositoryPath(cwd, file) {
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
function literal(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return literal(node.literal);
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return literal(node.expression);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports keep to the folder boundaries of scripts/lint/layout.js (DESIGN.md "Layout").' },
    schema: [],
    messages: { boundary: '{{why}}', computed: 'A dynamic import names its module literally, so that its boundary can be checked ({{layout}}).' },
  },
  create(context) {
    const from = repositoryPath(context.cwd, context.physicalFilename);
    if (from === undefined) return {};
    const file = from;
    const browser = schemaModules.from.some((place) => within(from, place));

    /** @param {any} node @param {any} source @param {{ types?: boolean }} [how] */
    function check(node, source, { types = false } = {}) {
      const specifier = literal(source);
      if (specifier === undefined) {
        if (folderOf(file)?.rule.may.includes('**')) return;
        context.report({ node: source ?? node, messageId: 'computed', data: { layout: LAYOUT } });
        return;
      }
      const bare = specifier.replace(/\?.*$/, '');
      if (bare.startsWith('.') || bare.startsWith('/')) {
        const target = bare.startsWith('/') ? posix.normalize(bare.slice(1)) : posix.normalize(posix.join(posix.dirname(file), bare));
        const why = forbiddenImport(file, target, types);
        if (why) context.report({ node: source, messageId: 'boundary', data: { why } });
        else if (browser && !types && schemaModules.modules.some((m) => within(target, m))) {
          context.report({ node: source, messageId: 'boundary', data: { why: `${target}: ${schemaModules.why} (${LAYOUT}).` } });
        }
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

    /** @type {any} typescript-eslint's node types (TSImportType …) are beyond ESLint's own listener types */
    const listeners = {
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

const REQUESTS = new Set(['fetch', 'XMLHttpRequest']);
const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);

/** @type {import('eslint').Rule.RuleModule} */
const noRawRequests = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the one HTTP transport makes requests (fetch, XMLHttpRequest, navigator.sendBeacon).' },
    schema: [],
    messages: { raw: '{{what}} outside the transport: {{why}} ({{layout}}).' },
  },
  create(context) {
    const from = repositoryPath(context.cwd, context.physicalFilename);
    if (from === undefined) return {};
    if (!rawRequests.in.some((place) => within(from, place)) || rawRequests.except.some((place) => within(from, place))) return {};
    const report = (/** @type {any} */ node, /** @type {string} */ what) => context.report({ node, messageId: 'raw', data: { what, why: rawRequests.why, layout: LAYOUT } });
    /** Whether `name` is the global (no declaration of that name in scope). */
    const isGlobal = (/** @type {any} */ node, /** @type {string} */ name) => {
      for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (context.sourceCode.getScope(node)); scope; scope = scope.upper) {
        const variable = scope.set.get(name);
        if (variable) return variable.defs.length === 0;
      }
      return true;
    };
    return {
      Identifier(node) {
        if (!REQUESTS.has(node.name)) return;
        const parent = /** @type {any} */ (node).parent;
        // `x.fetch`, `{ fetch: … }` keys and declarations are not references to the global.
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if (parent.type === 'Property' && parent.key === node && !parent.shorthand) return;
        if (parent.type === 'ImportSpecifier' || parent.type === 'ExportSpecifier') return;
        if (parent.type?.startsWith('TS') && parent.type !== 'TSNonNullExpression' && parent.type !== 'TSAsExpression') return;
        if (!isGlobal(node, node.name)) return;
        report(node, node.name);
      },
      MemberExpression(node) {
        if (node.computed || node.object.type !== 'Identifier' || node.property.type !== 'Identifier') return;
        const [object, property] = [node.object.name, node.property.name];
        const global = GLOBAL_OBJECTS.has(object) && REQUESTS.has(property);
        const beacon = property === 'sendBeacon' && (object === 'navigator' || GLOBAL_OBJECTS.has(object));
        if ((global || beacon) && isGlobal(node, object)) report(node, `${object}.${property}`);
      },
    };
  },
};

export default {
  meta: { name: 'ringbinder' },
  rules: { boundaries, 'no-raw-requests': noRawRequests },
};
