/**
 * What the browser tests of a document page's body in its first HTML share (issue #31,
 * src/server/http/first-paint/; one spec per doctype: tests/e2e/document-first-paint-*.spec.ts): the session
 * cookie a sign-in sets, every module held back, and the layout shifts counted.
 */
import type { Page } from '@playwright/test';
import { baseUrl } from './environment.ts';
import { holdRequests } from './test.ts';

/** The session cookie a sign-in sets (src/server/auth/session-cookie.ts): its value is the session's token. */
export async function addSessionCookie(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'rb_session', value: token, url: baseUrl() }]);
}

/** Every module of the site (the pages' scripts, the islands, the elements) is held back until `release`. */
export const holdModules = (page: Page) => holdRequests(page, /\/(?:_astro|elements)\/[^?#]*\.m?js(?:[?#]|$)/);

declare global {
  interface Window {
    __rbShifts?: number;
  }
}

/** Sums the layout shifts (without recent input) from now on, in window.__rbShifts. */
export async function countShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__rbShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__rbShifts! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

