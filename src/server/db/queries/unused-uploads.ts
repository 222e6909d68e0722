/**
 * The clean-up's statement (services/checklists/unused-uploads.ts): unused uploads signed before a
 * moment, oldest first, taken with `FOR UPDATE SKIP LOCKED` and deleted in the same statement, so passes
 * in several processes on one database never take the same row, and a use marked at the same time
 * (`markUploadsUsed`, an UPDATE of the row) either comes first — the row is in use and skipped — or
 * waits and finds the row gone. Never a row whose file a copied document's upload shares (`file_of`), nor
 * a user's avatar, whatever its flag says.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { rows } from '../rows.ts';

export interface UnusedUpload {
  id: string;
  purpose: 'document' | 'avatar';
  orgId: string | null;
  fileOf: string | null;
}

/**
 * Deletes up to `limit` uploads unused since before `signedBefore` whose signature ran out before `now`
 * (so no file can still arrive for them), and answers them; run it in the transaction that removes their
 * files, so a failure keeps the rows for the next pass.
 */
export async function deleteUnusedUploads(db: Queryable, signedBefore: Date, now: Date, limit: number): Promise<UnusedUpload[]> {
  const found = await rows<{ id: string; purpose: 'document' | 'avatar'; org_id: string | null; file_of: string | null }>(
    db,
    sql`WITH unused AS (
          SELECT u.id FROM uploads u
           WHERE NOT u.in_use
             AND u.created_at < ${signedBefore.toISOString()}::timestamptz
             AND u.expires_at < ${now.toISOString()}::timestamptz
             AND NOT EXISTS (SELECT 1 FROM uploads c WHERE c.file_of = u.id)
             AND NOT EXISTS (SELECT 1 FROM users p WHERE p.avatar = u.id)
           ORDER BY u.created_at, u.id
           LIMIT ${limit}
             FOR UPDATE OF u SKIP LOCKED
        )
        DELETE FROM uploads d USING unused WHERE d.id = unused.id
        RETURNING d.id, d.purpose, d.org_id, d.file_of`,
  );
  return found.map((r) => ({ id: r.id, purpose: r.purpose, orgId: r.org_id, fileOf: r.file_of }));
}
