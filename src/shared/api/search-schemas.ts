/**
 * The query of `GET documentation/search` (documentation §3 Search parameters, §7; shapes in ./search.ts).
 * Every parameter may be given once or repeated (the last counts), `types` repeated or comma-separated.
 * Server-side (zod); browser code imports types only.
 */
import { z } from 'zod';
import { isUuid } from '../ids.ts';
import { DOCTYPES, ROOT, type Doctype } from './documentation.ts';
import { epochSecondsParam, lastOf } from './query-params.ts';

/** The spec's default results limit (§9): accepted, but never more than SEARCH_MAX_RESULTS come back. */
export const SEARCH_DEFAULT_LIMIT = 999_999_999;
/** The most results one search answers (`total` counts on past them: see SEARCH_COUNT_AHEAD in ./search.ts). */
export const SEARCH_MAX_RESULTS = 1000;
/** `q` longer than this is refused (422). */
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** The default types (§7). */
export const SEARCH_DEFAULT_TYPES: readonly Doctype[] = ['presentation', 'form', 'sheet'];


const BOOLEANS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

export const searchQuery = z.object({
  q: lastOf(
    z
      .string()
      .max(SEARCH_MAX_QUERY_LENGTH, `q must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`)
      .refine((s) => !s.includes('\0'), 'q must not contain NUL characters'),
  )
    .optional()
    .transform((q) => (q ?? '').trim()),
  /** Doctypes, and `folder` (= include_folders); none named → the defaults; only `folder` → folders alone. */
  types: z
    .preprocess(
      (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean)),
      z.array(
        z.string().refine((s) => s === 'folder' || (DOCTYPES as readonly string[]).includes(s), {
          message: `types are ${DOCTYPES.join(', ')} and folder`,
        }),
      ),
    )
    .transform((types) => ({
      doctypes: types.length === 0 ? [...SEARCH_DEFAULT_TYPES] : [...new Set(types.filter((t): t is Doctype => t !== 'folder'))],
      folders: types.includes('folder'),
    })),
  include_folders: lastOf(
    z
      .string()
      .refine((s) => s.toLowerCase() in BOOLEANS, 'include_folders must be true or false')
      .transform((s) => BOOLEANS[s.toLowerCase()]!),
  ).default(false),
  in_folder: lastOf(z.string().refine((s) => s === ROOT || isUuid(s), `in_folder must be a folder id or ${ROOT}`)).optional(),
  created_before: epochSecondsParam('created_before'),
  created_after: epochSecondsParam('created_after'),
  modified_before: epochSecondsParam('modified_before'),
  modified_after: epochSecondsParam('modified_after'),
  limit: lastOf(
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(SEARCH_DEFAULT_LIMIT, `limit must be at most ${SEARCH_DEFAULT_LIMIT}`),
  )
    .default(SEARCH_DEFAULT_LIMIT)
    .transform((limit) => Math.min(limit, SEARCH_MAX_RESULTS)),
});
export type SearchQueryParsed = z.output<typeof searchQuery>;
