/**
 * Who hears of a checklist's new submission on the live stream (issue #45): every member with a stream
 * open in its organisation who may read the checklist's results now (THE action table's `viewResults`,
 * today Read) — not only those its notifications reach. The event names the checklist only; the results
 * page reads the numbers again through the API with its own rights.
 */
import { allows } from '../../shared/permissions/index.ts';
import type { Queryable } from '../db/connection.ts';
import type { Member } from '../env.ts';
import { documentAccess } from '../services/documentation/access.ts';

/** The user ids of `members` who may read the results of `documentId` (a live checklist), one access read each. */
export async function resultReaders(db: Queryable, members: readonly Member[], documentId: string): Promise<Set<string>> {
  const seen = await Promise.all(
    members.map(async (member) => {
      const access = await documentAccess(db, member, documentId);
      return access && !access.trashed && allows(access.permissions, 'viewResults') ? member.userId : undefined;
    }),
  );
  return new Set(seen.filter((id): id is string => id !== undefined));
}
