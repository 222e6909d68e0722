/**
 * The zod schemas of the result sheet calls: the query of `GET documentation/documents/{id}/sheet-data`
 * and `export.csv` (issue #13). The browser imports `./sheets.ts` for the types.
 */
import { z } from 'zod';
import { DEFAULT_RESULTS_LIMIT, MAX_RESULTS_PAGE } from '../constants.ts';

/** A query parameter given once or repeated: the last value counts. */
const lastOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), schema);

/** Latest epoch second a query may name (9999-12-31T23:59:59Z), within what both JavaScript and PostgreSQL can hold. */
const MAX_EPOCH_SECONDS = 253_402_300_799;
const epochSeconds = (name: string) =>
  lastOf(
    z.coerce
      .number({ error: `${name} must be a number of seconds since 1970` })
      .min(0, `${name} must not be negative`)
      .max(MAX_EPOCH_SECONDS, `${name} must be at most ${MAX_EPOCH_SECONDS}`),
  ).optional();

const window = {
  start_time: epochSeconds('start_time'),
  end_time: epochSeconds('end_time'),
};

/** `start_time <= created_at < end_time` (epoch seconds); `limit` defaults to the spec's 999999999, capped at MAX_RESULTS_PAGE a page. */
export const sheetDataQuery = z.object({
  ...window,
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
});
export type SheetDataQueryParsed = z.output<typeof sheetDataQuery>;

/** `export.csv`: the same window, every row in it. */
export const sheetExportQuery = z.object(window);
export type SheetExportQueryParsed = z.output<typeof sheetExportQuery>;
