/**
 * Locks held until the end of a transaction: advisory locks by name, and the row lock of a folder or a
 * document (taken before reading what a write replaces, so that concurrent writers of one item queue).
 */
import { sql } from 'drizzle-orm';
import type { ItemKind } from '../../../shared/api/documentation.ts';
import type { Queryable } from '../connection.ts';

/** Waits for and takes the lock of `name` until the end of the transaction `tx`. */
export async function lockForTransaction(tx: Queryable, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/**
 * Waits for and takes the row lock of a folder (`root`: the organisation's root) or a document of the
 * organisation until the end of the transaction `tx`. `id` must be a UUID (or `root`); no such row, no lock.
 */
export async function lockItemRow(tx: Queryable, kind: ItemKind, orgId: string, id: string): Promise<void> {
  if (kind === 'document') {
    await tx.execute(sql`SELECT id FROM documents WHERE id = ${id} AND org_id = ${orgId} FOR UPDATE`);
  } else if (id === 'root') {
    await tx.execute(sql`SELECT id FROM folders WHERE org_id = ${orgId} AND parent_id IS NULL FOR UPDATE`);
  } else {
    await tx.execute(sql`SELECT id FROM folders WHERE id = ${id} AND org_id = ${orgId} FOR UPDATE`);
  }
}
