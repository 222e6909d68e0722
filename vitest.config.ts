/**
 * Four projects: `unit` (pure logic, no server), `api` (the real server over HTTP, one fresh database
 * per test file cloned from a template that tests/api/support/global-setup.ts migrates once), `api-s3`
 * (the upload files of `api` again, with files in a local S3-compatible server) and `elements` (each Lit
 * element of elements/ mounted alone in a real, headless Chromium: no built app, no server).
 * `DATABASE_URL=postgres://… npx vitest run --project api` runs the API suite on PostgreSQL.
 */
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium.ts';

/**
 * The API tests of signed uploads and the files they bring, run on both storage drivers (`api` and
 * `api-s3`). Not upload-streaming.test.ts: it is about our own upload route, which the S3 driver has not.
 */
const UPLOAD_SUITE = [
  'tests/api/checklists/uploads.test.ts',
  'tests/api/checklists/media-in-trash.test.ts',
  'tests/api/checklists/unused-uploads.test.ts',
  'tests/api/avatars/avatars.test.ts',
  'tests/api/presentations/**/*.test.ts',
];

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
      {
        extends: true,
        test: {
          // The upload suite again on the S3 storage driver, against a local S3-compatible server the
          // harness starts per file (tests/api/support/s3-server.ts). Only the files about uploads: the
          // rest of the API does not touch storage.
          name: 'api-s3',
          include: UPLOAD_SUITE,
          environment: 'node',
          env: { TEST_STORAGE_DRIVER: 's3' },
          globalSetup: ['tests/api/support/global-setup.ts'],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Vitest's browser mode: each test file runs in a page of Debian's Chromium, driven by Playwright
          // (never a downloaded browser: tests/e2e/support/chromium.ts, CHROMIUM_PATH overrides), where it
          // imports an element's module, mounts the tag and drives it with vitest/browser's userEvent.
          name: 'elements',
          include: ['tests/elements/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
