/**
 * What readiness (operations/readiness.ts) asks the database: that it answers at all, and how many of
 * our migrations it has applied (drizzle's own table, on PGlite and PostgreSQL alike).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../connection.ts';
import { rows } from '../rows.ts';

/** Settles when the database answers a trivial statement. */
export async function databaseAnswers(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The number of migrations recorded as applied (0 when drizzle's table does not exist yet). */
export async function appliedMigrationCount(db: Database): Promise<number> {
  if (!(await rows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`))[0]?.present) return 0;
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}
