/**
 * `npm run bench`, issue #31: when a signed-in page's main content is visible, beside /login's LCP in the
 * same run, on the built server (bench-server.ts, as `npm start` runs it, PGlite) under Slow 4G + 4× CPU:
 * - a checklist's view page (to its first question's text), a folder of 100 items (to its first tile's
 *   name), home (the welcome card's organisation name), a presentation (its first page's image drawn: its
 *   phone-size picture; an older presentation beside it, whose pages have none), a result sheet (its first row). Each is opened RUNS times in turns with /login, one fresh context
 *   each (empty cache, service worker blocked), so both meet the same machine load; medians.
 *   The time is found in the page, not by LCP: an init script checks on every animation frame for the
 *   page's own content — a text node (in the document or any shadow root: rb-checklist's questions) or
 *   an element matching a selector, laid out (it has a box) — and keeps performance.now() of the first
 *   frame that has it (ms since navigation start).
 * - CLS of each page (the largest session window of layout shifts without recent input, as web-vitals
 *   counts it), up to 2 s after the content showed (and the load event).
 * - the total blocking time (Σ over long tasks of (duration − 50 ms)) and the longest task of /login
 *   and /register (long-tasks.ts), RUNS fresh contexts each.
 * Goals (issue #31): main content ≤ 1.15× /login's LCP; CLS ≤ 0.02; no task over 200 ms on /login and
 * /register. Figures, never verdicts: only a crash fails. MAIN_CONTENT_RUNS=n: n runs instead of 5 (a quick look).
 * BENCH_TRACE=1 names what filled each long task
 * of /login and /register (a DevTools trace of every run).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { cpuSlowdown, median, slow4g, throttle } from './largest-paint.ts';
import { measureLongTasks, withBrowser, type LongTaskRun } from './long-tasks.ts';
import { createPresentation, photoJpeg, smallPictureOf, thumbnailOf, type PageFile, type PresentationApi } from './presentation-viewer-fixture.ts';
import { checklistContents } from './submissions.ts';
import { sized } from './smoke.ts';

const RUNS = Number(process.env.MAIN_CONTENT_RUNS ?? sized(5, 1));
const GOAL = { ofLogin: 1.15, cls: 0.02, taskMs: 200 } as const;
const ORG = 'Bench Main';
const USERNAME = 'bench_main';
/** The presentations' pages: a photo-sized JPEG (the smoke's still larger than the phone-size picture, so it gets one). */
const PICTURE = sized({ width: 2560, height: 1440, pages: 5 }, { width: 1600, height: 900, pages: 1 });
const FOLDER = sized({ folders: 20, documents: 80 }, { folders: 2, documents: 3 });

/** What shows that a page's main content is there: a text (deep, shadow roots included), or an element matching a selector (with that text in it, when given). */
export interface Find {
  text?: string;
  selector?: string;
}

export interface Visit {
  /** ms from navigation start to the first animation frame that had the content; NaN when it never came. */
  visibleMs: number;
  lcpMs: number;
  cls: number;
  finalUrl: string;
}

interface Target {
  label: string;
  path: string;
  find: Find;
  /** What was looked for, for the table. */
  what: string;
}

export async function benchMainContent(): Promise<void> {
  console.log(
    `\nMain content of signed-in pages beside /login (issue #31) — "Slow 4G" (${slow4g.latencyMs} ms a round trip, ` +
      `${slow4g.downloadBytesPerSecond.toLocaleString('en')} B/s), CPU ${cpuSlowdown}× slower, the built server on PGlite, ` +
      `median of ${RUNS} fresh contexts each (empty cache, service worker blocked), each page in turns with /login`,
  );
  const loadBefore = loadavg()[0]!;
  const server = await startBenchServer();
  try {
    const site = await seed(server);
    await withBrowser(async (browser) => {
      await printMainContent(browser, server, site);
      await printLongTasks(browser, server);
    });
  } finally {
    await server.stop();
  }
  console.log(
    `\n  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs ` +
      '(CPU time is 4× slowed on top of whatever else runs).',
  );
}

interface Site {
  token: string;
  targets: Target[];
}

