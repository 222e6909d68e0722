/** Transaction-scoped advisory locks: one name at a time, released at commit or rollback. */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';

/** Waits for and takes the lock of `name` until the end of the transaction `tx`. */
export async function lockForTransaction(tx: Queryable, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
