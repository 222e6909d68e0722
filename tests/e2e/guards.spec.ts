import { acceptInvitationOverApi, endOwnSession, expectDashboardOf, signInOnScreen } from './support/journeys.ts';
import type { Page, Response } from '@playwright/test';
import { expect, inviteByEmail, signInWithToken, test } from './support/test.ts';

test.describe('guards', () => {
  test('a signed-out visit to an admin page goes to sign-in and comes back there after it', async ({ page, orgAdmin }) => {
    await page.goto('/admin/create-org');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fcreate-org$/);
    await signInOnScreen(page, orgAdmin.username, orgAdmin.password);

    await expect(page).toHaveURL(/\/admin\/create-org$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Organization' })).toBeVisible();
    await expect(page).toHaveTitle(`Create New Organization ${orgAdmin.org.name}`);
  });

  test('the admin menu comes back after sign-in too, and lists the admin screens', async ({ page, orgAdmin }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
    await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Users', 'Roles', 'Activity Log', 'API Tokens', 'Webhooks', 'General Settings', 'Create New Organization']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('a member who is not an org admin is sent from /admin to /', async ({ page, orgAdmin, account }) => {
    await acceptInvitationOverApi(account.token, await inviteByEmail(orgAdmin.token, account.email));
    await signInWithToken(page, account.token);
    await page.goto('/admin');
    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(page.getByRole('link', { name: 'Admin Section' })).toBeHidden();

    await page.goto('/admin/create-org');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Create New Organization' })).toBeHidden();
  });

  test("a revoked token: 'Could not validate credentials', logged out, back to sign-in", async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    // The bell reads its list and opens its stream after the page has painted; a read answered 401 would send
    // the page to sign-in by itself. So the session ends once both are in, and it is the reload that finds out.
    const bellIn = Promise.all([bellResponse(page, '/documentation/notifications'), bellResponse(page, '/documentation/notifications/stream')]);
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await bellIn;

    await endOwnSession(orgAdmin.token); // e.g. ended from another device
    await page.reload();
    await expect(page).toHaveURL(/\/login\?next=%2Faccount-settings$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not validate credentials' })).toBeVisible();
    const stored = await page.evaluate(() => ({ loggedIn: localStorage.getItem('loggedIn'), token: localStorage.getItem('token') }));
    expect(stored).toEqual({ loggedIn: null, token: null });
  });

  test('a token the server never issued counts as signed out', async ({ page }) => {
    await signInWithToken(page, 'no-such-token-0123456789abcdef');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not validate credentials' })).toBeVisible();
  });
});

/** The answer to the page's request for this API path (without its query), once its headers are in. */
function bellResponse(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1${path}`);
}
