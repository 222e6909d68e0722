/**
 * Readiness (GET /readyz): the parts a request needs, each checked — the database answers, every migration
 * of this build is applied, the upload storage takes a file. The answer names the failing parts only by
 * name (`database`, `migrations`, `storage`): no versions, paths or error texts reach the caller (they go
 * to the log).
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { migrationsFolder, type Database } from '../db/connection.ts';
import { appliedMigrationCount, databaseAnswers } from '../db/queries/readiness.ts';
import { storageFor } from '../storage/index.ts';
import { logger } from './logger.ts';

export type ReadinessPart = 'database' | 'migrations' | 'storage';

export interface Readiness {
  ready: boolean;
  /** Each part: `ok`, or `failing`. */
  checks: Record<ReadinessPart, 'ok' | 'failing'>;
}

/** How long one check may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2_000;

let expectedMigrations: number | undefined;

/** The migrations this build brings (its journal, read once). */
function migrationsOfThisBuild(): number {
  if (expectedMigrations === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expectedMigrations = journal.entries.length;
  }
  return expectedMigrations;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * Local storage: a small file written and removed beside the uploads. S3: a small object written and removed
 * in the bucket (storage/s3.ts `probe`), its requests aborted after CHECK_TIMEOUT_MS.
 */
async function storageWritable(config: Config): Promise<void> {
  if (config.storage.driver !== 'local') return storageFor(config).probe?.(CHECK_TIMEOUT_MS);
  const dir = join(config.dataDir, 'uploads', '.incoming');
  await mkdir(dir, { recursive: true });
  const probe = join(dir, `ready-${process.pid}-${Date.now()}`);
  await writeFile(probe, 'ready');
  await rm(probe, { force: true });
}

async function migrationsApplied(db: Database): Promise<void> {
  const applied = await appliedMigrationCount(db);
  if (applied < migrationsOfThisBuild()) throw new Error(`${applied} of ${migrationsOfThisBuild()} migrations applied`);
}

/** `timed` false: the check bounds its own waiting (the S3 probe's requests), not the loading of its code. */
async function outcome(part: ReadinessPart, check: () => Promise<void>, timed = true): Promise<'ok' | 'failing'> {
  try {
    await (timed ? withTimeout(check()) : check());
    return 'ok';
  } catch (err) {
    logger().warn({ part, err: err instanceof Error ? err.message : String(err) }, 'readiness check failing');
    return 'failing';
  }
}

export async function readiness(db: Database, config: Config): Promise<Readiness> {
  const database = await outcome('database', () => databaseAnswers(db));
  const migrations = database === 'ok' ? await outcome('migrations', () => migrationsApplied(db)) : 'failing';
  // S3: the driver loads the AWS SDK on its first use, which is not the bucket's time; its requests have CHECK_TIMEOUT_MS.
  const storage = await outcome('storage', () => storageWritable(config), config.storage.driver === 'local');
  const checks = { database, migrations, storage };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}
