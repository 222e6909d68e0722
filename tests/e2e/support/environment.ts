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

/** Another site's origin (the next port), listed in the server's EMBED_ORIGINS: a page there may embed the elements. */
export const embedHostUrl = (): string => required('E2E_EMBED_HOST_URL');

/** The server's DATA_DIR: a fresh folder per run; mail is written to its outbox/. */
export const dataDir = (): string => required('E2E_DATA_DIR');
