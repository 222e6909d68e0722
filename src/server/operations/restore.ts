/**
 * `npm run restore -- <file>` (docs/operations.md "Backups and restores"): brings an archive of
 * operations/backup.ts back into an EMPTY data folder (no PGlite data, no uploads) and, on PostgreSQL, an
 * EMPTY database (DATABASE_URL: no table in it) — it never overwrites. Then `npm start` as usual (it
 * applies the migrations a newer build brings).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import type { BackupManifest } from './backup.ts';

const run = promisify(execFile);

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).filter((name) => name !== '.incoming').length === 0;

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

async function restoreDatabase(config: Config, manifest: BackupManifest, from: string): Promise<void> {
  if (manifest.database === 'pglite') {
    if (config.databaseUrl) throw new Error('This backup holds an embedded (PGlite) database: unset DATABASE_URL to restore it');
    const dump = await readFile(join(from, 'database', 'pglite.tar.gz'));
    const database = await openDatabase({ dataDir: join(config.dataDir, 'pglite'), loadDataDir: new Blob([dump], { type: 'application/x-gzip' }) });
    await database.close();
    return;
  }
  if (!config.databaseUrl) throw new Error('This backup holds a PostgreSQL database: set DATABASE_URL to the empty database to restore it into');
  try {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, join(from, 'database', 'postgres.dump')]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pg_restore is not installed: install the PostgreSQL client tools of your server’s version', { cause: err });
    throw new Error(`pg_restore failed: ${String((err as { stderr?: string }).stderr ?? err)}`, { cause: err });
  }
}

/** Checks the target is empty, restores; answers the archive's NOTE.txt for the person at the terminal. */
export async function restoreBackup(config: Config, file: string): Promise<string> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !isEmpty(pgliteDir)) throw new Error(`${pgliteDir} is not empty: restore into an empty data folder`);
  if (!isEmpty(join(config.dataDir, 'uploads'))) throw new Error(`${join(config.dataDir, 'uploads')} is not empty: restore into an empty data folder`);
  if (config.databaseUrl && !(await postgresIsEmpty(config.databaseUrl))) throw new Error('The database of DATABASE_URL is not empty: restore into an empty database');
  const staging = await mkdtemp(join(tmpdir(), 'ringbinder-restore-'));
  try {
    await run('tar', ['--extract', '--gzip', `--file=${resolve(file)}`, '-C', staging]);
    const manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
    await mkdir(config.dataDir, { recursive: true });
    await restoreDatabase(config, manifest, staging);
    for (const name of ['uploads', 'secrets']) {
      if (existsSync(join(staging, name))) await cp(join(staging, name), join(config.dataDir, name), { recursive: true, force: false, errorOnExist: false });
    }
    return await readFile(join(staging, 'NOTE.txt'), 'utf8');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
