/**
 * Where the server under test is: set by playwright.config.ts for the whole run (the workers inherit it).
 */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through Playwright (npx playwright test)`);
  return value;
}

/** The server's origin, e.g. http://127.0.0.1:4455 (also Playwright's baseURL). */
export const baseUrl = (): string => required('E2E_BASE_URL');

/** The server's DATA_DIR: a fresh folder per run; mail is written to its outbox/. */
export const dataDir = (): string => required('E2E_DATA_DIR');
