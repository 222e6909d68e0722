/**
 * The smoke's shortcut to a fresh embedded database (smoke.ts): creating a PGlite data folder (its initdb)
 * and migrating it is most of what starting a server costs — 5 to 25 s on the 2-core host, for each of the
 * smoke's many servers. Under BENCH_SMOKE=1 a migrated folder is made once per process and copied into each
 * new DATA_DIR before its server starts (in this process or a child), which then opens it as any existing
 * data folder (its migrations already applied). The full bench leaves every server to make its own, as a
 * first start does: part 7 measures a fresh server's memory.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/connection.ts';
import { smoke } from './smoke.ts';

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringbinder-bench-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const folder = join(dir, 'pglite');
  const database = await openDatabase({ dataDir: folder });
  await database.migrate();
  await database.close();
  return folder;
}

/** Under BENCH_SMOKE=1: a migrated PGlite data folder copied to `folder` (a server's DATA_DIR/pglite); otherwise nothing. */
export async function seedPgliteFolder(folder: string): Promise<void> {
  if (!smoke) return;
  await cp(await (template ??= makeTemplate()), folder, { recursive: true });
}
