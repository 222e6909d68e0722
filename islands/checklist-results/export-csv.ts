/**
 * Export CSV of a checklist's results page (issue #45): every row of the page's filters, read through
 * the data call a thousand at a time, written as the result sheets' CSV is (Datetime, Submitted By,
 * Status, the questions; text that a spreadsheet would run as a formula is quoted: shared `safeText`).
 */
import { api } from '../../src/client/api.ts';
import type { ChecklistDataQuery } from '../../src/shared/api/analytics.ts';
import type { SubmittedRow } from '../../src/shared/api/documentation.ts';
import type { Question } from '../../src/shared/checklists/index.ts';
import { MAX_RESULTS_PAGE } from '../../src/shared/constants.ts';
import { safeText } from '../../src/shared/sheets/cells.ts';
import { cellText, DATETIME, SUBMITTED_BY } from '../../src/shared/sheets/results.ts';

const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const line = (cells: readonly string[]) => `${cells.map((c) => field(safeText(c))).join(',')}\r\n`;

/** The CSV's lines for these rows (pure). */
export function csvOf(questions: readonly { id: string; question: Question }[], rows: readonly SubmittedRow[]): string {
  let text = `\uFEFF${line([DATETIME, SUBMITTED_BY, 'Status', ...questions.map(({ question }) => question.title)])}`;
  for (const row of rows) {
    const status = row.validation_errors === 0 ? 'Valid' : `${row.validation_errors} failing`;
    text += line([row.created_at, row.created_by_username ?? '', status, ...questions.map(({ id, question }) => cellText(question.valueType, row.record[id]?.value))]);
  }
  return text;
}

/** Reads every row of `query` and answers the CSV file. */
export async function exportRows(documentId: string, questions: readonly { id: string; question: Question }[], query: ChecklistDataQuery): Promise<Blob> {
  const rows: SubmittedRow[] = [];
  for (let skip = 0; ; skip += MAX_RESULTS_PAGE) {
    const page = await api.documentation.checklistData(documentId, { ...query, skip, limit: MAX_RESULTS_PAGE });
    rows.push(...page.results);
    if (page.results.length < MAX_RESULTS_PAGE || rows.length >= page.total) break;
  }
  return new Blob([csvOf(questions, rows)], { type: 'text/csv;charset=utf-8' });
}
