/** Reading raw statements' rows: the rows themselves, dates as Date, id arrays as one parameter. */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './connection.ts';

export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

/** A PostgreSQL array literal of ids (already checked to be UUIDs), sent as one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
