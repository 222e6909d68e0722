/** The query of `GET documentation/{folders|documents}/{id}/effective-permissions` (zod, server; shapes in ./effective-permissions.ts). */
import { z } from 'zod';
import { isWellFormed } from './contents.ts';
import { DEFAULT_EFFECTIVE_PAGE_SIZE, MAX_EFFECTIVE_PAGE_SIZE, MAX_EFFECTIVE_QUERY_LENGTH } from './effective-permissions.ts';
import { sentence } from './field-errors.ts';
import { lastOf, limitParam, skipParam } from './query-params.ts';

export const effectivePermissionsQuery = z.object({
  /** Case-insensitive part of the username or the full name; blank means everyone. */
  q: lastOf(
    z
      .string()
      .trim()
      .max(MAX_EFFECTIVE_QUERY_LENGTH, sentence(`A search may be at most ${MAX_EFFECTIVE_QUERY_LENGTH} characters`))
      .refine(isWellFormed, 'q must be valid Unicode text (no unpaired surrogates)'),
  ).default(''),
  skip: skipParam(),
  limit: limitParam(MAX_EFFECTIVE_PAGE_SIZE, DEFAULT_EFFECTIVE_PAGE_SIZE),
});
export type EffectivePermissionsParams = z.output<typeof effectivePermissionsQuery>;
