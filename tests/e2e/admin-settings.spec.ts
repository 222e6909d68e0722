/**
 * General Settings (spec accounts §2 Admin screens "Settings (breadcrumb Home > Admin): Active User
 * Limit, Currently Active Users, build date"; issue #11): the plan's limit from auth/me, the members
 * counted by GET users, the build time of _build-info; the breadcrumb's links; axe at desktop and 390 px.
 * Issue #28: while mail to the organisation's people is failing, a warning above them says how many
 * messages, the last error and when — shown by a server of the spec's own whose mail server (a real SMTP
 * server started here) refuses an address for good; nothing is shown when no mail failed.
 */
import type { Page } from '@playwright/test';
import { startSmtpCatcher, type SmtpCatcher } from '../api/support/smtp-server.ts';
import { expectFitsPhone } from './support/journeys.ts';
import { startPrivateServer, type PrivateServer } from './support/private-server.ts';
import {
  apiReads,
  callApi,
  createOrgAdmin,
  expect,
  expectAccessible,
  newIdentity,
  phoneViewport,
  signInWithToken,
  test,
  type OrgAdmin,
} from './support/test.ts';

/** The mail warning (only while mail is failing). */
const mailWarning = (page: Page) => page.locator('[data-mail-failures]');

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
  // No mail has failed: no warning.
  await expect(mailWarning(page)).toBeHidden();
  const time = figure(page, 'Build Date').locator('time');
  await expect(time).toHaveAttribute('datetime', build.time);
  await expect(time).toContainText(String(new Date(build.time).getFullYear()));

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Admin']);
  await crumbs.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('its reads are each sent once, by the HTML beside auth/me (src/client/page-data-script.ts)', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  const reads = apiReads(page);
  await page.goto('/admin/settings');
  await expect(figure(page, 'Currently Active Users')).toHaveText('1');
  expect(reads.filter((r) => r.startsWith('users') || r.startsWith('_build-info') || r.startsWith('settings')).sort()).toEqual([
    '_build-info',
    'settings/mail-failures',
    'users?limit=1',
  ]);
});

test.describe('while mail to its people is failing', () => {
  // One private server (and SMTP server) for the group: its tests stay together on one worker.
  test.describe.configure({ mode: 'default' });
  let smtp: SmtpCatcher;
  let server: PrivateServer;
  let restore: () => void = () => undefined;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    // Refuses every address starting with "bounce" for good; the rest is delivered into the server's outbox.
    smtp = await startSmtpCatcher();
    smtp.reply = (address) => (address.startsWith('bounce') ? { code: 550, message: '5.7.1 Relay access denied' } : undefined);
    server = await startPrivateServer({
      portOffset: 71,
      workerIndex: testInfo.workerIndex,
      env: { SMTP_URL: smtp.url, MAIL_MAX_PERMANENT_FAILURES: '1' },
    });
    smtp.outboxDir = `${server.dataDir}/outbox`;
    restore = server.becomeSuiteServer();
  });

  test.afterAll(async () => {
    restore();
    await server?.stop();
    await smtp?.close();
  });

  test('the org admin is told how many messages could not be delivered, the last error and when; another organisation is not', async ({ page }) => {
    const admin = await createOrgAdmin('mailer');
    const other = await createOrgAdmin('calm');
    const invitee = `bounce-${newIdentity('invitee').email}`;
    await callApi('users', { token: admin.token, json: { email: invitee, roles: [] } });
    // Given up at its first refusal (MAIL_MAX_PERMANENT_FAILURES=1), right after the invitation's commit.
    let failedAt = '';
    await expect(async () => {
      const failures = await callApi<{ count: number; last_failed_at: string | null }>('settings/mail-failures', { token: admin.token });
      expect(failures.count).toBe(1);
      failedAt = failures.last_failed_at!;
    }).toPass({ timeout: 15_000 });

    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('loggedIn', 'true');
    }, admin.token);
    await page.goto(`${server.url}/admin/settings`);
    const warning = mailWarning(page);
    await expect(warning).toBeVisible();
    await expect(warning.locator('[data-mail-failures-line]')).toHaveText(/^Mail is failing: 1 message could not be delivered\. Last error \(.+\): 550 5\.7\.1 Relay access denied$/);
    await expect(warning.locator('time')).toHaveAttribute('datetime', failedAt);
    await expect(figure(page, 'Currently Active Users')).toHaveText('1');
    await expectAccessible(page);
    await page.setViewportSize(phoneViewport);
    await expectFitsPhone(page, [warning]);

    await page.evaluate((value) => localStorage.setItem('token', value), other.token);
    await page.goto(`${server.url}/admin/settings`);
    await expect(figure(page, 'Currently Active Users')).toHaveText('1');
    await expect(mailWarning(page)).toBeHidden();
  });
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