/** An org admin, a checklist, a folder of 100 items, a presentation and a result sheet with one row — through the API. */
async function seed(server: BenchServer): Promise<Site> {
  const api = { apiUrl: `${server.url}/api/v1`, outboxDir: join(server.dataDir, 'outbox') };
  const admin = await registerAndActivate(api, USERNAME);
  const token = admin.token;
  const post = (path: string, json: unknown) => call(api, 'POST', path, { token, json, expect: 201 });
  await post('auth/create-org', { name: ORG });
  const checklist = await post('documentation/documents', { folder_id: 'root', name: 'Daily check', doctype: 'form', contents: checklistContents() });

  const folder = await post('documentation/folders', { parent_id: 'root', name: 'A hundred items' });
  const folderId = String(folder.id);
  const two = (n: number) => String(n).padStart(2, '0');
  for (let i = 1; i <= FOLDER.folders; i++) await post('documentation/folders', { parent_id: folderId, name: `Area ${two(i)}` });
  for (let i = 1; i <= FOLDER.documents; i++) {
    await post('documentation/documents', { folder_id: folderId, name: `Check ${two(i)}`, doctype: 'form', contents: checklistContents() });
  }

  const presentations: PresentationApi = {
    origin: server.url,
    call: async <T>(method: string, path: string, json?: unknown) => (await call(api, method, path, { token, json, expect: method === 'POST' ? 201 : 200 })) as T,
  };
  const picture = await photoJpeg(PICTURE.width, PICTURE.height);
  const thumb = await thumbnailOf(picture);
  const small = await smallPictureOf(picture);
  const pages: PageFile[] = Array.from({ length: PICTURE.pages }, (_, i) => ({
    filename: `page-${i + 1}.jpg`,
    content_type: 'image/jpeg',
    bytes: picture,
    thumb,
    // Its phone-size picture, as the editor makes it (docs/presentations.md): a phone draws that one.
    small,
    description: `Step ${i + 1}`,
    // The picture's size, as the editor stores it (issue #31): the server draws the first page's image.
    size: { width: PICTURE.width, height: PICTURE.height },
  }));
  const presentation = await createPresentation(presentations, 'Line check', pages);
  // The same pages stored before the phone-size picture: the full picture alone (the gap it closes, in the same run).
  const older = await createPresentation(presentations, 'Older line check', pages.map(({ small: _small, ...page }) => page));

  // A result sheet of a one-question checklist, with one submission: one row (as the e2e's sheetWithARow).
  const question = checklistContents().questions.q1;
  const form = await post('documentation/documents', {
    folder_id: 'root',
    name: 'Walk checklist',
    doctype: 'form',
    contents: { questions: { ok: { ...question, title: 'Fine' } }, question_index: ['ok'] },
  });
  const sheet = await post('documentation/documents', { folder_id: 'root', name: 'Walk results', doctype: 'sheet' });
  await call(api, 'PUT', `documentation/documents/${String(sheet.id)}`, {
    token,
    json: {
      version: sheet.version,
      changelog: 'One column',
      contents: { questions: { ok: { ...question, title: 'Fine', form_id: form.id } }, question_index: ['ok'], form_links: {}, form_ids: [form.id] },
    },
    expect: 200,
  });
  await post(`documentation/documents/${String(form.id)}/data`, { record: { ok: { value: true } } });

  return {
    token,
    targets: [
      { label: "a checklist's view", path: `/documentation/view/${String(checklist.id)}`, find: { text: 'Question 1: true/false' }, what: 'its first question\'s title' },
      { label: `a folder of ${FOLDER.folders + FOLDER.documents} items`, path: `/documentation/browse/${folderId}`, find: { text: 'Area 01' }, what: "its first tile's name" },
      { label: 'home', path: '/', find: { selector: '#welcome-org', text: ORG }, what: "the welcome card's organisation" },
      {
        label: 'a presentation',
        path: `/documentation/view/${presentation.id}`,
        // The viewer marks its root once the first page's image is drawn on its canvas; the server's first
        // paint (issue #31) draws it as an <img>, visible once loaded.
        find: { selector: '[data-image-ready="true"], img[data-first-image]' },
        what: "its first page's image drawn",
      },
      {
        label: 'an older presentation',
        path: `/documentation/view/${older.id}`,
        find: { selector: '[data-image-ready="true"], img[data-first-image]' },
        what: "its first page's image drawn (the full picture: no phone-size picture)",
      },
      { label: 'a result sheet', path: `/documentation/view/${String(sheet.id)}`, find: { selector: 'tbody tr', text: USERNAME }, what: 'its first row (the submitter)' },
    ],
  };
}

