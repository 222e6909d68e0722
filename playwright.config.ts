/**
 * Browser tests (tests/e2e): Playwright driving Debian's Chromium against the BUILT app, served by the
 * real server on a fixed port with a fresh data folder per run (PGlite database, mail outbox).
 *
 * Playwright never downloads a browser here (STACK.md): CHROMIUM_PATH points at the browser, by default
 * Debian's headless shell of Chromium, /usr/bin/chromium-headless-shell (tests/e2e/support/chromium.ts). The tests find the server and its data folder through E2E_BASE_URL and
 * E2E_DATA_DIR (tests/e2e/support/environment.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium.ts';

const ci = !!process.env.CI;
const port = Number(process.env.E2E_PORT ?? 4455);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated again in every worker process: the first evaluation creates the folder and
// puts it into the environment, which the workers inherit, so all of them read the same outbox.
// (E2E_DATA_DIR may also be given; then it is neither created nor removed here.)
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'ringbinder-e2e-'));
  process.env.E2E_DATA_DIR_IS_TEMPORARY = '1';
}
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_BASE_URL = baseURL;
// A second origin on the next port: the plain page of another site that embeds the elements
// (tests/e2e/embed-cross-origin.spec.ts serves it); the app lets it call the API and frame /embed/.
const embedHostUrl = `http://127.0.0.1:${port + 1}`;
process.env.E2E_EMBED_HOST_URL = embedHostUrl;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: ci,
  // Every test stands alone (its own accounts and organisation), so the tests of one file spread over the
  // workers too: a long file (dialogs.spec.ts) no longer runs on one worker while the other idles. A file
  // whose tests share a costly set-up keeps them together with test.describe.configure({ mode: 'default' }).
  fullyParallel: true,
  // Deterministic tests instead of retries: a flaky test is a bug to fix, in CI as locally.
  retries: 0,
  // Two cores, and PGlite serves one connection at a time: two workers keep the server's load light.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    baseURL,
    launchOptions: chromiumLaunchOptions,
    // No service worker: precaching 163 files for every test's new browser context cost a third of the
    // suite's CPU. The specs about the worker and offline use turn it on (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // Builds the site only when there is no build at all (`npm test` has already rebuilt stale sources);
    // the server bundle whenever its sources changed. Then the server as `npm start` runs it.
    command: 'node scripts/ensure-build.mjs && node dist-server/main.mjs',
    url: `${baseURL}/api/v1/_build-info`,
    // The data folder is new for this run, so a server left over on the port would be the wrong one.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // Mail must land in the outbox, and the database is the fresh PGlite of this run unless a
      // PostgreSQL database is asked for explicitly.
      SMTP_URL: '',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REQUEST_LOG: '0',
      // Every test's accounts and organisations come from 127.0.0.1.
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      ORGANISATIONS_PER_IP_PER_HOUR: '100000',
      EMBED_ORIGINS: embedHostUrl,
      // webhooks.spec.ts's receiver listens on 127.0.0.1 (issue #34: private addresses are refused otherwise).
      WEBHOOK_ALLOW_PRIVATE: '1',
      // sso.spec.ts's OpenID Connect provider listens on 127.0.0.1 too (issue #48).
      OIDC_ALLOW_PRIVATE: '1',
    },
  },
});
