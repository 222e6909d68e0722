/**
 * Text comparisons the query builder has no words for: case-insensitive equality (usernames, e-mail
 * addresses, role names are unique and found ignoring case; indexes on lower(…) serve these).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `lower(column) = lower(value)`. */
export function equalsIgnoringCase(column: AnyColumn, value: string): SQL {
  return sql`lower(${column}) = ${value.toLowerCase()}`;
}

/** `lower(column)`, to order by. */
export function lowerCase(column: AnyColumn): SQL {
  return sql`lower(${column})`;
}
