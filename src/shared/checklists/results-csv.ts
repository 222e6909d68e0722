/**
 * THE CSV of a checklist's submissions (issue #45's results page, Export CSV; issue #47's organisation
 * export writes the same file on the server): Datetime, Submitted By, Status, then each question of the
 * checklist's latest version in order; a row per submission. Text a spreadsheet would run as a formula is
 * quoted (`safeText`), every field as RFC 4180 says, lines ended by CRLF; the file starts with a UTF-8 byte
 * order mark. Pure and zod-free: the results island and the server both write with it.
 */
import type { Question } from './question.ts';
import { safeText } from '../sheets/cells.ts';
import { cellText, DATETIME, SUBMITTED_BY } from '../sheets/results.ts';

/** What a line needs of a submission (SubmittedRow's fields). */
export interface CsvSubmission {
  created_at: string;
  created_by_username: string | null;
  validation_errors: number;
  record: Record<string, { value?: unknown } | undefined>;
}

type CsvQuestions = readonly { id: string; question: Question }[];

const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const line = (cells: readonly string[]) => `${cells.map((c) => field(safeText(c))).join(',')}\r\n`;

/** The byte order mark and the header line. */
export const resultsCsvHeader = (questions: CsvQuestions): string =>
  `\uFEFF${line([DATETIME, SUBMITTED_BY, 'Status', ...questions.map(({ question }) => question.title)])}`;

/** One submission's line. */
export function resultsCsvLine(questions: CsvQuestions, row: CsvSubmission): string {
  const status = row.validation_errors === 0 ? 'Valid' : `${row.validation_errors} failing`;
  return line([row.created_at, row.created_by_username ?? '', status, ...questions.map(({ id, question }) => cellText(question.valueType, row.record[id]?.value))]);
}
