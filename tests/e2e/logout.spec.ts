/**
 * Logout ends the session on the server (issue 10): the avatar menu's Logout asks POST auth/logout, so
 * the token the browser held is refused afterwards; a server that fails to answer does not keep anyone
 * signed in.
 */
import { expectDashboardOf } from './support/journeys.ts';
import { ApiError, callApi, expect, signInWithToken, test } from './support/test.ts';

/** The status auth/me answers a token with. */
async function statusOf(token: string): Promise<number> {
  try {
    await callApi('auth/me', { token });
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

test.describe('Logout', () => {
  test('ends the session on the server: the old token is refused afterwards', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/');
    await expectDashboardOf(page, orgAdmin.org.name);
    expect(await statusOf(orgAdmin.token)).toBe(200);

    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    expect(await statusOf(orgAdmin.token)).toBe(401);
  });

  test('a server that does not end the session still signs the browser out', async ({ page, account, expectPageProblem }) => {
    expectPageProblem(/status of 503/);
    await page.route('**/api/v1/auth/logout', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }));
    await signInWithToken(page, account.token);
    await page.goto('/account-settings');
    await expect(page.getByLabel('Username')).toHaveValue(account.username);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({ local: 0, session: 0 });
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});
