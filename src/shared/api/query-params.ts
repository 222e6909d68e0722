/**
 * THE parsing of list queries (zod, server side): a parameter given once or repeated, `skip` and `limit`
 * with their messages, and `ordering` (repeated or comma-separated fields, `-` for descending). Every
 * list call reads its query with these, so they answer the same 422 details.
 */
import { z } from 'zod';
import { DEFAULT_RESULTS_LIMIT, MAX_RESULTS_PAGE } from '../constants.ts';

/** A query parameter given once or repeated: the last value counts. */
export const lastOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), schema);

/** A query parameter given once, repeated or comma-separated: every value, trimmed, blanks dropped. */
export const everyOf = (v: unknown): string[] =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

/** `skip`: a whole number from 0 (default 0), at most `max` when given. */
export function skipParam(max?: number) {
  const whole = z.coerce.number({ error: 'skip must be a number' }).int('skip must be a whole number').min(0, 'skip must not be negative');
  return lastOf(max === undefined ? whole : whole.max(max, `skip must be at most ${max}`)).default(0);
}

/** `limit`: a whole number from 1 to `max`, `fallback` when not given. */
export function limitParam(max: number, fallback: number) {
  return lastOf(
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(max, `limit must be at most ${max}`),
  ).default(fallback);
}

export interface OrderingKey<F extends string> {
  field: F;
  descending: boolean;
}

/**
 * `ordering` repeated or comma-separated (`-is_org_admin,username`): fields of `fields`, each once (the
 * first mention counts), `fallback` when none is given.
 */
export function orderingParam<F extends string>(fields: readonly F[], fallback: OrderingKey<F>[]) {
  return z
    .preprocess(
      everyOf,
      z.array(
        z.string().refine((s) => (fields as readonly string[]).includes(s.replace(/^[-+]/, '')), {
          message: `ordering fields are ${fields.join(', ')}, each with an optional - for descending`,
        }),
      ),
    )
    .transform((keys): OrderingKey<F>[] => {
      const seen = new Set<string>();
      const parsed: OrderingKey<F>[] = [];
      for (const key of keys) {
        const field = key.replace(/^[-+]/, '') as F;
        if (seen.has(field)) continue;
        seen.add(field);
        parsed.push({ field, descending: key.startsWith('-') });
      }
      return parsed.length > 0 ? parsed : fallback;
    });
}

/** Latest epoch second a query may name (9999-12-31T23:59:59Z), within what both JavaScript and PostgreSQL can hold. */
export const MAX_EPOCH_SECONDS = 253_402_300_799;

/** A time as seconds since 1970 (documentation §7: search's and the results calls' windows); optional. */
export function epochSecondsParam(name: string) {
  return lastOf(
    z.coerce
      .number({ error: `${name} must be a number of seconds since 1970` })
      .min(0, `${name} must not be negative`)
      .max(MAX_EPOCH_SECONDS, `${name} must be at most ${MAX_EPOCH_SECONDS}`),
  ).optional();
}

/**
 * The paging of the results calls (`data`, `sheet-data`): any skip; `limit` defaults to the spec's
 * 999999999 and is capped at MAX_RESULTS_PAGE rows a page (`total` tells how many there are).
 */
export const resultsPaging = {
  skip: lastOf(
    z.coerce
      .number({ error: 'skip must be a number' })
      .int('skip must be a whole number')
      .min(0, 'skip must not be negative')
      .max(Number.MAX_SAFE_INTEGER, 'skip is too large'),
  ).default(0),
  limit: lastOf(
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(Number.MAX_SAFE_INTEGER, 'limit is too large'),
  )
    .default(DEFAULT_RESULTS_LIMIT)
    .transform((limit) => Math.min(limit, MAX_RESULTS_PAGE)),
};
