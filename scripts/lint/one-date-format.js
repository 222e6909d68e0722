// @ts-check
/**
 * `ringbinder/one-date-format`: one date and time format (./layout.js `dateFormatting`). Refuses, outside
 * THE module, `Intl.DateTimeFormat` (made or named), `toLocaleDateString()` and `toLocaleTimeString()`, and
 * `toLocaleString()` called with no locale (a date's own; a number's with a locale, `n.toLocaleString('en')`,
 * stays allowed) or on `new Date(…)`.
 */
import { dateFormatting } from './layout.js';
import { LAYOUT, repositoryPath, within } from './paths.js';

/** @param {any} node @param {string} name */
const named = (node, name) => !!node && ((node.type === 'Identifier' && node.name === name) || (node.type === 'Literal' && node.value === name));

/** @type {import('eslint').Rule.RuleModule} */
export const oneDateFormat = {
  meta: {
    type: 'problem',
    docs: { description: 'Dates are written by THE date-time text (src/shared/date-time.ts), nothing else.' },
    schema: [],
    messages: { own: '{{what}}: {{why}} ({{layout}}).' },
  },
  create(context) {
    const from = repositoryPath(context.cwd, context.physicalFilename);
    if (from === undefined || !dateFormatting.in.some((place) => within(from, place))) return {};
    if (dateFormatting.except.some((place) => within(from, place))) return {};
    /** @param {any} node @param {string} what */
    const report = (node, what) => context.report({ node, messageId: 'own', data: { what, why: dateFormatting.why, layout: LAYOUT } });
    return {
      /** @param {any} node */
      MemberExpression(node) {
        if (named(node.object, 'Intl') && named(node.property, 'DateTimeFormat')) report(node, 'Intl.DateTimeFormat');
      },
      /** @param {any} node */
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression') return;
        const name = callee.computed ? (callee.property.type === 'Literal' ? callee.property.value : undefined) : callee.property.name;
        if (name === 'toLocaleDateString' || name === 'toLocaleTimeString') report(node, `${name}()`);
        else if (name === 'toLocaleString') {
          const onDate = callee.object.type === 'NewExpression' && named(callee.object.callee, 'Date');
          if (onDate || node.arguments.length === 0) report(node, 'toLocaleString()');
        }
      },
    };
  },
};
