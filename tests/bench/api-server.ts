/**
 * The server the API benchmarks measure: the real server (src/server/server.ts `startServer`) in this
 * process, listening on a free port, on a fresh database of its own:
 * - PGlite (always): the embedded default, under a DATA_DIR in a new temp folder;
 * - PostgreSQL (when BENCH_DATABASE_URL is set, e.g. postgres://postgres@127.0.0.1:5432/test): a
 *   database `rb_bench_<random>` created on that server, dropped again when the bench stops.
 *
 * In this process (not a child like bench-server.ts) because the bench also times a bare `SELECT 1`
 * through the very database handle the server queries with, and PGlite belongs to one process.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../src/server/config.ts';
import type { Database, DatabaseHandle } from '../../src/server/db/connection.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { startServer } from '../../src/server/server.ts';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdmin } from '../api/support/postgres.ts';
import { seedPgliteFolder } from './pglite-template.ts';

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres';
  /** How the bench output names it. */
  label: string;
  /** The PostgreSQL server (its maintenance database) to create a fresh database on. */
  serverUrl?: string;
  /**
   * BENCH_KEEP=<name>: a database kept between runs instead of a fresh one (PostgreSQL `rb_keep_<name>`,
   * PGlite under `<tmpdir>/rb-bench-keep-<name>`), so a bench can skip seeding what it seeded before.
   */
  keep?: string;
}

/** PGlite always; PostgreSQL as well when BENCH_DATABASE_URL is set. */
export function databaseTargets(env: NodeJS.ProcessEnv = process.env): DatabaseTarget[] {
  const keep = env.BENCH_KEEP && /^[a-z0-9_]+$/.test(env.BENCH_KEEP) ? env.BENCH_KEEP : undefined;
  const targets: DatabaseTarget[] = [
    { kind: 'pglite', label: keep ? `PGlite (embedded, kept data folder '${keep}')` : 'PGlite (embedded, DATA_DIR in a temp folder)', ...(keep ? { keep } : {}) },
  ];
  const serverUrl = env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const url = new URL(serverUrl);
    targets.push({
      kind: 'postgres',
      label: keep ? `PostgreSQL at ${url.host} (kept database rb_keep_${keep})` : `PostgreSQL at ${url.host} (a fresh database, dropped afterwards)`,
      serverUrl,
      ...(keep ? { keep } : {}),
    });
  }
  return targets;
}

export interface ApiServer {
  /** Origin, e.g. http://127.0.0.1:40123. */
  url: string;
  /** The API base, `${url}/api/v1`. */
  apiUrl: string;
  /** The server's own database handle (same driver, same pool or PGlite instance). */
  db: Database;
  database: DatabaseHandle;
  /** The fresh PostgreSQL database's URL (PostgreSQL only). */
  databaseUrl?: string;
  /** A kept database (BENCH_KEEP) that existed before this run: what a bench seeded may be there. */
  reused: boolean;
  outboxDir: string;
  /** Stops serving and closes the handle, leaving the database (for a server in another process to use); stop() drops it. */
  close(): Promise<void>;
  stop(): Promise<void>;
}

/** A port free right now (the server binds it a moment later). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `publicUrl: 'self'`: the server's PUBLIC_URL is its own address (signed media addresses then load in a
 * bench's browser); by default an address no browser reaches, as no bench needs one.
 */
export async function startApiServer(target: DatabaseTarget, options: { publicUrl?: 'self'; env?: Record<string, string> } = {}): Promise<ApiServer> {
  // PGlite keeps its data folder; a kept PostgreSQL database still gets a fresh DATA_DIR (outbox, secrets).
  const keptDir = target.keep && target.kind === 'pglite' ? join(tmpdir(), `rb-bench-keep-${target.keep}`) : undefined;
  let reused = false;
  if (keptDir) reused = existsSync(keptDir);
  const dataDir = keptDir ?? (await mkdtemp(join(tmpdir(), 'ringbinder-api-bench-')));
  if (keptDir) await mkdir(keptDir, { recursive: true });
  let databaseName: string | undefined;
  let databaseUrl: string | undefined;
  if (target.kind === 'postgres') {
    const serverUrl = target.serverUrl!;
    databaseName = target.keep ? `rb_keep_${target.keep}` : randomDatabaseName('rb_bench');
    await withAdmin(serverUrl, async (admin) => {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
      reused = found.rowCount === 1;
      if (!reused) await admin.query(`CREATE DATABASE ${databaseName}`);
    });
    databaseUrl = databaseUrlFor(serverUrl, databaseName);
  }
  const dropFresh = async () => {
    if (databaseName && !target.keep) {
      // pool.end() resolves once its connections are told to end, not once they have: dropped at once (WITH
      // FORCE), the last ones would be cut off and logged as lost. Wait up to 2 s for them to go.
      await withAdmin(target.serverUrl!, async (admin) => {
        for (let waited = 0; waited < 2_000; waited += 50) {
          const open = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [databaseName]);
          if (Number(open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await dropDatabase(target.serverUrl!, databaseName);
    }
    if (!keptDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    if (target.kind === 'pglite' && !keptDir) await seedPgliteFolder(join(dataDir, 'pglite'));
    const port = options.publicUrl === 'self' ? await freePort() : 0;
    const config = readConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: port ? `http://127.0.0.1:${port}` : 'http://ringbinder.bench',
      REQUEST_LOG: '0',
      DIST_DIR: join(process.cwd(), 'dist'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    });
    const outboxDir = join(dataDir, 'outbox');
    const running = await startServer(config, { mailer: outboxMailer(outboxDir, () => undefined) });
    let closed: Promise<void> | undefined;
    const close = () => (closed ??= running.close());
    return {
      url: running.url,
      apiUrl: `${running.url}/api/v1`,
      db: running.deps.db,
      database: running.database,
      ...(databaseUrl ? { databaseUrl } : {}),
      reused,
      outboxDir,
      close,
      stop: async () => {
        try {
          await close();
        } finally {
          await dropFresh();
        }
      },
    };
  } catch (err) {
    await dropFresh();
    throw err;
  }
}
