/**
 * Submitted rows as the API answers them (presenters/checklists.ts): their submitters' usernames in one
 * query — or, for rows submitted through a share link (issue #29), the links' names, in one query more
 * only when there are such rows.
 */
import { inArray } from 'drizzle-orm';
import type { SubmittedRow } from '../../../shared/api/documentation.ts';
import type { Queryable } from '../../db/connection.ts';
import { shareLinks, type checklistSubmissions } from '../../db/schema.ts';
import { presentRows as present } from '../../presenters/checklists.ts';
import { usernames } from '../documentation/answers.ts';

/** The names of some share links, in one query. */
async function shareLinkNames(db: Queryable, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: shareLinks.id, name: shareLinks.name }).from(shareLinks).where(inArray(shareLinks.id, wanted));
  return new Map(found.map((l) => [l.id, l.name]));
}

export async function presentRows(db: Queryable, rows: (typeof checklistSubmissions.$inferSelect)[]): Promise<SubmittedRow[]> {
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
  return present(rows, names, links);
}
