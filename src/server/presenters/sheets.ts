/**
 * Result sheet answers (issue #13): a joined row as the API gives it (src/shared/api/sheets.ts `SheetRow`).
 */
import type { RecordedAnswer } from '../../shared/checklists/answers.ts';
import type { SheetRow } from '../../shared/api/sheets.ts';
import type { SheetContents } from '../../shared/sheets/model.ts';
import type { RawSheetRow } from '../db/queries/sheet-rows-read.ts';

/** A row: its time and author, the answers of its readable checklists' columns, and their submissions' ids. */
export function presentSheetRow(contents: SheetContents, readable: ReadonlySet<string>, raw: RawSheetRow): SheetRow {
  const record: Record<string, RecordedAnswer> = {};
  for (const [id, question] of Object.entries(contents.questions)) {
    if (!readable.has(question.form_id)) continue;
    const answers = raw.records[question.form_id];
    if (answers && Object.hasOwn(answers, id)) record[id] = answers[id] as RecordedAnswer;
  }
  const submissions: Record<string, string> = {};
  for (const [form, id] of Object.entries(raw.submissions)) if (id && readable.has(form)) submissions[form] = id;
  return { created_at: raw.created_at.toISOString(), created_by_username: raw.created_by_username, record, submissions };
}
