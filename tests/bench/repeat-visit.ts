/**
 * The bytes a repeat visit transfers before its first paint (issue #29): a page opened twice in the same
 * browser context under Slow 4G + 4× CPU, the HTTP cache kept between the two (service worker blocked, so
 * only the HTTP cache and the server's validators count). On the second navigation the page's own
 * Resource Timing gives every load that ended before the paint: a file served from the cache counts 0, a
 * 304 its headers, a fresh answer headers + body. Largest Contentful Paint stands for "first paint", as
 * in largest-paint.ts, so what the paint waited for is counted whole.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { settleWaits, throttle, type Load } from './largest-paint.ts';

export interface RepeatVisit {
  /** The second visit's LCP (ms since its navigation started). */
  lcpMs: number;
  element: string;
  /** Navigation + every load that ended before the paint, with what each transferred. */
  before: Load[];
  bytesBefore: number;
  /** Every load of the second visit, to the end of the run. */
  bytesAll: number;
  finalUrl: string;
}

type Lcp = { time: number; element: string };

/** `token`: a signed-in page (the bearer token in local storage, as the app keeps it). */
export async function measureRepeatVisit(url: string, options: { token?: string } = {}): Promise<RepeatVisit> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    if (options.token) {
      await context.addInitScript((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('loggedIn', 'true');
      }, options.token);
    }
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp?: Lcp };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
          const el = entry.element;
          w.__lcp = { time: entry.startTime, element: el ? `${el.tagName}${entry.url ? ` ${new URL(entry.url).pathname}` : ''}` : '(removed)' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await visit(context, url); // the first visit fills the HTTP cache
    return await visit(context, url);
  } finally {
    await browser.close();
  }
}

async function visit(context: BrowserContext, url: string): Promise<RepeatVisit> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, { emptyCache: false });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // A signed-in page keeps the notifications stream open: wait 10 s at most for the network to go idle.
    await page.waitForLoadState('networkidle', { timeout: settleWaits.networkIdleMs }).catch(() => undefined);
    let last: Lcp | undefined;
    for (let stableFor = 0, waited = 0; stableFor < settleWaits.lcpStableMs && waited < 15_000; waited += 250) {
      await page.waitForTimeout(250);
      const now = await page.evaluate(() => (window as unknown as { __lcp?: Lcp }).__lcp);
      stableFor = now && last && now.time === last.time ? stableFor + 250 : 0;
      last = now;
    }
    if (!last) throw new Error(`no largest-contentful-paint entry on ${url}`);
    const loads: Load[] = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
        .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => {
          const u = new URL(e.name);
          return { path: u.pathname + u.search, start: e.startTime, end: e.responseEnd, bytes: e.transferSize };
        }),
    );
    const lcp = last.time;
    // The navigation always counts (its entry ends before the paint, it is what the paint needs).
    const before = loads.filter((l, i) => i === 0 || l.end <= lcp + 1);
    const sum = (list: Load[]) => list.reduce((n, l) => n + l.bytes, 0);
    return { lcpMs: lcp, element: last.element, before, bytesBefore: sum(before), bytesAll: sum(loads), finalUrl: page.url() };
  } finally {
    await page.close();
  }
}
