// @ts-check
/**
 * `ringbinder/no-raw-requests`: `fetch`, `XMLHttpRequest` and `navigator.sendBeacon` (also through
 * `window.`, `self.`, `globalThis.` and chains of them, as `globalThis['fetch']`, or destructured:
 * `const { fetch } = globalThis`, or through an alias: `const g = globalThis; g.fetch()`), called or passed on,
 * outside the one transport; `EventSource` and `WebSocket` in the same ways, outside the transport alone
 * (./layout.js `rawRequests`, `connections`).
 */
import { literal } from './boundaries.js';
import { connections, rawRequests } from './layout.js';
import { LAYOUT, repositoryPath, within } from './paths.js';

const REQUESTS = new Set(['fetch', 'XMLHttpRequest']);
const CONNECTIONS = new Set(connections.names);
const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);

/**
 * The name of a member or a key (`x.fetch`, `x['fetch']`, `{ fetch: f }`, `{ 'fetch': f }`), or undefined
 * when it is computed. @param {any} key @param {boolean} computed
 */
const memberName = (key, computed) => (!computed && key.type === 'Identifier' ? key.name : literal(key));

/** @type {import('eslint').Rule.RuleModule} */
export const noRawRequests = {
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
     * What a local name was set to when it was declared (`const g = globalThis`: `globalThis`), so that an
     * alias of the global object is seen through; undefined for a parameter, an import or a pattern.
     * @param {any} node an Identifier
     */
    const aliasOf = (node) => {
      for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (context.sourceCode.getScope(node)); scope; scope = scope.upper) {
        const variable = scope.set.get(node.name);
        if (!variable) continue;
        const [def] = variable.defs;
        return def?.type === 'Variable' && def.node.id.type === 'Identifier' ? def.node.init : undefined;
      }
      return undefined;
    };
    /**
     * The global object or navigator that `node` is (`window`, `globalThis.window`, `self['navigator']`):
     * its name and how it is written; also through a local alias (`const g = globalThis`); undefined for
     * anything else.
     * @param {any} node @param {number} [depth] aliases followed so far @returns {{ name: string, text: string } | undefined}
     */
    const globalObject = (node, depth = 0) => {
      if (node?.type === 'Identifier') {
        const name = node.name;
        if ((GLOBAL_OBJECTS.has(name) || name === 'navigator') && isGlobal(node, name)) return { name, text: name };
        const aliased = depth < 8 ? globalObject(aliasOf(node), depth + 1) : undefined;
        return aliased && { name: aliased.name, text: name };
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
