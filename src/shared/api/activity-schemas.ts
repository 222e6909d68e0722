/** The query of `GET activity` (shapes in ./activity.ts): skip ≥ 0 (0), limit 1–1000 (100). */
import { z } from 'zod';

export const DEFAULT_ACTIVITY_PAGE_SIZE = 100;
export const MAX_ACTIVITY_PAGE_SIZE = 1000;

/** A query parameter given once or repeated: the last value counts. */
const lastOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), schema);

export const listActivityQuery = z.object({
  skip: lastOf(z.coerce.number({ error: 'skip must be a number' }).int('skip must be a whole number').min(0, 'skip must not be negative')).default(0),
  limit: lastOf(
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_ACTIVITY_PAGE_SIZE, `limit must be at most ${MAX_ACTIVITY_PAGE_SIZE}`),
  ).default(DEFAULT_ACTIVITY_PAGE_SIZE),
});
export type ActivityPage = z.output<typeof listActivityQuery>;
