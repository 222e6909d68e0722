/** How checklist submissions look in the API's answers (shapes in shared/api/documentation.ts). */
import type { SubmittedRow } from '../../shared/api/documentation.ts';
import type { RecordedAnswer } from '../../shared/checklists/index.ts';
import { shareAuthor } from '../../shared/api/share-links.ts';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/connection.ts';
import { shareLinks, type checklistSubmissions } from '../db/schema.ts';
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

/** The names of some share links, in one query. */
async function shareLinkNames(db: Queryable, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: shareLinks.id, name: shareLinks.name }).from(shareLinks).where(inArray(shareLinks.id, wanted));
  return new Map(found.map((l) => [l.id, l.name]));
}

/**
 * Submitted rows, their submitters' usernames fetched in one query — or, for rows submitted through a
 * share link (issue #29), `share: {name}` (the links' names in one query more, only when there are such rows).
 */
export async function presentRows(db: Queryable, rows: SubmissionRow[]): Promise<SubmittedRow[]> {
  const [names, links] = await Promise.all([
    usernames(
      db,
      rows.map((r) => r.createdBy),
    ),
    shareLinkNames(
      db,
      rows.map((r) => r.shareLinkId),
    ),
  ]);
  return rows.map((r) => {
    const link = r.shareLinkId === null ? undefined : links.get(r.shareLinkId);
    return present(r, nameOf(names, r.createdBy) ?? (link === undefined ? null : shareAuthor(link)));
  });
}
