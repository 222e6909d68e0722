/**
 * The `test` of the browser suite: Playwright's, plus fixtures that set the stage over the API.
 * Import everything a spec needs from here:
 *
 *   import { test, expect, signInWithToken, expectAccessible } from './support/test.ts';
 *   test('…', async ({ page, orgAdmin }) => { await signInWithToken(page, orgAdmin.token); … });
 *
 * Fixtures are created only when a test names them, so a test pays only for what it uses.
 */
import { test as base } from '@playwright/test';
import { createAccount, createOrgAdmin, type Account, type OrgAdmin } from './accounts.ts';
import { watchPageProblems, type PageProblems } from './browser.ts';

export interface Fixtures {
  /** A new activated account with no organisation yet, and its token. */
  account: Account;
  /** A new account that created its own organisation (org admin, organisation selected), and its token. */
  orgAdmin: OrgAdmin;
  /** Watches `page` from its first navigation; call it to read CSP violations and console errors so far. */
  pageProblems: () => Promise<PageProblems>;
}

export const test = base.extend<Fixtures>({
  account: async ({}, use) => {
    await use(await createAccount('member'));
  },
  orgAdmin: async ({}, use) => {
    await use(await createOrgAdmin('admin'));
  },
  pageProblems: async ({ page }, use) => {
    await use(await watchPageProblems(page));
  },
});

export { expect } from '@playwright/test';
export * from './accounts.ts';
export * from './browser.ts';
export * from './outbox.ts';
export * from './site.ts';
export * from './qr.ts';
