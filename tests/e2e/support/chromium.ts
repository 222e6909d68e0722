/**
 * How Playwright launches Chromium here (STACK.md): Debian's, never a downloaded one, with the flags that
 * keep it off the machine's closed network. Its headless shell (Debian's chromium-headless-shell, the build
 * Playwright itself uses for headless runs): on two cores the browser takes most of the suite's CPU, and
 * the same 16 tests took 102 s in the whole browser's --headless and 60 s in the shell. CHROMIUM_PATH points elsewhere where needed
 * (e.g. a machine with Playwright's own Chromium). Used by playwright.config.ts and the bench.
 */
import type { LaunchOptions } from '@playwright/test';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
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
