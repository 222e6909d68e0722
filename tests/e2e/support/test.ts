/**
 * The `test` of the browser suite: Playwright's, plus fixtures that set the stage over the API.
 * Import everything a spec needs from here:
 *
 *   import { test, expect, signInWithToken, expectAccessible } from './support/test.ts';
 *   test('…', async ({ page, orgAdmin }) => { await signInWithToken(page, orgAdmin.token); … });
 *
 * Fixtures are created only when a test names them, so a test pays only for what it uses — except
 * `pageProblemWatch`, which runs for every test: any Content-Security-Policy violation, console error
 * or uncaught exception on any page the test opens fails it (what counts: PageProblemWatch in
 * ./browser.ts). A test that provokes one on purpose declares it with `expectPageProblem`.
 */
import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { createAccount, createOrgAdmin, type Account, type OrgAdmin } from './accounts.ts';
import { PageProblemWatch } from './browser.ts';

export interface Fixtures {
  /** A new activated account with no organisation yet, and its token. */
  account: Account;
  /** A new account that created its own organisation (org admin, organisation selected), and its token. */
  orgAdmin: OrgAdmin;
  /**
   * Automatic: watches every page of the test's browser context and of every context the test opens
   * with `browser.newContext()`/`browser.newPage()`, and fails the test at its end listing each problem.
   */
  pageProblemWatch: PageProblemWatch;
  /**
   * Declares a page problem the test provokes on purpose, e.g. `expectPageProblem(/status of 503/)`:
   * problems matching the pattern do not fail the test, and the test fails if none happens. Keep the
   * pattern narrow (the message, not just "error").
   */
  expectPageProblem: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  account: async ({}, use) => {
    await use(await createAccount('member'));
  },
  orgAdmin: async ({}, use) => {
    await use(await createOrgAdmin('admin'));
  },
  pageProblemWatch: [
    async ({ context, browser }, use, testInfo) => {
      const watch = new PageProblemWatch();
      await watch.watch(context);
      const restore = watchNewContexts(browser, (opened) => watch.watch(opened));
      try {
        await use(watch);
      } finally {
        restore();
      }
      await watch.settle();
      // A declared problem that did not happen is worth saying only when the test body ran to its end.
      const problems = watch.verdict(testInfo.status === 'passed');
      if (problems.length > 0) {
        const list = problems.map((p) => `  - ${p}`).join('\n');
        throw new Error(`Page problems (CSP violations, console errors, uncaught exceptions; what counts: PageProblemWatch):\n${list}`);
      }
    },
    { auto: true },
  ],
  expectPageProblem: async ({ pageProblemWatch }, use) => {
    await use((pattern) => pageProblemWatch.expect(pattern));
  },

});

/**
 * Makes `browser.newContext()` (and so `browser.newPage()`) hand every new context to `onContext` before
 * the test gets it; the returned function undoes that.
 */
function watchNewContexts(browser: Browser, onContext: (context: BrowserContext) => Promise<void>): () => void {
  const original = browser.newContext;
  browser.newContext = async function newContext(this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await original.apply(this, args);
    await onContext(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export { expect } from '@playwright/test';
export * from './accounts.ts';
export * from './browser.ts';
export * from './outbox.ts';
export * from './site.ts';
export * from './qr.ts';
