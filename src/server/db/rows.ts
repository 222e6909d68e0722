/** Reading raw statements' rows: the rows themselves, dates as Date, id arrays as one parameter. */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './connection.ts';

export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

/** Who made and last changed a folder or document, and when, as raw SQL hands them out. */
export interface RawStamps {
  created_by: string | null;
  created_at: unknown;
  modified_by: string | null;
  modified_at: unknown;
}

/** The stamps of a raw folder or document row, named and typed. */
export const stamps = (r: RawStamps) => ({
  createdBy: r.created_by,
  createdAt: toDate(r.created_at),
  modifiedBy: r.modified_by,
  modifiedAt: toDate(r.modified_at),
});

/** Stamps plus when and by whom the row went to the trash. */
export const stampsWithTrash = (r: RawStamps & { deleted_at: unknown; deleted_by: string | null }) => ({
  ...stamps(r),
  deletedAt: toDateOrNull(r.deleted_at),
  deletedBy: r.deleted_by,
});

/** A json column as the drivers hand it out: already parsed, or as its text. */
export const fromJson = <T,>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A PostgreSQL array literal (`{a,b}`) of ids or words already checked, sent as one parameter and cast in the statement. */
export const arrayLiteral = (items: readonly string[]): string => `{${items.join(',')}}`;

/** A PostgreSQL array literal of ids (already checked to be UUIDs), sent as one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${arrayLiteral(ids)}::uuid[]`;
