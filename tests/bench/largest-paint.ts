/**
 * Largest Contentful Paint of a page on a throttled phone: Chromium's DevTools "Slow 4G" network
 * (562.5 ms latency, 180,000 B/s down, 84,375 B/s up) and a 4× CPU slowdown, each run in a fresh
 * browser context (empty cache, no service worker), measured in the page by a PerformanceObserver.
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import type { Resource } from './page-weight.ts';

export const slow4g = { latencyMs: 562.5, downloadBytesPerSecond: 180_000, uploadBytesPerSecond: 84_375 } as const;
export const cpuSlowdown = 4;

export interface PaintRun {
  lcpMs: number;
  /** The LCP element, e.g. "H1" or "IMG /favicon.svg". */
  element: string;
  status: number;
  /** Bytes the browser received (encoded, with headers), from the DevTools protocol. */
  receivedBytes: number;
  requests: number;
}

/** `token`: a signed-in page, with the bearer token in local storage as the app keeps it. */
export async function measureLcp(url: string, runs: number, options: { token?: string } = {}): Promise<PaintRun[]> {
  const browser: Browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const results: PaintRun[] = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, url, options.token));
    return results;
  } finally {
    await browser.close();
  }
}

async function oneRun(browser: Browser, url: string, token?: string): Promise<PaintRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4g.latencyMs,
      downloadThroughput: slow4g.downloadBytesPerSecond,
      uploadThroughput: slow4g.uploadBytesPerSecond,
      connectionType: 'cellular4g',
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
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
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    // The LCP candidate can still change after load; take it once it has been stable for a second.
    let last: { time: number; element: string } | undefined;
    for (let stableFor = 0, waited = 0; stableFor < 1000 && waited < 15_000; waited += 250) {
      await page.waitForTimeout(250);
      const now = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; element: string } }).__lcp);
      stableFor = now && last && now.time === last.time ? stableFor + 250 : 0;
      last = now;
    }
    if (!last) throw new Error(`no largest-contentful-paint entry on ${url}`);
    return { lcpMs: last.time, element: last.element, status: response?.status() ?? 0, receivedBytes, requests };
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

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
