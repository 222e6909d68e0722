/**
 * A result sheet's grid as it reads (documentation §2 Viewer "Sheet", §4 "Sheet results"; issues #13, #32):
 * its columns (Datetime, Submitted By, then the questions in `question_index` order), a cell's text and
 * valid flag, and which submission a row opens. Pure, so the grid (islands/sheet-results) and its first
 * paint in the page's HTML (src/shared/first-paint/sheet-results.ts, issue #31) write the same words.
 */
import type { SheetRow } from '../api/sheets.ts';
import { FIXED_OPTIONS, hasValue, visibleQuestionIds, type ValueType } from '../checklists/index.ts';
import { columnTitles } from './cells.ts';
import { formTree } from './links.ts';
import type { SheetContents } from './model.ts';

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

/**
 * Whether a row's question was hidden by its condition when its checklist was filled in (issue #43: a
 * report says 'Not asked', not 'Not answered'): it has a condition, its checklist gave the row a
 * submission, the row holds no answer to it (the server stores none for a hidden question; the filler
 * sends every shown one), and — when the condition's question is a column too — the condition is not met
 * by the row's answers.
 */
export function hiddenByCondition(contents: SheetContents, row: SheetRow, columnId: string): boolean {
  const question = contents.questions[columnId];
  if (!question?.show_if || Object.hasOwn(row.record, columnId) || !row.submissions[question.form_id]) return false;
  const sameForm = contents.question_index
    .filter((id) => contents.questions[id]?.form_id === question.form_id)
    .map((id) => ({ id, question: contents.questions[id]! }));
  if (!sameForm.some(({ id }) => id === question.show_if!.question)) return true;
  return !visibleQuestionIds(sameForm, row.record).has(columnId);
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

