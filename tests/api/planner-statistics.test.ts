/**
 * The embedded database's planner statistics (src/server/db/statistics.ts): PGlite runs no autovacuum,
 * so the server analyses its tables itself. On PostgreSQL autovacuum does it and the server leaves it be.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();

describe('planner statistics', () => {
  it('are gathered by the server on the embedded database, and left to autovacuum on PostgreSQL', async () => {
    const read = async () => {
      const result = await server.db.execute<{ analysed: boolean }>(
        sql`SELECT last_analyze IS NOT NULL AS analysed FROM pg_stat_user_tables WHERE relname = 'documents'`,
      );
      return (result as unknown as { rows: { analysed: boolean }[] }).rows[0]?.analysed;
    };
    if (process.env.DATABASE_URL) {
      expect(await read()).toBe(false);
      return;
    }
    await expect.poll(read).toBe(true);
  });
});
