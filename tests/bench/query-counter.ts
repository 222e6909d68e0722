/**
 * Counts the SQL round trips the server makes, so a call's time can be read against the `SELECT 1`
 * beside it: Drizzle sends every statement through its client's `query` (PGlite's instance, or
 * node-postgres's Pool outside transactions), and this wraps that one method of the server's own
 * client. Statements inside a PostgreSQL transaction go through a checked-out connection and are not
 * counted; the calls the bench times run none.
 */
import type { Database } from '../../src/server/db/connection.ts';

export interface QueryCounter {
  /** Statements sent since the counter was made. */
  readonly count: number;
}

export function countQueries(db: Database): QueryCounter {
  const client = (db as unknown as { $client?: { query?: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client?.query;
  if (!client || typeof original !== 'function') throw new Error('the database handle has no client with a query method to count');
  const counter = { count: 0 };
  client.query = (...args: unknown[]) => {
    counter.count += 1;
    return original.apply(client, args);
  };
  return counter;
}
