// @ts-check
/**
 * The repository's own lint rules (`ringbinder/…` in eslint.config.js), checking the table of ./layout.js:
 * - `boundaries`: every import of a file — `import`, `import type`, `export … from`, dynamic `import()`,
 *   `typeof import()`, and what Vite bundles from `import.meta.glob(…)` (`Astro.glob`) and
 *   `new URL(…, import.meta.url)` — is resolved to a path in the repository and checked against the folder
 *   it may reach; package imports against the package table; schema modules (recognised from their
 *   imports) against browser code. A dynamic import or a glob must name its module literally, so that it can be checked (a glob by
 *   the folder before its first wildcard, as a `new URL` template by the text before its first `${}`).
 * - `no-raw-requests`: `fetch`, `XMLHttpRequest` and `navigator.sendBeacon` (also through `window.`,
 *   `self.`, `globalThis.` and chains of them, as `globalThis['fetch']`, or destructured: `const { fetch }
 *   = globalThis`; not through an alias, `const g = globalThis`), called or passed on, outside the one
 *   transport; `EventSource` and `WebSocket` in the same ways, outside the transport alone.
 *
 * Paths are resolved, not matched by pattern: `../../client/api.ts` from `src/server/auth/x.ts` is
 * `src/client/api.ts` wherever the importing file sits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { posix, relative, sep } from 'node:path';
import { connections, folders, packages, rawRequests, schemaModules } from './layout.js';

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

/** Whether a specifier names a package (`zod`, `zod/mini`). @param {string} specifier @param {string} name */
const isPackage = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);

/**
 * The imports of a module's source that load code when it is loaded: `import …`, `export … from` and
 * side-effect imports, not `import type` nor `{ type a, type b }` (dynamic imports load later). Read with
 * a pattern rather than a parser, for speed: a statement starts its line, as every formatter writes it.
 * @param {string} source @returns {string[]} the specifiers
 */
export function valueImports(source) {
  const statement = /^(?:import|export)\s+(?:([^'";]*?)\s*from\s*)?['"]([^'"]+)['"]/gm;
  return [...source.matchAll(statement)].flatMap(([, clause, specifier]) => {
    if (clause && /^type\s/.test(clause)) return [];
    const named = clause?.trim().match(/^\{([^}]*)\}$/);
    const names = named?.[1] ? named[1].split(',').map((n) => n.trim()).filter(Boolean) : [];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) return [];
    return [/** @type {string} */ (specifier)];
  });
}

/** @type {Map<string, boolean>} by absolute path: whether the module loads the schema package */
const loadsSchemas = new Map();
/** The modules being read (an import cycle comes back to one of them). */
const reading = new Set();

/**
 * Whether `path` (from the repository `root`) is a schema module (layout.js `schemaModules`): a module of
 * src/shared that imports zod as a value, itself or through another module of src/shared. Read once per
 * lint run, whatever imports it.
 * @param {string} root @param {string} path
 */
export function schemaModule(root, path) {
  return within(path, schemaModules.in) && readSchemaModule(root.split(sep).join('/'), path).loads;
}

/**
 * `loads`: whether the module loads zod; `open`: whether the answer (no) leaned on a module still being
 * read (a cycle), so that it is known only once that module is: not kept before.
 * @param {string} root @param {string} path @returns {{ loads: boolean, open: boolean }}
 */
function readSchemaModule(root, path) {
  const file = posix.join(root, path);
  const known = loadsSchemas.get(file);
  if (known !== undefined) return { loads: known, open: false };
  if (reading.has(file)) return { loads: false, open: true };
  let source;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return { loads: false, open: false }; // a folder, a missing file: nothing loaded
  }
  const specifiers = valueImports(source);
  let loads = specifiers.some((specifier) => isPackage(specifier, schemaModules.package));
  let open = false;
  reading.add(file);
  for (const specifier of loads ? [] : specifiers.filter((s) => s.startsWith('.'))) {
    const target = posix.normalize(posix.join(posix.dirname(path), specifier.replace(/\?.*$/, '')));
    if (!within(target, schemaModules.in)) continue;
    const answer = readSchemaModule(root, target);
    loads = answer.loads;
    open ||= answer.open;
    if (loads) break;
  }
  reading.delete(file);
  if (loads || !open || reading.size === 0) loadsSchemas.set(file, loads);
  return { loads, open: !loads && open };
}

/**
 * The static start of a glob pattern (`../islands/{a,b}/mount.tsx` gives `../islands`): its segments up to the
 * first with a wildcard; the whole pattern when it has none.
 * @param {string} pattern
 */
const globBase = (pattern) => {
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
function filesUnder(root, folder) {
  try {
    return readdirSync(posix.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => posix.join(relative(root, entry.parentPath ?? entry.path).split(sep).join('/'), entry.name));
  } catch {
    return [];
  }
}

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

const REQUESTS = new Set(['fetch', 'XMLHttpRequest']);
const CONNECTIONS = new Set(connections.names);
const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);

