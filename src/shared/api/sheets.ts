/**
 * The result sheet and report calls' shapes (documentation §3 "Row/result", §7 `sheet-data`; issue #13
 * "A row of the sheet"), zod-free for the browser. The request schemas are in `./sheets-schemas.ts`.
 *
 * A row is one submission of a root checklist joined down the sheet's link tree: for each linked
 * (child) checklist, every submission whose linked answer equals the parent submission's answer gives a
 * row; a parent with none gives one row whose child columns are empty. `created_at` is the newest
 * `created_at` among the submissions in the row (and `created_by_username` that submission's author);
 * rows are ordered by it, newest first, and the time window filters on it.
 */
import type { RecordedAnswer } from '../checklists/answers.ts';
import type { List } from './list.ts';

export interface SheetRow {
  /** ISO 8601: the newest submission of the row. */
  created_at: string;
  /** Who made that newest submission (null: an account since deleted). */
  created_by_username: string | null;
  /**
   * The answers of the row, keyed by question id (the sheet's columns): each checklist's questions come
   * from its submission in the row. A checklist the reader cannot Read, or with no submission in the row,
   * gives no answers (its columns are empty).
   */
  record: Record<string, RecordedAnswer>;
  /** The submission each checklist gave the row (checklist id → row id), for the single-row screen; readable checklists only. */
  submissions: Record<string, string>;
}

/** GET documentation/documents/{id}/sheet-data. */
export type SheetData = List<SheetRow>;

/** The query of `sheet-data` and `export.csv`: epoch seconds, `start_time <= created_at < end_time`. */
export interface SheetDataQuery {
  start_time?: number;
  end_time?: number;
  skip?: number;
  /** Default 999999999 (the spec's); a page holds at most MAX_RESULTS_PAGE rows (`total` says how many there are). */
  limit?: number;
}

/** `export.csv` takes the same window, without paging: every row of it. */
export type SheetExportQuery = Pick<SheetDataQuery, 'start_time' | 'end_time'>;

/** Column titles of the CSV export beside the questions' own. */
export const CSV_DATETIME_COLUMN = 'Datetime';
export const CSV_SUBMITTED_BY_COLUMN = 'Submitted By';
/** The title of a question's valid-flag column: `{title} (valid)`. */
export const csvValidColumn = (title: string) => `${title} (valid)`;
/** The title of a question's comments column: `{title} (comments)`. */
export const csvCommentsColumn = (title: string) => `${title} (comments)`;

/** A file name from a document's name: letters, digits, spaces, dots, dashes and underscores kept, at most 100 characters. */
export function exportFileName(name: string, extension: 'csv' | 'pdf' | 'zip'): string {
  const base = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[.\s_]+|[.\s_]+$/g, '')
    .slice(0, 100);
  return `${base || 'export'}.${extension}`;
}
