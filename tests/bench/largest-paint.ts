/**
 * Largest Contentful Paint of a page on a throttled phone: Chromium's DevTools "Slow 4G" network
 * (562.5 ms latency, 180,000 B/s down, 84,375 B/s up) and a 4× CPU slowdown, each run in a fresh
 * browser context (empty cache, no service worker), measured in the page by a PerformanceObserver.
 */
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import type { Resource } from './page-weight.ts';
import { sized } from './smoke.ts';

export const slow4g = { latencyMs: 562.5, downloadBytesPerSecond: 180_000, uploadBytesPerSecond: 84_375 } as const;
export const cpuSlowdown = 4;

/**
 * How long a measurement waits after the load event: for the network to go idle (a signed-in page never
 * does: its notifications stream stays open) and for the LCP candidate to stay the same. The smoke
 * (smoke.ts) barely waits: it checks that the page loads and paints, not when.
 */
export const settleWaits = sized({ networkIdleMs: 10_000, lcpStableMs: 1_000 }, { networkIdleMs: 1_000, lcpStableMs: 250 });
export const fullWaits: typeof settleWaits = { networkIdleMs: 10_000, lcpStableMs: 1_000 };

/** Sets Slow 4G and 4× CPU on a page's DevTools session (and, unless `emptyCache` is false, an empty cache). */
export async function throttle(cdp: CDPSession, { emptyCache = true } = {}): Promise<void> {
  await cdp.send('Network.enable');
  if (emptyCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4g.latencyMs,
    downloadThroughput: slow4g.downloadBytesPerSecond,
    uploadThroughput: slow4g.uploadBytesPerSecond,
    connectionType: 'cellular4g',
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

export interface PaintRun {
  lcpMs: number;
  /** The LCP element, e.g. "H1" or "IMG /favicon.svg". */
  element: string;
  status: number;
  /** Bytes the browser received (encoded, with headers), from the DevTools protocol. */
  receivedBytes: number;
  requests: number;
  /** The document and every resource, from the page's own Resource Timing (ms since navigation start). */
  loads: Load[];
  /** The address shown at the end (a guard may have moved the page elsewhere). */
  finalUrl: string;
}

export interface Load {
  /** Path and query, e.g. /api/v1/auth/me. */
  path: string;
  start: number;
  end: number;
  /** Bytes that crossed the network for it (headers and encoded body). */
  bytes: number;
}

/**
 * `token`: a signed-in page, with the bearer token in local storage as the app keeps it. `waits`: after the
 * load event (default settleWaits; `fullWaits` where what is measured comes late even in the smoke).
 */
export async function measureLcp(url: string, runs: number, options: { token?: string; waits?: typeof settleWaits } = {}): Promise<PaintRun[]> {
  const browser: Browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const results: PaintRun[] = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, url, options.token, options.waits ?? settleWaits));
    return results;
  } finally {
    await browser.close();
  }
}

async function oneRun(browser: Browser, url: string, token: string | undefined, waits: typeof settleWaits): Promise<PaintRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    let receivedBytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      receivedBytes += e.encodedDataLength;
      requests++;
    });

    if (token) {
      await page.addInitScript((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('loggedIn', 'true');
      }, token);
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp?: { time: number; element: string } };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
          const el = entry.element;
          w.__lcp = {
            time: entry.startTime,
            element: el ? `${el.tagName}${entry.url ? ` ${new URL(entry.url).pathname}` : ''}` : '(removed)',
          };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });

    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // A signed-in page keeps the notifications stream open, so the network never goes idle there: wait 10 s at most.
    await page.waitForLoadState('networkidle', { timeout: waits.networkIdleMs }).catch(() => undefined);
    // The LCP candidate can still change after load; take it once it has been stable for a second.
    let last: { time: number; element: string } | undefined;
    for (let stableFor = 0, waited = 0; stableFor < waits.lcpStableMs && waited < 15_000; waited += 250) {
      await page.waitForTimeout(250);
      const now = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; element: string } }).__lcp);
      stableFor = now && last && now.time === last.time ? stableFor + 250 : 0;
      last = now;
    }
    if (!last) throw new Error(`no largest-contentful-paint entry on ${url}`);
    const loads = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
        .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => {
          const u = new URL(e.name);
          return { path: u.pathname + u.search, start: e.startTime, end: e.responseEnd, bytes: e.transferSize };
        }),
    );
    return { lcpMs: last.time, element: last.element, status: response?.status() ?? 0, receivedBytes, requests, loads, finalUrl: page.url() };
  } finally {
    await context.close();
  }
}

