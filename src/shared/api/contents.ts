/**
 * Pieces of the document-contents schemas shared by every doctype (documentation §3): records of
 * entries by id, ordered id indexes that must name entries, and the checks that keep a JSON value
 * storable as jsonb. Imported by `documentation.ts` and `../checklists/schemas.ts`.
 */
import { z } from 'zod';
import { FIELD_REQUIRED } from './field-errors.ts';

/** An error message, or 'Field required' when the value is missing (as the API says it everywhere). */
export const unlessMissing = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? FIELD_REQUIRED : message);

/** An unpaired UTF-16 surrogate: JSON can carry one (`"\ud800"`), PostgreSQL's jsonb cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);
export const NOT_WELL_FORMED = 'must be valid Unicode text (no unpaired surrogates)';

/** How deep contents may nest: far beyond any page or question, far below what serialising can take. */
export const MAX_CONTENTS_DEPTH = 64;

/**
 * What stops a JSON value from being stored as jsonb, if anything: nesting deeper than `limit`, or a
 * key or string with an unpaired surrogate. Iterative: JSON.parse accepts nesting deeper than the call stack.
 */
export function unstorableJson(value: unknown, limit: number): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (!isWellFormed(item)) return NOT_WELL_FORMED;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return `must not nest deeper than ${limit} levels`;
    for (const [key, child] of Object.entries(item)) {
      if (!isWellFormed(key)) return NOT_WELL_FORMED;
      pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** A refinement: the value can be stored as jsonb. */
export function storable(value: unknown, ctx: z.RefinementCtx): void {
  const problem = unstorableJson(value, MAX_CONTENTS_DEPTH);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** Entries by id, each an object checked by `entry` (any object by default). */
export const entryRecord = <E extends z.ZodType = z.ZodObject>(what: string, entry?: E) =>
  z.record(z.string().min(1), entry ?? z.looseObject({}, { error: `each of ${what} must be an object` }), {
    error: unlessMissing(`${what} must map ids to objects`),
  });

/** An ordered list of ids, none repeated. */
export const idIndex = (what: string) =>
  z
    .array(z.string({ error: `${what} ids must be strings` }).min(1, `${what} ids must not be empty`), {
      error: unlessMissing(`${what} must be a list of ids`),
    })
    .refine((ids) => new Set(ids).size === ids.length, `${what} must not repeat an id`);

/** Every id of `indexKey` must name an entry of `recordKey`. */
export function indexRefersTo<T extends Record<string, unknown>>(recordKey: keyof T & string, indexKey: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const entries = value[recordKey] as Record<string, unknown>;
    (value[indexKey] as string[]).forEach((entryId, i) => {
      if (!Object.hasOwn(entries, entryId)) {
        ctx.addIssue({ code: 'custom', path: [indexKey, i], message: `${entryId} is not one of ${recordKey}` });
      }
    });
  };
}
