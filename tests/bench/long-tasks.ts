/**
 * The main thread's long tasks of a page on a throttled phone (Slow 4G + 4× CPU, fresh context, empty
 * cache, service worker blocked): every task over 50 ms from a PerformanceObserver('longtask') injected
 * before the page's first script, until the page has been quiet for 2 s (after load). Total blocking time
 * = Σ (duration − 50 ms), as Lighthouse sums it (here over the whole load, not only after the first
 * contentful paint, so it is not smaller than Lighthouse's).
 *
 * `trace: true` also records a DevTools trace of the run (the "devtools.timeline" categories) and names,
 * for every long task, what filled it: the top-level events inside it (script evaluation with its URL,
 * parse HTML, style recalculation with its element count, layout, …) by their own time.
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { throttle } from './largest-paint.ts';
import { sized } from './smoke.ts';

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** From the trace (with `trace: true`): what took the time inside the task, largest first. */
  parts?: string[];
}

export interface LongTaskRun {
  tasks: LongTask[];
  /** Σ over long tasks of (duration − 50 ms). */
  totalBlockingMs: number;
  longestMs: number;
}

export async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}


/** The in-page long-task recorder (addInitScript), kept in window.__longTasks. */
export function recordLongTasks(): void {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

export const summarise = (tasks: LongTask[]): LongTaskRun => ({
  tasks,
  totalBlockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - 50), 0),
  longestMs: tasks.reduce((most, t) => Math.max(most, t.durationMs), 0),
});

/** Waits until no long task has been added for `quietMs` (at most `maxMs`). */
export async function settle(page: import('@playwright/test').Page, quietMs = sized(2_000, 250), maxMs = sized(20_000, 5_000)): Promise<void> {
  let count = -1;
  let quiet = 0;
  for (let waited = 0; quiet < quietMs && waited < maxMs; waited += 250) {
    await page.waitForTimeout(250);
    const now = await page.evaluate(() => (window as unknown as { __longTasks: unknown[] }).__longTasks.length);
    quiet = now === count ? quiet + 250 : 0;
    count = now;
  }
}

/** `serviceWorker: true` lets the page register its worker (a first visit as a phone makes it: the precache fetches run then). */
export async function measureLongTasks(browser: Browser, url: string, options: { trace?: boolean; serviceWorker?: boolean } = {}): Promise<LongTaskRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: options.serviceWorker ? 'allow' : 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    await page.addInitScript(recordLongTasks);
    const events: TraceEvent[] = [];
    if (options.trace) {
      cdp.on('Tracing.dataCollected', (e) => {
        events.push(...(e.value as unknown as TraceEvent[]));
      });
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] },
      });
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await settle(page);
    const inPage = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      return { tasks: w.__longTasks, origin: performance.timeOrigin };
    });
    const tasks: LongTask[] = inPage.tasks.map((t) => ({ startMs: t.start, durationMs: t.duration }));
    if (options.trace) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      attribute(tasks, events);
    }
    return summarise(tasks);
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

/**
 * Names the parts of each long task from the trace: the renderer main threads' tasks over 50 ms (by the
 * trace's own clock, matched to the page's in order), and the events inside each, by their own length.
 */
function attribute(tasks: LongTask[], events: TraceEvent[]): void {
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);
  const runTasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && onMain(e))
    .sort((a, b) => a.ts - b.ts);
  const used = new Set<TraceEvent>();
  for (const task of tasks) {
    // The trace's clock differs from the page's: take the first unused task of (about) that length.
    const match = runTasks.find((r) => !used.has(r) && Math.abs((r.dur ?? 0) / 1000 - task.durationMs) < 4);
    if (!match) continue;
    used.add(match);
    const end = match.ts + (match.dur ?? 0);
    const inside = events.filter(
      (e) => e.tid === match.tid && e.pid === match.pid && e !== match && e.ph === 'X' && e.ts >= match.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 5_000,
    );
    const describe = (e: TraceEvent) => {
      const d = e.args?.data ?? e.args?.beginData ?? {};
      const url = typeof d.url === 'string' ? new URL(d.url, 'http://x').pathname : typeof d.fileName === 'string' ? d.fileName : '';
      const fn = typeof d.functionName === 'string' && d.functionName ? ` ${d.functionName}` : '';
      const count = typeof d.elementCount === 'number' ? ` ${d.elementCount} elements` : '';
      return `${e.name}${fn}${url ? ` ${url.replace(/^.*\/_astro\//, '')}` : ''}${count} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
    };
    task.parts = inside.sort((a, b) => a.ts - b.ts).slice(0, 14).map(describe);
  }
}
