/**
 * Counts the SQL round trips the server makes, so a call's time can be read against the `SELECT 1`
 * beside it: every statement goes through its client's `query` — PGlite's instance or the transaction
 * object it hands to `transaction(…)`, node-postgres's Pool or a connection checked out of it for a
 * transaction — and this wraps those methods of the server's own client. BEGIN and COMMIT count: each
 * is a round trip.
 */
import type { Database } from '../../src/server/db/connection.ts';

export interface QueryCounter {
  /** Statements sent since the counter was made. */
  readonly count: number;
}

type Query = (...args: unknown[]) => Promise<unknown>;
interface Client {
  query?: Query;
  connect?: (...args: unknown[]) => Promise<unknown>;
  transaction?: (callback: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
}

const counted = new WeakSet<object>();

export function countQueries(db: Database): QueryCounter {
  const client = (db as unknown as { $client?: Client }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('the database handle has no client with a query method to count');
  const counter = { count: 0 };
  const wrapQuery = (target: Client) => {
    if (counted.has(target) || typeof target.query !== 'function') return;
    counted.add(target);
    const original = target.query;
    target.query = (...args: unknown[]) => {
      counter.count += 1;
      return original.apply(target, args);
    };
  };
  const connect = client.connect;
  if (typeof connect === 'function' && typeof client.transaction !== 'function') {
    // node-postgres: every statement runs on a connection checked out of the pool (Pool.query checks one
    // out with a callback; a transaction with a promise), so the connections are counted, once each.
    client.connect = (...args: unknown[]) => {
      const callback = args[0];
      if (typeof callback === 'function') {
        return connect.call(client, (err: unknown, connection: Client, ...rest: unknown[]) => {
          if (connection) wrapQuery(connection);
          return (callback as (...a: unknown[]) => unknown)(err, connection, ...rest);
        });
      }
      return connect.apply(client, args).then((connection) => {
        wrapQuery(connection as Client);
        return connection;
      });
    };
  } else {
    wrapQuery(client);
  }
  const transaction = client.transaction;
  if (typeof transaction === 'function') {
    // PGlite: BEGIN and COMMIT are sent by `transaction` itself.
    client.transaction = (callback) =>
      transaction.call(client, (tx) => {
        counter.count += 1;
        wrapQuery(tx as Client);
        return callback(tx).finally(() => (counter.count += 1));
      });
  }
  return counter;
}
