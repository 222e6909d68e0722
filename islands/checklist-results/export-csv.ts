/**
 * Export CSV of a checklist's results page (issue #45): every row of the page's filters, read through
 * the data call a thousand at a time, written as THE checklist CSV (src/shared/checklists/results-csv.ts:
 * Datetime, Submitted By, Status, the questions), which the organisation export writes too.
 */
import { api } from '../../src/client/api.ts';
import type { ChecklistDataQuery } from '../../src/shared/api/analytics.ts';
import type { SubmittedRow } from '../../src/shared/api/documentation.ts';
import type { Question } from '../../src/shared/checklists/index.ts';
import { MAX_RESULTS_PAGE } from '../../src/shared/constants.ts';
import { resultsCsvHeader, resultsCsvLine } from '../../src/shared/checklists/results-csv.ts';

/** The CSV's lines for these rows (pure). */
export function csvOf(questions: readonly { id: string; question: Question }[], rows: readonly SubmittedRow[]): string {
  let text = resultsCsvHeader(questions);
  for (const row of rows) text += resultsCsvLine(questions, row);
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
