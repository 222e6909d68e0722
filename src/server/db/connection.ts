/**
 * Opens the database: embedded PGlite under DATA_DIR by default, or a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same schema and migrations; the rest of the server sees one
 * Drizzle `Database`. PGlite (a whole database engine, ~40 MB of the server's memory once loaded
 * through tsx) is imported only when it is the one opened.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction in progress: what every query function takes. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Brings the schema up to date (on PostgreSQL under an advisory lock, so N processes can start at once). */
  migrate(): Promise<void>;
  /** Connections open, idle and asked for but waited for (/metrics); PGlite is one connection in the process. */
  poolUse(): PoolUse;
  /** PGlite only: its data folder as one gzipped tarball, taken between two statements (operations/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres://… — a PostgreSQL server; unset → PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; unset → in memory. */
  dataDir?: string | undefined;
  /** A dumped PGlite data folder to start from (tests clone one migrated template). */
  loadDataDir?: Blob | undefined;
}

/** Connections the server keeps open to a PostgreSQL server. */
export const POOL_SIZE = 10;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT off: the request path's statements are short, and a plan priced high by a poor row guess was
    // compiled for 0.3–3 s (the analytics, issue #45; the sheets' joins turn it off per transaction too).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE, options: '-c jit=off' });
    // An idle connection the server drops (restart, failover, terminated backend) emits 'error' on the
    // pool; unheard, that would end the process. The pool opens a new connection when next asked.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const migrate = async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7262001)');
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7262001)').catch(() => undefined);
        client.release();
      }
    };
    const poolUse = () => ({ max: POOL_SIZE, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', migrate, poolUse, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    // pg_trgm (search's trigram indexes): PGlite ships it as a contrib extension, loaded into every instance.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pgliteDb = drizzlePglite(client, { schema });
  const migrate = () => migratePglite(pgliteDb, { migrationsFolder });
  const poolUse = () => ({ max: 1, open: 1, idle: 1, waiting: 0 });
  // CHECKPOINT writes what the WAL holds into the tables' files; the dump itself runs exclusively (no statement between).
  const dumpDataDir = async () => {
    await client.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  };
  return { db: pgliteDb as unknown as Database, kind: 'pglite', migrate, poolUse, dumpDataDir, close: () => client.close() };
}
