/** How checklist submissions look in the API's answers (shapes in shared/api/documentation.ts). */
import type { SubmittedRow } from '../../shared/api/documentation.ts';
import type { RecordedAnswer } from '../../shared/checklists/index.ts';
import type { Queryable } from '../db/connection.ts';
import type { checklistSubmissions } from '../db/schema.ts';
import { nameOf, usernames } from './documentation.ts';

type SubmissionRow = typeof checklistSubmissions.$inferSelect;

/** One submitted row, with its submitter's username. */
export function present(row: SubmissionRow, username: string | null): SubmittedRow {
  return {
    id: row.id,
    document_id: row.documentId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    created_by_username: username,
    record: row.record as Record<string, RecordedAnswer>,
    validation_errors: row.validationErrors,
  };
}

/** Submitted rows, their submitters' usernames fetched in one query. */
export async function presentRows(db: Queryable, rows: SubmissionRow[]): Promise<SubmittedRow[]> {
  const names = await usernames(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => present(r, nameOf(names, r.createdBy)));
}