/**
 * The name of a member or a key (`x.fetch`, `x['fetch']`, `{ fetch: f }`, `{ 'fetch': f }`), or undefined
 * when it is computed. @param {any} key @param {boolean} computed
 */
const memberName = (key, computed) => (!computed && key.type === 'Identifier' ? key.name : literal(key));

/** @type {import('eslint').Rule.RuleModule} */
const noRawRequests = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the one HTTP transport makes requests (fetch, XMLHttpRequest, navigator.sendBeacon) and opens connections (EventSource, WebSocket).' },
    schema: [],
    messages: { raw: '{{what}} outside the transport: {{why}} ({{layout}}).' },
  },
  create(context) {
    const from = repositoryPath(context.cwd, context.physicalFilename);
    if (from === undefined || !rawRequests.in.some((place) => within(from, place))) return {};
    const requests = !rawRequests.except.some((place) => within(from, place));
    const opens = !connections.except.some((place) => within(from, place));
    if (!requests && !opens) return {};
    /** Why the global `name` may not be reached here, or undefined when it may. @param {string | undefined} name */
    const refused = (name) => {
      if (name === undefined) return undefined;
      if (requests && REQUESTS.has(name)) return rawRequests.why;
      if (opens && CONNECTIONS.has(name)) return connections.why;
      return undefined;
    };
    const report = (/** @type {any} */ node, /** @type {string} */ what, /** @type {string} */ why) =>
      context.report({ node, messageId: 'raw', data: { what, why, layout: LAYOUT } });
    /** Whether `name` is the global (no declaration of that name in scope). */
    const isGlobal = (/** @type {any} */ node, /** @type {string} */ name) => {
      for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (context.sourceCode.getScope(node)); scope; scope = scope.upper) {
        const variable = scope.set.get(name);
        if (variable) return variable.defs.length === 0;
      }
      return true;
    };
    /**
     * The global object or navigator that `node` is (`window`, `globalThis.window`, `self['navigator']`):
     * its name and how it is written; undefined for anything else.
     * @param {any} node @returns {{ name: string, text: string } | undefined}
     */
    const globalObject = (node) => {
      if (node?.type === 'Identifier') {
        const name = node.name;
        return (GLOBAL_OBJECTS.has(name) || name === 'navigator') && isGlobal(node, name) ? { name, text: name } : undefined;
      }
      if (node?.type !== 'MemberExpression') return undefined;
      const outer = globalObject(node.object);
      const name = memberName(node.property, node.computed);
      if (!outer || !GLOBAL_OBJECTS.has(outer.name) || name === undefined) return undefined;
      return GLOBAL_OBJECTS.has(name) || name === 'navigator' ? { name, text: `${outer.text}.${name}` } : undefined;
    };
    /**
     * What `object.name` reaches when `object` is the global object (or navigator): the request or the
     * connection it names, or undefined.
     * @param {any} object @param {string | undefined} name
     */
    const globalMember = (object, name) => {
      const beacon = requests && name === 'sendBeacon' ? rawRequests.why : undefined;
      const named = refused(name) ?? beacon; // first the name, the cheap test that rules out nearly every member
      const global = named && globalObject(object);
      if (!global) return undefined;
      const why = GLOBAL_OBJECTS.has(global.name) ? named : beacon;
      return why ? { what: `${global.text}.${name}`, why } : undefined;
    };
    /** `{ fetch, XMLHttpRequest: X } = globalThis`: each key that reaches a request or a connection. @param {any} pattern @param {any} object */
    const destructured = (pattern, object) => {
      if (pattern?.type !== 'ObjectPattern') return;
      for (const property of pattern.properties) {
        if (property.type !== 'Property') continue;
        const reached = globalMember(object, memberName(property.key, property.computed));
        if (reached) report(property, reached.what, reached.why);
      }
    };
    return {
      Identifier(node) {
        const why = refused(node.name);
        if (!why) return;
        const parent = /** @type {any} */ (node).parent;
        // `x.fetch`, `{ fetch: … }` keys and declarations are not references to the global.
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if (parent.type === 'Property' && parent.key === node && !parent.shorthand) return;
        if (parent.type === 'ImportSpecifier' || parent.type === 'ExportSpecifier') return;
        if (parent.type?.startsWith('TS') && parent.type !== 'TSNonNullExpression' && parent.type !== 'TSAsExpression') return;
        if (!isGlobal(node, node.name)) return;
        report(node, node.name, why);
      },
      MemberExpression(node) {
        const reached = globalMember(node.object, memberName(node.property, node.computed));
        if (reached) report(node, reached.what, reached.why);
      },
      VariableDeclarator: (node) => destructured(node.id, node.init),
      AssignmentExpression: (node) => destructured(node.left, node.right),
    };
  },
};

export default {
  meta: { name: 'ringbinder' },
  rules: { boundaries, 'no-raw-requests': noRawRequests },
};