/** A layout shift: when, how much, and what moved (its sources). */
interface Shift {
  t: number;
  v: number;
  what: string;
}

/** The in-page watcher (addInitScript): LCP, layout shifts, and the first animation frame that has `find`. */
function watch(find: Find): void {
  const w = window as unknown as { __main: { visible?: number; lcp?: number; shifts: Shift[] } };
  // What moved (MAIN_CONTENT_SHIFTS=1 prints it): each source's element, and its box before and after.
  const describeSources = (e: PerformanceEntry): string =>
    ((e as unknown as { sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }).sources ?? [])
      .map(({ node, previousRect: a, currentRect: b }) => {
        const el = node instanceof Element ? node : node?.parentElement;
        const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}` : '?';
        return `${name} ${Math.round(a.y)}+${Math.round(a.height)}→${Math.round(b.y)}+${Math.round(b.height)}`;
      })
      .join(', ');
  w.__main = { shifts: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__main.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__main.shifts.push({ t: e.startTime, v: e.value, what: describeSources(e) });
    }
  }).observe({ type: 'layout-shift', buffered: true });

  const shown = (el: Element | null): boolean => !!el && el.getClientRects().length > 0 && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true } as never) !== false;
  const roots = (root: Document | ShadowRoot): (Document | ShadowRoot)[] => {
    const all: (Document | ShadowRoot)[] = [root];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) all.push(...roots(el.shadowRoot));
    return all;
  };
  const hasText = (root: Document | ShadowRoot, text: string): boolean => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node as Text).data.includes(text) && shown(node.parentElement)) return true;
    }
    return false;
  };
  const found = (): boolean =>
    roots(document).some((root) =>
      find.selector
        ? [...root.querySelectorAll(find.selector)].some(
            // An image counts once it has arrived and is decoded enough to paint.
            (el) => shown(el) && (!(el instanceof HTMLImageElement) || (el.complete && el.naturalWidth > 0)) && (!find.text || (el.textContent ?? '').includes(find.text)),
          )
        : hasText(root, find.text ?? ''),
    );
  const frame = (now: number) => {
    if (document.body && found()) w.__main.visible = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The largest session window of layout shifts (gaps under 1 s, at most 5 s long). */
function clsOf(shifts: { t: number; v: number }[]): number {
  let most = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last >= 1_000 || s.t - start >= 5_000) {
      sum = 0;
      start = s.t;
    }
    sum += s.v;
    last = s.t;
    most = Math.max(most, sum);
  }
  return most;
}

/** One visit in a fresh context: when `find` showed, the LCP, and CLS once the page has settled. */
export async function visit(browser: Browser, url: string, find: Find, token?: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    if (token) {
      await page.addInitScript((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('loggedIn', 'true');
      }, token);
      // And the session cookie a sign-in sets (issue #31), so the server writes the page's first data into
      // its HTML; MAIN_CONTENT_COOKIE=0 measures a browser without it (the reads leave from the HTML instead).
      if (process.env.MAIN_CONTENT_COOKIE !== '0') await context.addCookies([{ name: 'rb_session', value: token, url }]);
    }
    // tsx (esbuild, keepNames) wraps the watcher's named helpers in __name(); the page has no such function.
    await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
    await page.addInitScript(watch, find);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    type Seen = { visible?: number; lcp?: number; shifts: Shift[] };
    const seen = () => page.evaluate(() => (window as unknown as { __main: Seen }).__main);
    await page.waitForFunction(() => (window as unknown as { __main: Seen }).__main.visible !== undefined, undefined, { timeout: 30_000, polling: 250 }).catch(() => undefined);
    // Then 2 s for late shifts (a signed-in page keeps the notifications stream open: the network never goes quiet).
    await page.waitForTimeout(sized(2_000, 250));
    const at = await seen();
    if (process.env.MAIN_CONTENT_SHIFTS === '1') for (const s of at.shifts) console.log(`      shift at ${ms(s.t)} ms: ${s.v.toFixed(4)} ${s.what}`);
    return { visibleMs: at.visible ?? Number.NaN, lcpMs: at.lcp ?? Number.NaN, cls: clsOf(at.shifts), finalUrl: page.url() };
  } finally {
    await context.close();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(0));
const ok = (good: boolean) => (good ? 'ok' : 'OVER');
const ids = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');

async function printMainContent(browser: Browser, server: BenchServer, site: Site): Promise<void> {
  const loginFind: Find = { selector: '#login-heading', text: 'Login' };
  console.log(`\n  Main content visible (ms since navigation start) beside /login's LCP, in turns; ratio = medians`);
  console.log(`  ${'page'.padEnd(26)} ${'main content'.padStart(12)} ${'/login LCP'.padStart(10)} ${'ratio'.padStart(6)}  goal ≤ ${GOAL.ofLogin}  ${'CLS'.padStart(6)}  goal ≤ ${GOAL.cls}`);
  const lines: string[] = [];
  // MAIN_CONTENT_PAGES=sheet,checklist: only the pages whose label holds one of these words.
  const only = process.env.MAIN_CONTENT_PAGES?.split(',').filter(Boolean);
  for (const target of site.targets.filter((t) => !only || only.some((word) => t.label.includes(word)))) {
    const login: Visit[] = [];
    const page: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      login.push(await visit(browser, `${server.url}/login`, loginFind));
      page.push(await visit(browser, `${server.url}${target.path}`, target.find, site.token));
    }
    const shown = page.map((v) => v.visibleMs).filter((v) => !Number.isNaN(v));
    const visible = shown.length ? median(shown) : Number.NaN;
    const loginLcp = median(login.map((v) => v.lcpMs));
    const cls = median(page.map((v) => v.cls));
    const ratio = visible / loginLcp;
    console.log(
      `  ${target.label.padEnd(26)} ${ms(visible).padStart(12)} ${ms(loginLcp).padStart(10)} ${(Number.isNaN(ratio) ? '—' : ratio.toFixed(2)).padStart(6)}  ${ok(ratio <= GOAL.ofLogin).padEnd(8)}  ${cls.toFixed(3).padStart(6)}  ${ok(cls <= GOAL.cls)}`,
    );
    lines.push(
      `    ${target.label} (${ids(target.path)}), to ${target.what}: runs ${page.map((v) => ms(v.visibleMs)).join(', ')}; its LCP ${page.map((v) => ms(v.lcpMs)).join(', ')}; ` +
        `CLS ${page.map((v) => v.cls.toFixed(3)).join(', ')}; /login LCP ${login.map((v) => ms(v.lcpMs)).join(', ')}` +
        (shown.length < page.length ? `; never visible in ${page.length - shown.length} of ${page.length}` : '') +
        ([...new Set(page.map((v) => new URL(v.finalUrl).pathname))].some((p) => p !== target.path) ? `; ended at ${ids(new URL(page[0]!.finalUrl).pathname)}` : ''),
    );
  }
  console.log('  every run (ms):');
  for (const line of lines) console.log(line);
}

async function printLongTasks(browser: Browser, server: BenchServer): Promise<void> {
  const trace = !!process.env.BENCH_TRACE;
  console.log(`\n  Long tasks of the public pages (PerformanceObserver 'longtask', to 2 s after the last one; TBT = Σ (duration − 50 ms) over the whole load)`);
  for (const path of ['/login', '/register']) {
    const runs: LongTaskRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureLongTasks(browser, `${server.url}${path}`, { trace }));
    const longest = Math.max(...runs.map((r) => r.longestMs));
    console.log(
      `    ${path.padEnd(10)} TBT median ${ms(median(runs.map((r) => r.totalBlockingMs)))} ms (runs ${runs.map((r) => ms(r.totalBlockingMs)).join(', ')}); ` +
        `longest task median ${ms(median(runs.map((r) => r.longestMs)))} ms, max ${ms(longest)} ms   goal every task ≤ ${GOAL.taskMs} ms ${ok(longest <= GOAL.taskMs)}`,
    );
    if (trace) {
      for (const run of runs) for (const t of run.tasks) console.log(`      ${ms(t.startMs).padStart(5)} +${ms(t.durationMs)} ms  ${(t.parts ?? []).join(' | ')}`);
    }
  }
}
