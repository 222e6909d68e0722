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
  /** Empty for a statement sent unnamed (statementFamily's shapes past its named ones). */
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

/**
 * A statement sent unnamed: parsed and planned at each call with its values (a custom plan). For a
 * statement whose best plan depends on them — how many rows a range holds: a prepared statement's generic
 * plan guesses a few and walks the index row by row where a bitmap scan of the range is several times faster.
 */
export const unnamed = (query: SQL): NamedStatement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: '', text, params };
};

/**
 * A family of statements whose SQL differs by a small shape (an ordering, say): each shape's statement
 * is built the first time it is asked for (and kept: `keyOf` must have few values) and named `<name>_<n>`.
 * The first `named` shapes are kept prepared on every connection; any shape after them is sent unnamed
 * (parsed and planned by the database at each call), so callers choosing shapes can never fill the
 * connections with prepared statements.
 */
export function statementFamily<S>(name: string, options: { keyOf: (shape: S) => string; build: (shape: S) => SQL; named: number }) {
  const byKey = new Map<string, NamedStatement>();
  let named = 0;
  return (shape: S): NamedStatement => {
    const key = options.keyOf(shape);
    let statement = byKey.get(key);
    if (!statement) {
      // Every shape is built once (the shapes are few: a query's own values choose them); only the first are named.
      statement = named < options.named ? namedStatement(`${name}_${++named}`, options.build(shape)) : unnamed(options.build(shape));
      byKey.set(key, statement);
    }
    return statement;
  };
}

/** Runs a named statement with its placeholders' values; the rows as the driver read them. */
export async function runStatement<T>(db: Queryable, statement: NamedStatement, values: Record<string, unknown>): Promise<T[]> {
  const client = clientOf(db);
  const params = fillPlaceholders(statement.params, values);
  const result =
    statement.name !== '' && (client instanceof pg.Pool || client instanceof pg.Client)
      ? await client.query({ name: statement.name, text: statement.text, values: params })
      : await client.query(statement.text, params);
  return result.rows as T[];
}
