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
import { FIXED_OPTIONS, hasValue, type ValueType } from '../../src/shared/checklists/index.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { columnTitles } from '../../src/shared/sheets/cells.ts';
import { formTree } from '../../src/shared/sheets/links.ts';
import { RESULTS_PAGE_SIZE } from '../../src/shared/sheets/model.ts';
import type { SortDirection } from '../shared/DataGrid.tsx';

export const NO_RESULTS = 'No Results Found';
export const DATETIME = 'Datetime';
export const SUBMITTED_BY = 'Submitted By';

export interface ResultColumn {
  /** The question's id (a key of the row's `record`). */
  id: string;
  title: string;
  valueType: ValueType;
  /** The checklist the question comes from (its submission in the row is the cell's row). */
  formId: string;
}

/** Contents as the grid reads them, whatever the server sent (a sheet never published has none). */
export function readSheetContents(raw: unknown): SheetContents {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<SheetContents>;
  return {
    questions: typeof source.questions === 'object' && source.questions !== null ? source.questions : {},
    question_index: Array.isArray(source.question_index) ? source.question_index.filter((id) => typeof id === 'string') : [],
    form_links: typeof source.form_links === 'object' && source.form_links !== null ? source.form_links : {},
    form_ids: Array.isArray(source.form_ids) ? source.form_ids.filter((id) => typeof id === 'string') : [],
  };
}

/**
 * The grid's question columns in `question_index` order; an untitled question is 'Question n'; a title
 * that questions of two checklists share carries its checklist's name once `formNames` has it (issue #32,
 * the same words as the CSV: src/shared/sheets/cells.ts `columnTitles`).
 */
export function columnsOf(contents: SheetContents, formNames?: ReadonlyMap<string, string>): ResultColumn[] {
  const titles = columnTitles(contents, formNames);
  return contents.question_index.flatMap((id, index) => {
    const question = contents.questions[id];
    if (!question) return [];
    return [{ id, title: titles[index]!, valueType: question.valueType ?? 'true/false', formId: question.form_id }];
  });
}

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

/** An answer as the grid shows it: '' for none, True/False and Pass/Fail by their labels, lists joined. */
export function cellText(valueType: ValueType, value: unknown, formatDateTime: (iso: string) => string = (iso) => iso): string {
  if (!hasValue(value)) return '';
  if (valueType === 'true/false' || valueType === 'pass/fail') {
    const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
    if (option) return option.label;
  }
  if (valueType === 'datetime' && typeof value === 'string') return formatDateTime(value);
  return plain(value);
}

function plain(value: unknown): string {
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * The valid flag of a cell: true (tick) or false (cross) when the row holds an answer to the question,
 * undefined (nothing shown) for a checklist without a submission in the row or an unanswered question.
 */
export function validFlag(row: SheetRow, columnId: string): boolean | undefined {
  const answer = row.record[columnId];
  if (!answer || !hasValue(answer.value)) return undefined;
  return answer.valid !== false;
}

/** The checklists in the order a row's submissions are tried: the roots of the link tree first. */
export function formOrder(contents: SheetContents): string[] {
  const tree = formTree(contents);
  return [...tree.roots, ...tree.joins.map((join) => join.form_id)];
}

/** The submission a row opens (its single-row screen): its root checklist's, else the first it has. */
export function rowSubmission(row: SheetRow, order: readonly string[]): string | undefined {
  for (const form of order) {
    const id = row.submissions[form];
    if (id) return id;
  }
  return Object.values(row.submissions)[0];
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
