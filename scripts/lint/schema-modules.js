// @ts-check
/**
 * Schema modules (./layout.js `schemaModules`), for the boundaries rule (./boundaries.js): a module of
 * src/shared that loads zod, itself or through another module of src/shared, recognised from its imports.
 */
import { readFileSync, statSync } from 'node:fs';
import { posix, sep } from 'node:path';
import { schemaModules } from './layout.js';
import { within } from './paths.js';

/** Whether a specifier names a package (`zod`, `zod/mini`). @param {string} specifier @param {string} name */
const isPackage = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);

/**
 * The imports of a module's source that load code when it is loaded: `import …`, `export … from` and
 * side-effect imports, not `import type` nor `{ type a, type b }` (dynamic imports load later). Read with
 * a pattern rather than a parser, for speed: a statement starts its line, as every formatter writes it.
 * @param {string} source @returns {string[]} the specifiers
 */
export function valueImports(source) {
  return staticImports(source, false);
}

/**
 * The static imports of a module's source (./import-cycles.js: a circle through types is a circle too), or
 * only those that load code (`types` false: ./valueImports).
 * @param {string} source @param {boolean} [types] whether type-only imports count @returns {string[]} the specifiers
 */
export function staticImports(source, types = true) {
  const statement = /^(?:import|export)\s+(?:([^'";]*?)\s*from\s*)?['"]([^'"]+)['"]/gm;
  return [...source.matchAll(statement)].flatMap(([, clause, specifier]) => {
    if (types) return [/** @type {string} */ (specifier)];
    if (clause && /^type\s/.test(clause)) return [];
    const named = clause?.trim().match(/^\{([^}]*)\}$/);
    const names = named?.[1] ? named[1].split(',').map((n) => n.trim()).filter(Boolean) : [];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) return [];
    return [/** @type {string} */ (specifier)];
  });
}

/** What a bundler tries after a specifier written without its extension (`./search-schemas`). */
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'];

/**
 * The file a module path names (an absolute path), as Vite and TypeScript resolve it: itself, or with
 * the first extension that exists; undefined when none does.
 * @param {string} file @returns {string | undefined}
 */
export function moduleFile(file) {
  for (const extension of EXTENSIONS) {
    try {
      if (statSync(`${file}${extension}`).isFile()) return `${file}${extension}`;
    } catch {
      // not this one
    }
  }
  return undefined;
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
  const file = moduleFile(posix.join(root, path));
  if (file === undefined) return { loads: false, open: false }; // a folder, a missing file: nothing loaded
  const known = loadsSchemas.get(file);
  if (known !== undefined) return { loads: known, open: false };
  if (reading.has(file)) return { loads: false, open: true };
  const specifiers = valueImports(readFileSync(file, 'utf8'));
  let loads = specifiers.some((specifier) => isPackage(specifier, schemaModules.package));
  let open = false;
  reading.add(file);
  for (const specifier of loads ? [] : specifiers.filter((s) => s.startsWith('.'))) {
    const target = posix.normalize(posix.join(posix.dirname(posix.relative(root, file)), specifier.replace(/\?.*$/, '')));
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
