/**
 * Single sign-on in the browser (issue #48, docs/sso.md): a real OpenID Connect provider (oidc-provider, the
 * API tests' tests/api/support/oidc-provider.ts) on a local port beside the e2e server (which allows
 * providers on private addresses: OIDC_ALLOW_PRIVATE in playwright.config.ts). An org admin connects the
 * organisation in Admin → Single Sign-On and tests the connection in a new tab; a member then signs in with
 * "Sign in with your organisation" on /login, signs in at the provider and lands signed in on home. At
 * desktop and phone width, each page scanned by axe.
 */
import { randomBytes } from 'node:crypto';
import { startOidcProvider, type TestProvider } from '../api/support/oidc-provider.ts';
import { expectDashboardOf } from './support/journeys.ts';
import { baseUrl } from './support/environment.ts';
import { expect, expectAccessible, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';
import type { BrowserContext, Page } from '@playwright/test';

let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${baseUrl()}/auth/sso/callback` });
});

test.afterAll(async () => {
  await idp?.close();
});

/**
 * The provider's development sign-in page asks for a web font and a favicon it does not have: answered
 * here, so only our pages' problems count (the test's page problem watch).
 */
async function quietProvider(context: BrowserContext): Promise<void> {
  await context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  await context.route(`${idp.issuer}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
}

/** The provider's own sign-in form (oidc-provider's development interactions): any password is right. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

/** Admin → Single Sign-On, filled in and saved; answers the domain its provider vouches for. */
async function connectOnScreen(page: Page, admin: OrgAdmin): Promise<string> {
  const domain = `sso-${randomBytes(4).toString('hex')}.example`;
  await quietProvider(page.context());
  await signInWithToken(page, admin.token);
  // Test connection runs in a new tab signed in by the session cookie, as a password sign-in would leave it.
  await page.context().addCookies([{ name: 'rb_session', value: admin.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/admin/sso');
  await expect(page.getByRole('heading', { level: 1, name: 'Single Sign-On' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expectAccessible(page);
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client ID').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#sso-status')).toHaveText('Saved.');
  // The address to register at the provider; the secret is never shown again.
  await expect(page.locator('#sso-redirect-uri')).toHaveText(`${baseUrl()}/auth/sso/callback`);
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expectAccessible(page);
  return domain;
}

for (const [width, viewport] of [
  ['1280', { width: 1280, height: 720 }],
  ['390', phoneViewport],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('an org admin connects the organisation and tests the connection in a new tab', async ({ page, orgAdmin }) => {
      const domain = await connectOnScreen(page, orgAdmin);
      const subject = `admin-${randomBytes(3).toString('hex')}`;
      idp.people.set(subject, { email: `${subject}@${domain}`, name: 'Ada Admin' });
      const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Test connection' }).click()]);
      await signInAtProvider(tab, subject);
      await expect(tab.getByRole('heading', { level: 1, name: 'The connection works' })).toBeVisible();
      await expect(tab.getByRole('row', { name: new RegExp(`email ${subject}@${domain}`) })).toBeVisible();
      await expect(tab.getByRole('row', { name: /email_verified true/ })).toBeVisible();
      await expectAccessible(tab);
      await tab.close();
      // Disconnect asks first, in the house dialog.
      await page.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect Single Sign-On' });
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('#sso-status')).toHaveText('Disconnected.');
      await expect(page.getByRole('link', { name: 'Test connection' })).toBeHidden();
    });

    test('a member signs in with their organisation on /login and lands signed in on home', async ({ page, orgAdmin, browser }) => {
      const domain = await connectOnScreen(page, orgAdmin);
      const subject = `member-${randomBytes(3).toString('hex')}`;
      idp.people.set(subject, { email: `${subject}@${domain}`, name: 'Mo Member' });

      const context = await browser.newContext({ viewport, baseURL: baseUrl() });
      try {
        await quietProvider(context);
        const member = await context.newPage();
        await member.goto('/login');
        await expect(member.getByRole('heading', { name: 'Sign in with your organisation' })).toBeVisible();
        await expectAccessible(member);
        await member.getByLabel('Work e-mail address').fill(`${subject}@${domain}`);
        await member.getByRole('button', { name: 'Sign in with your organisation' }).click();
        await signInAtProvider(member, subject);
        await expectDashboardOf(member, orgAdmin.org.name);
        await expectAccessible(member);
      } finally {
        await context.close();
      }
    });
  });
}
