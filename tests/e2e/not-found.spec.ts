import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInWithToken,
  test,
  unknownPath,
  usePhoneViewport,
} from './support/test.ts';

test.describe('not-found screen', () => {
  test('an unknown address answers 404 and offers the way back to sign-in when signed out', async ({ page }) => {
    const response = await page.goto(unknownPath);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    const back = page.getByRole('link', { name: 'Return to Login' });
    await expect(back).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('offers the way back to the dashboard when signed in', async ({ page, account }) => {
    await signInWithToken(page, account.token);
    const response = await page.goto(unknownPath);
    expect(response?.status()).toBe(404);
    const back = page.getByRole('link', { name: 'Return to Dashboard' });
    await expect(back).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('reached from inside the app (an admin address that is no screen), it keeps the app frame', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const response = await page.goto('/admin/no-such-screen');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    // The frame: the top bar with the organisation and the account menu, the drawer with its links.
    await expect(page.locator('#topbar-org')).toHaveText(orgAdmin.org.name);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const drawer = page.getByRole('navigation', { name: 'Main menu' });
    await expect(drawer.getByRole('link', { name: 'Browse Documents' })).toBeVisible();
    await expect(page).toHaveTitle(`Page Not Found ${orgAdmin.org.name}`);
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a signed-out visitor gets no menus of the app frame', async ({ page }) => {
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
  });

  test('the link back to sign-in leads to /login', async ({ page }) => {
    await page.goto('/documentation/no-such-area/42');
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('fits a phone (390 px)', async ({ page }) => {
    await usePhoneViewport(page);
    const response = await page.goto(unknownPath);
    expect(response?.status()).toBe(404);
    const back = page.getByRole('link', { name: 'Return to Login' });
    await expect(back).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});
