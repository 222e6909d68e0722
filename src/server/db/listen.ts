/**
 * LISTEN on a PostgreSQL channel for as long as the server runs, on either driver:
 * - PostgreSQL: ONE dedicated `pg.Client` opened with the pool's own settings (not taken from the pool,
 *   which keeps all its POOL_SIZE connections for requests), kept alive by TCP keep-alive; when it drops
 *   (server restart, failover, terminated backend) it is opened again with backoff (250 ms doubling to
 *   10 s) and `onReconnect` says so — what was notified meanwhile is lost, so the hearer resynchronises.
 * - PGlite: its in-process `listen` (one connection in this process: every NOTIFY of every request).
 * Payloads arrive as PostgreSQL delivers them: at the notifying transaction's commit, never for a rollback.
 */
import pg from 'pg';
import type { Database } from './connection.ts';
import { logger } from '../operations/logger.ts';

export interface ChannelListener {
  /** Settles once the first LISTEN is in place (rejects if that first attempt failed on PGlite). */
  ready: Promise<void>;
  /** UNLISTENs and closes the connection; no payload is heard after it settles. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The connection was lost and is listening again: payloads may have been missed. */
  onReconnect?: () => void;
  /** Where connection trouble is told (default THE log, operations/logger.ts). */
  log?: (message: string) => void;
  /** Backoff bounds for reconnecting (tests shorten them). */
  retryFirstMs?: number;
  retryMaxMs?: number;
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The driver's client behind the database: a node-postgres Pool, or PGlite. */
function clientOf(db: Database): pg.Pool | PgliteLike {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return client;
  if (client && typeof (client as PgliteLike).listen === 'function') return client as PgliteLike;
  throw new Error('the database handle has no client to LISTEN with');
}

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export function listen(db: Database, channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): ChannelListener {
  const client = clientOf(db);
  const log = options.log ?? ((message: string) => logger().error(message));
  if (!(client instanceof pg.Pool)) {
    const unlisten = client.listen(channel, onPayload);
    return {
      ready: unlisten.then(() => undefined),
      close: async () => {
        await (await unlisten.catch(() => undefined))?.().catch(() => undefined);
      },
    };
  }
  return listenOnPostgres(client, channel, onPayload, options, log);
}

function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions,
  log: (message: string) => void,
): ChannelListener {
  const firstMs = options.retryFirstMs ?? 250;
  const maxMs = options.retryMaxMs ?? 10_000;
  let closed = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = firstMs;
  let connectedOnce = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (): Promise<void> => {
    retryTimer = undefined;
    if (closed) return;
    const client = new pg.Client({ ...(pool.options as pg.ClientConfig), keepAlive: true });
    current = client;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      log(`LISTEN ${channel}: connection lost (${reason}); listening again in ${delay} ms`);
      retryTimer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, maxMs);
    };
    client.on('error', (err) => onLost(err.message));
    client.on('end', () => onLost('ended'));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoted(channel)}`);
    } catch (err) {
      onLost(err instanceof Error ? err.message : String(err));
      return;
    }
    if (closed || lost) return;
    delay = firstMs;
    if (connectedOnce) options.onReconnect?.();
    connectedOnce = true;
    markReady();
  };
  void connect();

  return {
    ready,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      markReady();
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
