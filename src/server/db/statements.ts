/**
 * Named statements for the request path: SQL built ONCE (with `sql.placeholder(…)` for its values) and
 * sent by name, so the query builder does no work per request and PostgreSQL parses and plans each one
 * once per connection (node-postgres `{name, text, values}`: a prepared statement that later calls only
 * bind and execute). PGlite, one connection in this process, gets the same text with its values.
 *
 * Rows come as the driver reads them: timestamps as Date, json and jsonb parsed, int4 as number.
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './connection.ts';

const dialect = new PgDialect();

export interface NamedStatement {
  name: string;
  text: string;
  params: unknown[];
}

const names = new Set<string>();

/** A statement of the request path; `name` is unique in the server (node-postgres keys prepared statements by it). */
export function namedStatement(name: string, query: SQL): NamedStatement {
  if (names.has(name)) throw new Error(`two statements are named ${name}`);
  names.add(name);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
}

interface Client {
  query(...args: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The driver's client behind a database or a transaction: a node-postgres Pool or PoolClient, or PGlite. */
function clientOf(db: Queryable): Client {
  const client = (db as unknown as { session?: { client?: Client } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('the database handle has no client to send a statement to');
  return client;
}

/** Runs a named statement with its placeholders' values; the rows as the driver read them. */
export async function runStatement<T>(db: Queryable, statement: NamedStatement, values: Record<string, unknown>): Promise<T[]> {
  const client = clientOf(db);
  const params = fillPlaceholders(statement.params, values);
  const result =
    client instanceof pg.Pool || client instanceof pg.Client
      ? await client.query({ name: statement.name, text: statement.text, values: params })
      : await client.query(statement.text, params);
  return result.rows as T[];
}
