/**
 * `npm run backup -- <file>` (docs/operations.md "Backups and restores"): ONE archive (.tar.gz) of
 * - the database: PGlite's data folder as its running server hands it over (operations/backup-door.ts),
 *   or read directly when no server runs; PostgreSQL's (DATABASE_URL) through `pg_dump --format=custom`;
 * - the local uploads (DATA_DIR/uploads; with S3 the bucket is yours to copy, NOTE.txt says so);
 * - DATA_DIR/secrets, the keys the server made for itself (the archive is then as secret as they are);
 * - NOTE.txt: what else to keep — APP_KEY and UPLOAD_SIGNING_SECRET when they are set in the environment
 *   (named, never written), and manifest.json: what the archive holds.
 * The database is read first, the files after: every upload the database names is in the archive (a file
 * made meanwhile may be too, unused).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { runningServerFile, DUMP_PATH, type RunningServerFile } from './backup-door.ts';

const run = promisify(execFile);

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  storage: 'local' | 's3';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function runningServer(dataDir: string): Promise<RunningServerFile | undefined> {
  const text = await readFile(runningServerFile(dataDir), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const found = JSON.parse(text) as RunningServerFile;
  return alive(found.pid) ? found : undefined;
}

/** PGlite's data folder as a gzipped tarball: from the server that has it open, or read here when none runs. */
async function pgliteDump(config: Config, into: string): Promise<void> {
  const server = await runningServer(config.dataDir);
  if (server) {
    const res = await fetch(`${server.url}${DUMP_PATH}`, { headers: { authorization: `Bearer ${server.token}` } });
    if (!res.ok) throw new Error(`the running server (pid ${server.pid}) refused the dump: ${res.status}`);
    await writeFile(into, Buffer.from(await res.arrayBuffer()));
    return;
  }
  const database = await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await writeFile(into, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function postgresDump(databaseUrl: string, into: string): Promise<void> {
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${into}`, `--dbname=${databaseUrl}`]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pg_dump is not installed: install the PostgreSQL client tools of your server’s version', { cause: err });
    throw new Error(`pg_dump failed: ${String((err as { stderr?: string }).stderr ?? err)}`, { cause: err });
  }
}

/** What to keep beside the archive, in words for the person who restores it. */
export function noteFor(config: Config, manifest: BackupManifest): string {
  const outside = [
    config.appKey !== undefined ? 'APP_KEY (it decrypts the two-factor set-ups and makes the share links’ tokens)' : undefined,
    config.uploadSigningSecret !== undefined ? 'UPLOAD_SIGNING_SECRET (it signs upload and media addresses)' : undefined,
  ].filter(Boolean);
  return [
    `Ringbinder backup, ${manifest.createdAt}`,
    '',
    `database/   the ${manifest.database === 'pglite' ? 'embedded database (PGlite data folder, pglite.tar.gz)' : 'PostgreSQL database (pg_dump custom format, postgres.dump)'}`,
    manifest.storage === 'local' ? 'uploads/    the uploaded files (DATA_DIR/uploads)' : 'uploads are in your S3 bucket: copy the bucket with its own tools; this archive does not hold them',
    'secrets/    the keys the server made for itself under DATA_DIR/secrets: keep this archive as secret as they are',
    '',
    outside.length
      ? `Set in the environment, NOT in this archive — keep them with it, or a restore loses what they protect:\n${outside.map((o) => `  - ${o}`).join('\n')}`
      : 'APP_KEY and UPLOAD_SIGNING_SECRET were not set in the environment: the keys are in secrets/.',
    '',
    'Restore into an empty data folder (and an empty database): npm run restore -- <this file>',
    '',
  ].join('\n');
}

export async function takeBackup(config: Config, file: string): Promise<BackupManifest> {
  const target = resolve(file);
  const staging = await mkdtemp(join(tmpdir(), 'ringbinder-backup-'));
  try {
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      storage: config.storage.driver,
    };
    await mkdir(join(staging, 'database'));
    if (config.databaseUrl) await postgresDump(config.databaseUrl, join(staging, 'database', 'postgres.dump'));
    else await pgliteDump(config, join(staging, 'database', 'pglite.tar.gz'));
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(staging, 'NOTE.txt'), noteFor(config, manifest));
    const files = ['uploads', 'secrets'].filter((name) => existsSync(join(config.dataDir, name)));
    await mkdir(dirname(target), { recursive: true });
    await run('tar', [
      '--create', '--gzip', `--file=${target}`,
      '--exclude=.incoming', '--exclude=running-server.json',
      '-C', staging, 'manifest.json', 'NOTE.txt', 'database',
      ...(files.length ? ['-C', config.dataDir, ...files.map((name) => `./${name}`)] : []),
    ]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
