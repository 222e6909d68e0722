/**
 * Billing and the trial say one thing (issue #32): Billing is reached from the admin menu, the drawer and
 * the dashboard's trial line when billing is on (org admins; members see the state only), and every trial
 * text follows the server's own settings — billing off promises no trial and no end date, billing on
 * shows TRIAL_DAYS as the server runs it (never a number built into the page).
 *
 * Billing off is the run's shared server. Billing on is a private server (support/billing-server.ts) with
 * the API tests' Stripe stand-in and TRIAL_DAYS=3, a number no page could have built in.
 */
import type { Page } from '@playwright/test';
import { memberOf } from './support/documentation.ts';
import { useBillingServer } from './support/billing-server.ts';
import {
  callApi,
  createAccount,
  createOrgAdmin,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInWithToken,
  test,
  usePhoneViewport,
} from './support/test.ts';

// Several screens, axe scans and two viewports per test.
test.describe.configure({ timeout: 90_000 });

const trialLine = (page: Page) => page.locator('#welcome-trial');
const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('billing off (no STRIPE_SECRET_KEY)', () => {
  test('the dashboard promises no free trial and no end date; no Billing entry anywhere', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/');
    await expect(dashboard(page)).toBeVisible();
    await expect(page.getByText('Welcome to')).toBeVisible();
    await expect(page.getByText(/trial/i).filter({ visible: true })).toHaveCount(0);
    await expect(trialLine(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(adminMenu(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(page.getByText(/trial/i).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Billing' }).filter({ visible: true })).toHaveCount(0);
  });

  test('the create-organisation screen and the terms promise no free trial', async ({ page }) => {
    const account = await createAccount('no-org');
    await signInWithToken(page, account.token);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.locator('#home-create-intro')).toHaveText('You are not a member of an organization yet. Create one to get started.');
    await expect(page.getByText(/trial/i).filter({ visible: true })).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/register');
    await page.getByRole('button', { name: /Terms and Conditions/i }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms.getByRole('heading', { name: '3. Subscriptions' })).toBeVisible();
    await expect(terms.locator('[data-trial-terms]')).toHaveText(/payments are not set up/i);
    await expect(terms.getByText(/free trial of/i)).toHaveCount(0);
  });
});

test.describe('billing on (Stripe, TRIAL_DAYS=3)', () => {
  const billing = useBillingServer({ portOffset: 65, trialDays: 3, prices: [{ id: 'price_team', unit_amount: 1200, product: { name: 'Team', description: 'Up to 20 users' } }] });

  /** The trial's end as the page writes it (THE date and time, in the browser's language: src/shared/date-time.ts). */
  async function trialEnd(page: Page, token: string): Promise<string> {
    const me = await callApi<{ org: { trial_ends_at: string } }>('auth/me', { token });
    return page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), me.org.trial_ends_at);
  }

  test("an org admin reaches Billing from the dashboard's trial line, the admin menu and the drawer", async ({ page }) => {
    const admin = await createOrgAdmin('trial');
    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/`);
    await expect(dashboard(page)).toBeVisible();
    const ends = await trialEnd(page, admin.token);
    await expect(trialLine(page)).toContainText(`Your free trial ends on ${ends}.`);
    await expectAccessible(page);

    await trialLine(page).getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL(`${billing.server.url}/billing`);
    await expect(page.getByText(`Your free trial ends on ${ends}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to Team' })).toBeVisible();

    await page.goto(`${billing.server.url}/admin`);
    const entry = adminMenu(page).getByRole('link', { name: 'Billing' });
    await expect(entry).toBeVisible();
    await expectAccessible(page);
    await entry.click();
    await page.waitForURL(`${billing.server.url}/billing`);

    await usePhoneViewport(page);
    await page.goto(`${billing.server.url}/`);
    await expect(trialLine(page).getByRole('link', { name: 'Billing' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(drawer(page).getByRole('link', { name: 'Billing' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a member sees the trial, but no way to Billing from the dashboard and no Subscribe', async ({ page }) => {
    const admin = await createOrgAdmin('trial-m');
    const member = await memberOf(admin);
    await billing.signIn(page, member.token);
    await page.goto(`${billing.server.url}/`);
    await expect(dashboard(page)).toBeVisible();
    await expect(trialLine(page)).toHaveText(`Your free trial ends on ${await trialEnd(page, member.token)}.`);
    await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await page.goto(`${billing.server.url}/billing`);
    await expect(page.getByText('$12.00 / month')).toBeVisible();
    await expect(page.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
  });

  test("the create-organisation screen gives the server's TRIAL_DAYS", async ({ page }) => {
    const account = await createAccount('no-org');
    await billing.signIn(page, account.token);
    await page.goto(`${billing.server.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.locator('#home-create-intro')).toHaveText('You are not a member of an organization yet. Create one to start your 3-day free trial.');
    await expectAccessible(page);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${billing.server.url}/register`);
    await page.getByRole('button', { name: /Terms and Conditions/i }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms.locator('[data-trial-terms]')).toContainText('A new organisation gets a free trial of 3 days');
  });
});
