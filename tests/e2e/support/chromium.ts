/**
 * How Playwright launches Chromium here (STACK.md): Debian's browser, never a downloaded one, with the
 * flags that keep it off the machine's closed network. CHROMIUM_PATH points elsewhere where needed
 * (e.g. a machine with Playwright's own Chromium). Used by playwright.config.ts and the bench.
 */
import type { LaunchOptions } from '@playwright/test';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
