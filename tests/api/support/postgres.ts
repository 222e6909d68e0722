/** PostgreSQL plumbing of the API suite: database names and URLs, clone and drop. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `prefix_<16 hex>`: safe to put in SQL unquoted. */
export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** The server URL with its database replaced. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to the server's maintenance database, closed afterwards. */
export async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database cloned from the template; returns its URL. */
export async function cloneTemplate(serverUrl: string, template: string): Promise<{ name: string; url: string }> {
  const name = randomDatabaseName('rb_test');
  await withAdmin(serverUrl, async (client) => {
    // Two files may clone at the same moment; PostgreSQL can refuse while the template is busy, so retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (err) {
        if (attempt >= 20 || !String((err as Error).message).includes('being accessed by other users')) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  });
  return { name, url: databaseUrlFor(serverUrl, name) };
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
