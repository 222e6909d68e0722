/**
 * Browser-side helpers: sign in by storage, the desktop and phone widths, the accessibility scan, and the watch on
 * Content-Security-Policy violations and console errors that fails every test on any of them.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';
import { baseUrl } from './environment.ts';

/** The phone the spec's "phone width" means: 390 × 844 CSS pixels (an iPhone 12 to 15). */
export const phoneViewport = { width: 390, height: 844 } as const;

/** The desktop the specs' "1280 px" means: 1280 × 800 CSS pixels. */
export const desktopViewport = { width: 1280, height: 800 } as const;

/** The two widths a screen's layout is checked at, desktop and phone: `for (const { label, size } of layoutWidths)`. */
export const layoutWidths = [
  { label: '1280 px', size: desktopViewport },
  { label: '390 px', size: phoneViewport },
] as const;

/**
 * Signs the page's browser context in as the owner of `token`, the way the sign-in screen leaves
 * things (spec accounts §3): local storage `token` and `loggedIn` = 'true'. Call it before visiting a
 * signed-in screen; it leaves the page on a blank document of the app's origin.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await openOrigin(page);
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    localStorage.setItem('loggedIn', 'true');
  }, token);
}

/** Clears local and session storage of the app's origin, as logout does. */
export async function clearBrowserStorage(page: Page): Promise<void> {
  await openOrigin(page);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Switches the page to phone width (390 px). Or, for a whole file: `test.use({ viewport: phoneViewport })`. */
export async function usePhoneViewport(page: Page): Promise<void> {
  await page.setViewportSize(phoneViewport);
}

/** Fails when the page scrolls sideways (content wider than the viewport), e.g. at phone width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px viewport`).toBeLessThanOrEqual(clientWidth);
}

export interface AccessibilityScanOptions {
  /** Only this part of the page (CSS selector). */
  include?: string;
  /** Leave these parts out (CSS selectors), e.g. a third-party widget. */
  exclude?: string[];
  /** Rules to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Scans the page with axe (WCAG 2.x A and AA rules) and fails on any serious or critical violation,
 * listing each with the elements it found.
 */
export async function expectAccessible(page: Page, options: AccessibilityScanOptions = {}): Promise<void> {
  // A dialog fading in is half transparent: its colours would be read mid-way. Scan once every finite
  // animation (Shoelace's show and hide, transitions) has finished; endless ones (spinners) do not count.
  // None running now nor two frames later: a Shoelace dialog closed by Escape starts its hide a few
  // microtasks after the key (the scan once read its overlay mid-fade, second-hour.spec.ts in CI).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const running = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length;
          const now = running();
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          return now + running();
        }),
      { message: 'the animations of the page finish before the accessibility scan', timeout: 10_000 },
    )
    .toBe(0);
  // Legacy mode: axe runs inside the page (its same-origin frames included) instead of finishing in a blank
  // page it opens for every scan — a new renderer each time, which made the scan 2–3× slower; the product
  // has no cross-origin frames to reach.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = grave.map(
    (v) =>
      `${v.impact}: ${v.id} — ${v.help} (${v.helpUrl})\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`)
        .join('\n'),
  );
  expect(grave, `accessibility violations on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}

/** Something a page reported that the suite counts as a problem. */
export interface PageProblem {
  kind: 'csp violation' | 'console error' | 'uncaught';
  text: string;
  /** The page it happened on. */
  url: string;
}

/**
 * The suite's watch on what pages report (support/test.ts runs one for every test, `pageProblemWatch`):
 * Content-Security-Policy violations, console errors and uncaught exceptions of every page of the
 * watched browser contexts — the test's own and any it opens — reported to the test process as they
 * happen, so a navigation loses none. At the end of the test `verdict()` lists every one that counts.
 *
 * What counts:
 * - every `securitypolicyviolation` event of a document (an init script hands it over through a binding;
 *   both are injected through the DevTools protocol, so the page's own CSP cannot block them);
 * - every console message of type error — Chromium also logs each CSP violation there, and every
 *   resource that failed to load: a missing script, style, icon or image (4xx), any 5xx answer, a
 *   network failure;
 * - every uncaught exception.
 *
 * What does not count: Chromium's "Failed to load resource: the server responded with a status of 4xx"
 * - for an address under /api/ of the app's origin: the API's expected answer, which the screen handles
 *   and shows (a 422 field error, a 404 not-found page, a 401 that signs out);
 * - for the address of the page itself: a page address that names nothing, answered with the
 *   not-found page and status 404.
 * A 5xx counts wherever it comes from, and so does a 4xx of anything else the page loads.
 *
 * A test that provokes a problem on purpose declares it, as narrowly as it can, with
 * `expectPageProblem(/pattern/)` (support/test.ts): problems whose text matches are then expected, and
 * the test fails if none happened.
 */
export class PageProblemWatch {
  readonly problems: PageProblem[] = [];
  private readonly declared: RegExp[] = [];
  private readonly contexts: BrowserContext[] = [];

  /** Watches every page of `context`, those open now and those it opens later. Call before the pages load. */
  async watch(context: BrowserContext): Promise<void> {
    if (this.contexts.includes(context)) return;
    this.contexts.push(context);
    await context.exposeBinding(REPORT_BINDING, ({ page }, text: unknown) => this.add('csp violation', String(text), page?.url() ?? ''));
    await context.addInitScript((binding) => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as Record<string, ((text: string) => void) | undefined>)[binding];
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'document'}:${e.lineNumber})`);
      });
    }, REPORT_BINDING);
    context.on('console', (message) => {
      if (counts(message)) this.add('console error', `${message.text()}${where(message)}`, message.page()?.url() ?? '');
    });
    context.on('weberror', (error) => this.add('uncaught', error.error().stack ?? error.error().message, error.page()?.url() ?? ''));
  }

  /** Declares a problem the test provokes on purpose; it must happen (at least once) before the test ends. */
  expect(pattern: RegExp): void {
    // Without g or y, so that test() keeps no position from one problem to the next.
    this.declared.push(new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')));
  }

  /** Lets every open page hand over what it has reported so far (a round trip to each, at most 2 s). */
  async settle(): Promise<void> {
    const pages = this.contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
    const roundTrip = (page: Page) => page.evaluate(() => undefined).catch(() => undefined);
    await Promise.race([Promise.all(pages.map(roundTrip)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }

  /**
   * What fails the test: every problem no declaration expects, and (when `checkDeclared`) every declared
   * problem that never happened. Empty when all is well.
   */
  verdict(checkDeclared = true): string[] {
    const lines: string[] = [];
    const happened = new Set<RegExp>();
    for (const problem of this.problems) {
      const expected = this.declared.filter((pattern) => pattern.test(problem.text));
      for (const pattern of expected) happened.add(pattern);
      if (expected.length === 0) lines.push(`${problem.kind} on ${problem.url || 'a page'}: ${problem.text}`);
    }
    if (checkDeclared) {
      for (const pattern of this.declared) if (!happened.has(pattern)) lines.push(`declared page problem ${pattern} never happened`);
    }
    return lines;
  }

  private add(kind: PageProblem['kind'], text: string, url: string): void {
    this.problems.push({ kind, text, url });
  }
}

/** The binding the pages report CSP violations through. */
const REPORT_BINDING = '__ringbinderPageProblem';

/** Whether a console message counts as a problem (see PageProblemWatch). */
function counts(message: ConsoleMessage): boolean {
  if (message.type() !== 'error') return false;
  const failed = /^Failed to load resource: the server responded with a status of (4\d\d)/.exec(message.text());
  if (!failed) return true;
  const resource = message.location().url;
  return !(isApiAddress(resource) || isPageItself(resource, message.page()?.url()));
}

/** Whether a resource is the document of the page (the address it shows), fragments aside. */
function isPageItself(resource: string, pageUrl: string | undefined): boolean {
  return !!pageUrl && resource.split('#')[0] === pageUrl.split('#')[0];
}

/** Whether an address is the app's API (under /api/ of the server under test). */
function isApiAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.origin === new URL(baseUrl()).origin && url.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** " (at {url})" for a console message whose location is a file (for a failed resource, that resource). */
function where(message: ConsoleMessage): string {
  const { url } = message.location();
  return url && !message.text().includes(url) ? ` (at ${url})` : '';
}

/** A same-origin document that runs none of the app's scripts, for touching storage. */
async function openOrigin(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/favicon.svg');
}

/** The API reads (GETs) a page makes from now on, as 'path?query' after /api/v1/, in order. */
export function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/')) reads.push(url.pathname.slice('/api/v1/'.length) + url.search);
  });
  return reads;
}

/**
 * Holds back every request whose address matches `address` until `release` is called; each then goes on
 * to the real server (nothing is answered for it). For a page's behaviour while a file or a read is late.
 */
export async function holdRequests(page: Page, address: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
