/**
 * General Settings (spec accounts §2 Admin screens "Settings (breadcrumb Home > Admin): Active User
 * Limit, Currently Active Users, build date"; issue #11): the plan's limit from auth/me, the members
 * counted by GET users, the build time of _build-info; the breadcrumb's links; axe at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import { apiReads, callApi, expect, expectAccessible, newIdentity, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const figure = (page: Page, term: string) => page.locator('.settings-list > div').filter({ has: page.getByRole('term').filter({ hasText: term }) }).getByRole('definition');

async function openSettings(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'General Settings' })).toBeVisible();
}

test('shows the active user limit, the members counted and the build date; the breadcrumb leads Home and to Admin', async ({ page, orgAdmin }) => {
  const who = newIdentity('bea');
  await callApi('users/', { token: orgAdmin.token, json: { username: who.username, email: who.email, full_name: who.full_name, password: who.password } });
  const me = await callApi<{ org: { plan_options: { limit_active_users: number } } }>('auth/me', { token: orgAdmin.token });
  const build = await callApi<{ time: string }>('_build-info');

  await openSettings(page, orgAdmin);
  await expect(figure(page, 'Active User Limit')).toHaveText(new Intl.NumberFormat('en-US').format(me.org.plan_options.limit_active_users));
  await expect(figure(page, 'Currently Active Users')).toHaveText('2');
  const time = figure(page, 'Build Date').locator('time');
  await expect(time).toHaveAttribute('datetime', build.time);
  await expect(time).toContainText(String(new Date(build.time).getFullYear()));

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Admin']);
  await crumbs.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('its reads are each sent once, by the HTML beside auth/me (src/client/early-reads.ts)', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  const reads = apiReads(page);
  await page.goto('/admin/settings');
  await expect(figure(page, 'Currently Active Users')).toHaveText('1');
  expect(reads.filter((r) => r.startsWith('users') || r.startsWith('_build-info')).sort()).toEqual(['_build-info', 'users?limit=1']);
});

for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 720 } }, { label: '390 px', size: phoneViewport }]) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    test('the settings pass axe and fit the width', async ({ page, orgAdmin }) => {
      await openSettings(page, orgAdmin);
      await expect(figure(page, 'Currently Active Users')).toHaveText('1');
      await expectAccessible(page);
      if (viewport.size === phoneViewport) await expectFitsPhone(page, [figure(page, 'Build Date')]);
    });
  });
}
