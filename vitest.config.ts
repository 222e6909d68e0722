/**
 * Two projects: `unit` (pure logic, no server) and `api` (the real server over HTTP, one fresh database
 * per test file cloned from a template that tests/api/support/global-setup.ts migrates once).
 * `DATABASE_URL=postgres://… npx vitest run --project api` runs the API suite on PostgreSQL.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API file holds a whole database and server; two workers keep a 2-core machine busy without thrashing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/support/global-setup.ts'],
          // Files share a worker's module cache (server, drizzle, PGlite load once per worker, not per file);
          // each file still gets its own server and database from tests/api/support/harness.ts.
          isolate: false,
          // argon2 (~90 ms a hash) and a database per file: generous, but a hung request still fails the run.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
