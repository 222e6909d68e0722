/**
 * Runs once before the API suite: builds ONE migrated template database that every test file clones.
 * - PGlite (default): an in-memory PGlite is migrated and its data folder dumped (gzip) to a temp file;
 *   each file loads that dump into its own in-memory PGlite.
 * - PostgreSQL (DATABASE_URL set): a database `rb_template_<random>` is created and migrated; each file
 *   gets `CREATE DATABASE rb_test_<random> TEMPLATE rb_template_<random>`. Dropped again at the end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../../src/server/db/connection.ts';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdmin } from './postgres.ts';

export type TemplateDatabase =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = randomDatabaseName('rb_template');
    await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template) });
    await database.migrate();
    await database.close();
    // A template must have no connections while it is cloned.
    await withAdmin(serverUrl, (admin) => admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`));
    project.provide('templateDatabase', { kind: 'postgres', serverUrl, template });
    return () => dropDatabase(serverUrl, template);
  }

  // The same migrations the server runs (openDatabase → migrate), on an in-memory PGlite we can dump.
  const dir = await mkdtemp(join(tmpdir(), 'rb-template-'));
  // The extensions connection.ts loads (the migrations create pg_trgm).
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const dumpFile = join(dir, 'template.tar.gz');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
