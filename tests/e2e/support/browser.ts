/**
 * Browser-side helpers: sign in by storage, phone width, the accessibility scan, and a watch on
 * Content-Security-Policy violations and console errors.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type ConsoleMessage, type Page } from '@playwright/test';

/** The phone the spec's "phone width" means: 390 × 844 CSS pixels (an iPhone 12 to 15). */
export const phoneViewport = { width: 390, height: 844 } as const;

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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
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

/** What the page reported while it was watched. */
export interface PageProblems {
  /** securitypolicyviolation events: "{directive} blocked {uri}". */
  cspViolations: string[];
  /** console.error messages and uncaught exceptions. */
  consoleErrors: string[];
}

/**
 * Starts watching a page (call before `goto`): CSP violations (from the document's
 * securitypolicyviolation events and Chromium's console messages) and console errors.
 * Read the result after the page has settled with `await problems()`.
 */
export async function watchPageProblems(page: Page): Promise<() => Promise<PageProblems>> {
  const consoleErrors: string[] = [];
  const cspFromConsole: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    consoleErrors.push(text);
    if (/Content Security Policy/i.test(text)) cspFromConsole.push(text);
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  // Injected through the DevTools protocol, so the page's own CSP does not block it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return async () => {
    const fromEvents = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return { cspViolations: [...fromEvents, ...cspFromConsole], consoleErrors: [...consoleErrors] };
  };
}

/** A same-origin document that runs none of the app's scripts, for touching storage. */
async function openOrigin(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/favicon.svg');
}
