/**
 * The results grid's pure rules (documentation §2 Viewer "Sheet", §4 "Sheet results", §9; issue #13):
 * columns from `question_index`, a cell's text and valid flag, the default filter (Datetime on or after
 * 30 days ago) and sort (Datetime descending), pages of 10, and which submission a row opens.
 *
 * Rows are kept in one array as the server sends them, newest first (the last 30 days, then the older
 * rows in batches of 100), so a filter "on or after" is a prefix of it (found by binary search) and the
 * ascending order is the same prefix read backwards: a page of 10 is sliced out of 100,000 rows without
 * copying or sorting them.
 */
import type { SheetRow } from '../../src/shared/api/sheets.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { columnTitles } from '../../src/shared/sheets/cells.ts';
import { RESULTS_PAGE_SIZE } from '../../src/shared/sheets/model.ts';
import type { SortDirection } from '../shared/DataGrid.tsx';

// The columns and a cell's text are THE grid's and its first paint's (src/shared/first-paint/sheet-results.ts).
export {
  cellText,
  columnsOf,
  DATETIME,
  formOrder,
  hiddenByCondition,
  NO_RESULTS,
  readSheetContents,
  rowSubmission,
  SUBMITTED_BY,
  validFlag,
} from '../../src/shared/sheets/results.ts';

/** The checklists whose names the titles need: those with a question whose title another checklist's shares. */
export function formsToName(contents: SheetContents): string[] {
  const plain = columnTitles(contents);
  const forms = new Map<string, Set<string>>();
  contents.question_index.forEach((id, i) => {
    const form = contents.questions[id]?.form_id;
    if (form) forms.set(plain[i]!, (forms.get(plain[i]!) ?? new Set<string>()).add(form));
  });
  return [...new Set([...forms.values()].filter((set) => set.size > 1).flatMap((set) => [...set]))];
}

/** A stable key for a row: the submissions it joins (a parent with two children gives two rows). */
export function rowKey(row: SheetRow): string {
  const ids = Object.entries(row.submissions)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, id]) => id);
  return ids.length ? ids.join('+') : `${row.created_at}|${row.created_by_username ?? ''}`;
}

/** A local date as an `<input type="date">` value ('2026-11-23'). */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of the local day of an `<input type="date">` value; undefined when empty or not a date. */
export function dateFromInput(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * How many of `rows` (newest first) are on or after `from`: they are the first ones. Binary search, so
 * the filter costs nothing however many rows are loaded. No `from`: all of them.
 */
export function countOnOrAfter(rows: readonly SheetRow[], from: Date | undefined, length = rows.length): number {
  if (!from) return length;
  const limit = from.getTime();
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (Date.parse(rows[mid]!.created_at) >= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The rows of the page starting at `skip` among the first `count` rows, in `direction` by Datetime. */
export function pageRows(rows: readonly SheetRow[], count: number, direction: SortDirection, skip: number, limit = RESULTS_PAGE_SIZE): SheetRow[] {
  const page: SheetRow[] = [];
  for (let i = skip; i < Math.min(count, skip + limit); i++) {
    page.push(rows[direction === 'descending' ? i : count - 1 - i]!);
  }
  return page;
}

/** The first row of the last page when `skip` has run past `count` (the filter narrowed the rows). */
export function clampSkip(skip: number, count: number, limit = RESULTS_PAGE_SIZE): number {
  if (skip < count) return skip;
  return Math.max(0, Math.floor((count - 1) / limit) * limit);
}

/** The loading line: 'Loading results… 1,200 of 4,000'. */
export function progressText(loaded: number, total: number): string {
  const n = new Intl.NumberFormat();
  return `Loading results… ${n.format(loaded)} of ${n.format(total)}`;
}
