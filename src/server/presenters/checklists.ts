/** How checklist submissions look in the API's answers (shapes in shared/api/documentation.ts); pure (services/checklists/submitted-rows.ts loads the names). */
import type { SubmittedRow } from '../../shared/api/documentation.ts';
import type { RecordedAnswer } from '../../shared/checklists/index.ts';
import { shareAuthor } from '../../shared/api/share-links.ts';
import type { checklistSubmissions } from '../db/schema.ts';
import { nameOf } from './documentation.ts';

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

/**
 * Submitted rows with their submitters' usernames (`names`) — or, for rows submitted through a share link
 * (issue #29), `share: {name}` (`links`: the links' names by id).
 */
export function presentRows(rows: readonly SubmissionRow[], names: Map<string, string>, links: Map<string, string>): SubmittedRow[] {
  return rows.map((r) => {
    const link = r.shareLinkId === null ? undefined : links.get(r.shareLinkId);
    return present(r, nameOf(names, r.createdBy) ?? (link === undefined ? null : shareAuthor(link)));
  });
}
