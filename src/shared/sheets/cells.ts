/**
 * A result sheet's rows as a spreadsheet reads them (issue #13 "Export CSV"): the columns and each cell's
 * value. Pure and zod-free (the server writes the CSV with it; a screen may name the same columns).
 *
 * Columns: 'Datetime' (the row's time), 'Submitted By', then per question in `question_index`
 * order its title ('Question n' when untitled), '{title} (valid)' when its answers are judged (pass/fail,
 * or validation switched on) and '{title} (comments)' when it allows comments. Values: numbers as numbers,
 * true/false and pass/fail by their labels (True, False, Pass, Fail), lists joined with ', ', no answer
 * ('', 'not checked', nothing) an empty cell, valid flags TRUE or FALSE (what spreadsheets read as
 * booleans). Text that a spreadsheet would run as a formula (= + - @ and tab or CR first) gets a leading
 * apostrophe (`safeText`; the CSV's header cells go through it too, issue #28). Date-times — the row's time
 * and datetime answers — are `YYYY-MM-DD HH:MM:SS` in UTC (`utcDateTime`): LibreOffice and Excel read that
 * as a date-time, where ISO 8601's `2026-11-29T10:02:00.000Z` stays text (issue #28). Issue #32: a title
 * two checklists share gets its checklist's name ('Serial number (Pump check)', `columnTitles`), and a
 * photo-verification question a '{title} (photos)' column of app addresses that open each photo for a
 * signed-in reader (`/documentation/media/{checklist}/{upload}`).
 */
import { hasValue, isDatetimeAnswer, type RecordedAnswer } from '../checklists/answers.ts';
import { readQuestion, type Question } from '../checklists/question.ts';
import { FIXED_OPTIONS, type ValueType } from '../checklists/value-types.ts';
import { CSV_DATETIME_COLUMN, CSV_SUBMITTED_BY_COLUMN, csvCommentsColumn, csvValidColumn, type SheetRow } from '../api/sheets.ts';
import type { SheetContents } from './model.ts';

export type Cell = string | number;

interface Column {
  title: string;
  cell: (row: SheetRow) => Cell;
}

/** A question's title as a column, or 'Question n' (n from 1, its place in the sheet) when it has none. */
export const columnTitle = (question: Pick<Question, 'title'>, place: number) => question.title.trim() || `Question ${place}`;

/** Whether a question's valid flag can be false: pass/fail always, the others when validation is on. */
export const isJudged = (question: Pick<Question, 'valueType' | 'validation'>) =>
  question.valueType === 'pass/fail' || question.validation.enabled === true;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Text as a cell a spreadsheet shows as text: a leading apostrophe when it would start a formula. */
export const safeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** `Date.toISOString()`'s form: read by slicing, the export's common case (no Date made per row). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * An instant as `YYYY-MM-DD HH:MM:SS` in UTC (seconds cut, not rounded), or undefined when `value` is not
 * a date-time. UTC because a cell keeps no zone (spreadsheets read `…+01:00` as text) and the server knows
 * no reader's zone; docs/result-sheets.md says so.
 */
export function utcDateTime(value: string | Date): string | undefined {
  const iso = typeof value === 'string' && ISO_UTC.test(value) ? value : toIso(value);
  return iso === undefined ? undefined : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function toIso(value: string | Date): string | undefined {
  const at = typeof value === 'string' ? (isDatetimeAnswer(value) ? new Date(value) : undefined) : value;
  return at && Number.isFinite(at.getTime()) ? at.toISOString() : undefined;
}

/** An answer's value as a cell. */
export function answerCell(valueType: ValueType, value: unknown): Cell {
  if (!hasValue(value)) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (valueType === 'true/false' || valueType === 'pass/fail') {
    const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
    if (option) return option.label;
  }
  if (Array.isArray(value)) return safeText(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '));
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (valueType === 'datetime' && typeof value === 'string') return utcDateTime(value) ?? safeText(value);
  if (typeof value === 'string') return safeText(value);
  return safeText(JSON.stringify(value) ?? '');
}

/**
 * The question columns' titles in `question_index` order, told apart (issue #32): a title that questions
 * of two or more checklists share (the linked question, from each checklist) gets its checklist's name,
 * 'Serial number (Pump check)'. Without a name for each of them the titles stay as they are. The grid,
 * the CSV and the report's cards all name their columns with it.
 */
export function columnTitles(contents: SheetContents, formNames?: ReadonlyMap<string, string>): string[] {
  const plain = contents.question_index.map((id, i) => columnTitle(readQuestion(contents.questions[id]), i + 1));
  const formsOf = new Map<string, Set<string>>();
  contents.question_index.forEach((id, i) => {
    const forms = formsOf.get(plain[i]!) ?? new Set<string>();
    forms.add(contents.questions[id]?.form_id ?? '');
    formsOf.set(plain[i]!, forms);
  });
  return contents.question_index.map((id, i) => {
    const title = plain[i]!;
    const forms = formsOf.get(title)!;
    const names = [...forms].map((form) => formNames?.get(form));
    if (forms.size < 2 || names.some((name) => !name)) return title;
    return `${title} (${formNames!.get(contents.questions[id]!.form_id)})`;
  });
}

/** The title of a question's photos column in the CSV: `{title} (photos)`. */
export const csvPhotosColumn = (title: string) => `${title} (photos)`;

export interface SheetColumnsOptions {
  /** The checklists' names by id: titles two checklists share are told apart by them (`columnTitles`). */
  formNames?: ReadonlyMap<string, string>;
  /**
   * The app's address of a photo of an answer (opens it for a signed-in reader); given, each photo
   * question gets a '{title} (photos)' column, its photos' addresses separated by spaces.
   */
  mediaAddress?: (formId: string, uploadId: string) => string;
}

/** The columns of a sheet's CSV, in order. */
export function sheetColumns(contents: SheetContents, options: SheetColumnsOptions = {}): Column[] {
  const columns: Column[] = [
    { title: CSV_DATETIME_COLUMN, cell: (row) => utcDateTime(row.created_at) ?? row.created_at },
    { title: CSV_SUBMITTED_BY_COLUMN, cell: (row) => safeText(row.created_by_username ?? '') },
  ];
  const titles = columnTitles(contents, options.formNames);
  contents.question_index.forEach((id, i) => {
    const question = readQuestion(contents.questions[id]);
    const title = titles[i]!;
    const answer = (row: SheetRow): RecordedAnswer | undefined => row.record[id];
    columns.push({ title, cell: (row) => answerCell(question.valueType, answer(row)?.value) });
    if (isJudged(question)) {
      columns.push({ title: csvValidColumn(title), cell: (row) => (answer(row) ? (answer(row)!.valid ? 'TRUE' : 'FALSE') : '') });
    }
    const media = options.mediaAddress;
    const form = contents.questions[id]?.form_id;
    if (media && form && question.photoVerification) {
      columns.push({ title: csvPhotosColumn(title), cell: (row) => (answer(row)?.media ?? []).map((upload) => media(form, upload)).join(' ') });
    }
    if (question.allowComments) {
      columns.push({ title: csvCommentsColumn(title), cell: (row) => safeText(answer(row)?.comments ?? '') });
    }
  });
  return columns;
}
