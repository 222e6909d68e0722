/**
 * Removes the run's temporary data folder (database and outbox) that playwright.config.ts created,
 * unless E2E_KEEP_DATA=1 asks to keep it for a look. A folder given as E2E_DATA_DIR is left alone.
 */
import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_DATA_DIR_IS_TEMPORARY !== '1') return;
  if (process.env.E2E_KEEP_DATA === '1') {
    console.log(`E2E data kept in ${dir}`);
    return;
  }
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}