/**
 * The least time the bytes of a page can take to arrive under the emulated network — the baseline the
 * measured LCP is compared with:
 *
 *     floor = Σ over request levels ( latency + bytes at that level / download rate )
 *
 * Level 0 is the HTML; level 1 what the HTML names (stylesheets, scripts, module preloads, images,
 * island code); level n + 1 the static imports of level n's scripts not fetched yet. A request can only
 * start once the response naming it has arrived, so levels follow one another; within a level the
 * requests run in parallel, so they cost one latency and share the bandwidth. DevTools' throttling
 * works exactly so: every response waits `latency`, then its bytes drain at the download rate shared
 * with the responses in flight (the upload rate hardly matters for small GET requests). Connection
 * limits, CPU time (parsing, script, style, layout, paint — all 4× slower here) and the server's own
 * time come on top, so LCP / floor says how much of the paint time is not the bytes' fault.
 *
 * `levelBytes` maps each level to the bytes the browser receives for it.
 */
export function floorMs(levelBytes: number[]): number {
  return levelBytes.reduce((sum, bytes) => sum + slow4g.latencyMs + (bytes / slow4g.downloadBytesPerSecond) * 1000, 0);
}

/** Sums bytes per request level; `bytesOf` gives what travels for one resource. */
export function bytesPerLevel(resources: Resource[], bytesOf: (r: Resource) => number): number[] {
  const levels: number[] = [];
  for (const r of resources) levels[r.level] = (levels[r.level] ?? 0) + bytesOf(r);
  return Array.from(levels, (b) => b ?? 0);
}

export interface CriticalPath {
  /** Request levels before the paint: 0 the document; a load is one level below the deepest load that had ended when it started. */
  levels: number;
  /** Bytes of the loads that ended before the paint. */
  bytes: number;
  /** Loads per level, e.g. ['HTML', '6 files', '2 API: auth/me, folders/…']. */
  perLevel: string[];
  floorMs: number;
}

/**
 * The floor of a signed-in page, from what the browser did: every load that ended before the paint, its
 * level the number of responses it (at most) waited for one after another. A load that starts only after
 * another has ended may have needed it — at 562.5 ms a round trip, a page does not wait that long by
 * chance — so these levels are the round trips the paint sat through:
 *
 *     floor = levels × latency + bytes before the paint / download rate
 */
export function criticalPath(run: PaintRun): CriticalPath {
  const before = run.loads.filter((l) => l.end <= run.lcpMs + 1).sort((a, b) => a.start - b.start);
  const level = new Map<Load, number>();
  for (const load of before) {
    let deepest = -1;
    for (const other of before) if (other !== load && level.has(other) && other.end <= load.start) deepest = Math.max(deepest, level.get(other)!);
    level.set(load, deepest + 1);
  }
  const levels = before.length === 0 ? 0 : Math.max(...level.values()) + 1;
  const bytes = before.reduce((sum, l) => sum + l.bytes, 0);
  const perLevel = Array.from({ length: levels }, (_, i) => {
    const at = before.filter((l) => level.get(l) === i);
    const api = at.filter((l) => l.path.startsWith('/api/'));
    const files = at.length - api.length;
    const parts = [];
    if (i === 0) parts.push('HTML');
    else if (files > 0) parts.push(`${files} file${files === 1 ? '' : 's'}`);
    if (api.length > 0) parts.push(`API ${api.map((l) => l.path.replace(/^\/api\/v1\//, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')).join(', ')}`);
    return parts.join(' + ');
  });
  return { levels, bytes, perLevel, floorMs: levels * slow4g.latencyMs + (bytes / slow4g.downloadBytesPerSecond) * 1000 };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
