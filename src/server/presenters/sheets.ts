/**
 * Result sheet answers (issue #13): a joined row as the API gives it (src/shared/api/sheets.ts `SheetRow`),
 * and a sheet's contents as a reader sees them. Neither shows anything of a checklist the reader may not
 * Read (issue #28; services/sheets/readers.ts decides which they may).
 */
import type { RecordedAnswer } from '../../shared/checklists/answers.ts';
import type { SheetRow } from '../../shared/api/sheets.ts';
import type { SheetContents } from '../../shared/sheets/model.ts';
import type { RawSheetRow } from '../db/queries/sheet-rows-read.ts';

/**
 * A row: its time and author, the answers of its readable checklists' columns, and their submissions'
 * ids. The author is already that of the newest submission of a readable checklist (sheet-rows-read.ts).
 */
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The checklists stored contents (published or draft) name in `form_ids` and in their questions. */
export function sheetFormIds(stored: unknown): string[] {
  if (!isRecord(stored)) return [];
  const ids = Array.isArray(stored.form_ids) ? stored.form_ids.filter((id): id is string => typeof id === 'string') : [];
  for (const q of Object.values(isRecord(stored.questions) ? stored.questions : {})) if (isRecord(q) && typeof q.form_id === 'string') ids.push(q.form_id);
  return ids;
}

/**
 * Stored sheet contents (published or a draft, whatever their shape) without the checklists outside
 * `visible`: their ids leave `form_ids`, their questions leave `questions` and `question_index`, and every
 * link from or onto one of their questions leaves `form_links` (a checklist linked under a hidden one reads
 * as a root: its rows still join through it). A question naming no checklist is left out too.
 */
export function presentSheetContents(stored: unknown, visible: ReadonlySet<string>): unknown {
  if (!isRecord(stored)) return stored;
  const questions = isRecord(stored.questions) ? stored.questions : {};
  const shown = (id: unknown): id is string => {
    if (typeof id !== 'string' || !Object.hasOwn(questions, id)) return false;
    const q = questions[id];
    return isRecord(q) && typeof q.form_id === 'string' && visible.has(q.form_id);
  };
  const seen: Record<string, unknown> = { ...stored };
  if (isRecord(stored.questions)) seen.questions = Object.fromEntries(Object.entries(questions).filter(([id]) => shown(id)));
  if (Array.isArray(stored.question_index)) seen.question_index = stored.question_index.filter(shown);
  if (isRecord(stored.form_links)) {
    seen.form_links = Object.fromEntries(Object.entries(stored.form_links).filter(([child, parent]) => shown(child) && (parent === null || shown(parent))));
  }
  if (Array.isArray(stored.form_ids)) seen.form_ids = stored.form_ids.filter((id) => typeof id === 'string' && visible.has(id));
  return seen;
}
