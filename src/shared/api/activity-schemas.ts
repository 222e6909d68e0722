/** The query of `GET activity` (shapes in ./activity.ts): skip ≥ 0 (0), limit 1–1000 (100). */
import { z } from 'zod';
import { limitParam, skipParam } from './query-params.ts';

export const DEFAULT_ACTIVITY_PAGE_SIZE = 100;
export const MAX_ACTIVITY_PAGE_SIZE = 1000;

export const listActivityQuery = z.object({
  skip: skipParam(),
  limit: limitParam(MAX_ACTIVITY_PAGE_SIZE, DEFAULT_ACTIVITY_PAGE_SIZE),
});
export type ActivityPage = z.output<typeof listActivityQuery>;
