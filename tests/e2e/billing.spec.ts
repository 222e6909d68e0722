/**
 * Billing screens (spec accounts §2 Billing, §4 Billing, §8, §9; issue #15).
 *
 * Billing off is the run's shared server (no STRIPE_SECRET_KEY). Billing on is a private server of this
 * spec (support/billing-server.ts, on support/private-server.ts) with STRIPE_* pointing at the local Stripe-compatible server of the
 * API tests (tests/api/support/stripe-server.ts) and TRIAL_DAYS=0, so every new organisation is expired
 * from the start; a signed webhook, as Stripe would send it, makes one active.
 */
import type { Page } from '@playwright/test';
import { signedEvent } from '../api/support/stripe-server.ts';
import { memberOf } from './support/documentation.ts';
import { expectFitsPhone, expectNotCovered } from './support/journeys.ts';
import { useBillingServer } from './support/billing-server.ts';
import {
  createAccount,
  createOrgAdmin,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInWithToken,
  test,
  usePhoneViewport,
  type OrgAdmin,
} from './support/test.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('billing off (no STRIPE_SECRET_KEY)', () => {
  test('/billing says payments are not set up, and offers no plans', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/billing');
    await expect(heading(page)).toHaveText('Billing');
    await expect(page.getByText('Payments are not set up on this server.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plans' })).toBeHidden();
    await expect(page.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
    await expect(page).toHaveTitle(`Billing ${orgAdmin.org.name}`);
    await expectAccessible(page);
    await usePhoneViewport(page);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test("/billing/success says 'Purchase Successful!' and returns to the dashboard after 3000 ms", async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    // The page's clock stands still from its first moment, so the 3000 ms count only as the test runs
    // them (reading the clock after the heading showed raced a slow machine: the wait for the heading
    // could outlast the margin).
    const start = new Date('2026-01-01T09:00:00Z').getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/billing/success');
    await expect(heading(page)).toHaveText('Purchase Successful!');
    await page.clock.runFor(2_900);
    await expect(page).toHaveURL(/\/billing\/success$/);
    await page.clock.runFor(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('/billing/cancel says nothing was charged and offers the plans again', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/billing/cancel');
    await expect(heading(page)).toHaveText('Checkout Cancelled');
    await expect(page.getByText('Nothing was charged.')).toBeVisible();
    await expectAccessible(page);
    await usePhoneViewport(page);
    await expectFitsPhone(page, [page.getByRole('link', { name: 'See the Plans' })]);
    await page.getByRole('link', { name: 'See the Plans' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByText('Payments are not set up on this server.')).toBeVisible();
  });
});

// ── Billing on: a private server with Stripe (the local stand-in) and a trial of 0 days ──────────────

/** Where the stand-in's Checkout sessions send the buyer (Stripe's hosted page): answered by the test. */
const CHECKOUT_PAGES = 'https://checkout.stripe.test/**';
const EXPIRED = 'Organization subscription is expired';
/** The page's own warning box (the alerts at the bottom may say the same). */
const warning = (page: Page) => page.locator('#billing-warning');
/** The alerts at the bottom centre saying `text`. */
const toasts = (page: Page, text: string) => page.locator('.alert').filter({ hasText: text });

test.describe('billing on (Stripe, TRIAL_DAYS=0)', () => {
  // One private server (and Stripe) for the whole group: its tests stay together on one worker.
  const billing = useBillingServer({
    portOffset: 61,
    trialDays: 0,
    prices: [
      { id: 'price_team', unit_amount: 1200, product: { name: 'Team', description: 'Up to 20 users' } },
      { id: 'price_business', unit_amount: 4900, product: { name: 'Business', description: 'Up to 200 users, priority support' } },
    ],
  });

  test.beforeEach(async ({ context }) => {
    billing.stripe.failing = false;
    await context.route(CHECKOUT_PAGES, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Stripe Checkout</h1></html>' }),
    );
  });

  /** Makes the organisation active as Stripe would: a signed customer.subscription.created for it. */
  async function activate(admin: OrgAdmin, periodEnd: number): Promise<void> {
    const sub = billing.stripe.subscription({ customer: billing.stripe.nextId('cus'), status: 'active', priceId: 'price_team', periodEnd, orgId: admin.org.id });
    const event = signedEvent('customer.subscription.created', sub);
    const res = await fetch(`${billing.server.url}/api/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    expect(res.status, await res.text()).toBe(200);
  }

  test('an expired organisation lands on /billing from other pages, with the detail as a warning; /billing itself stays', async ({ page }) => {
    const admin = await createOrgAdmin('expired');
    await billing.signIn(page, admin.token);
    for (const path of ['/', '/documentation/browse', '/admin/users']) {
      await page.goto(`${billing.server.url}${path}`);
      await page.waitForURL(`${billing.server.url}/billing`);
      await expect(warning(page)).toBeVisible();
      await expect(warning(page)).toHaveRole('alert');
      await expect(warning(page)).toHaveText(`${EXPIRED} Choose a plan below to continue.`);
      // One message (issue #32): the page's warning box, not also a sentence saying it again or an alert.
      await expect(page.getByRole('button', { name: 'Subscribe to Team' })).toBeVisible();
      await expect(page.getByText(/expired/i).filter({ visible: true })).toHaveCount(1);
      await expect(toasts(page, EXPIRED)).toHaveCount(0);
    }
    // The page's own chrome (drawer, bell) is refused too: /billing does not send itself to /billing again.
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed), 'no reload').toBe(true);
    await expect(page.getByRole('button', { name: 'Subscribe to Team' })).toBeVisible();
    await expect(page.getByText(/expired/i).filter({ visible: true })).toHaveCount(1);
    await expect(toasts(page, EXPIRED)).toHaveCount(0);
    await expect(page.getByText('$12.00 / month')).toBeVisible();
    await expect(page.getByText('$49.00 / month')).toBeVisible();
    await expect(page.getByText('Up to 200 users, priority support')).toBeVisible();
  });

  test('the pages an expired organisation may still use are not left for /billing: the success page and account settings', async ({ page }) => {
    const admin = await createOrgAdmin('expired');
    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/billing/success`);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful!' })).toBeVisible();
    await page.goto(`${billing.server.url}/account-settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL(`${billing.server.url}/account-settings`);
  });

  test('Subscribe opens the checkout address the server returned, in the top window', async ({ page }) => {
    const admin = await createOrgAdmin('buyer');
    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/billing`);
    await page.getByRole('button', { name: 'Subscribe to Business' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [session] = [...billing.stripe.sessions.values()].filter((s) => s.client_reference_id === admin.org.id);
    expect(session, 'a Checkout session for this organisation').toBeDefined();
    expect(page.url()).toBe(session!.url);
    expect(billing.stripe.to('POST /v1/checkout/sessions').at(-1)?.form['line_items[0][price]']).toBe('price_business');
  });

  test('inside a frame, Subscribe moves the top window, not the frame', async ({ page }) => {
    const admin = await createOrgAdmin('framed');
    await billing.signIn(page, admin.token);
    // A page of the app's origin holding /billing in a frame (the app may be framed by its own origin
    // only): an answer of the API, which the browser shows as a plain document without scripts.
    await page.goto(`${billing.server.url}/api/v1/_build-info`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Ringbinder';
      frame.setAttribute('style', 'width:1000px;height:700px');
      document.body.replaceChildren(frame);
    }, `${billing.server.url}/billing`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: 'Subscribe to Team' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  });

  test("a failed Subscribe says 'Something went wrong, please try again' and may be tried again", async ({ page, expectPageProblem }) => {
    // Stripe down: our server answers 503 (the browser logs the refused call).
    expectPageProblem(/status of 503/);
    const admin = await createOrgAdmin('unlucky');
    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/billing`);
    const subscribe = page.getByRole('button', { name: 'Subscribe to Team' });
    await expect(subscribe).toBeVisible();
    billing.stripe.failing = true;
    await subscribe.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong, please try again' })).toBeVisible();
    await expect(subscribe).toBeEnabled();
    await expect(subscribe).toBeFocused();
    billing.stripe.failing = false;
    await subscribe.click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\//);
  });

  test('an active organisation: active until the period end; a member who is not an admin is told whom to ask', async ({ page }) => {
    const admin = await createOrgAdmin('paid');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    await activate(admin, periodEnd);
    const member = await memberOf(admin);
    const until = await page.evaluate(
      (ms) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms)),
      periodEnd * 1000,
    );

    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`${billing.server.url}/billing`);
    await expect(page.getByText(`Your subscription is active until ${until}.`)).toBeVisible();
    await expect(warning(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Subscribe to Team' })).toBeVisible();

    await billing.signIn(page, member.token);
    await page.goto(`${billing.server.url}/billing`);
    await expect(page.getByText(`Your subscription is active until ${until}.`)).toBeVisible();
    await expect(page.getByText('Ask an organization admin to subscribe.')).toBeVisible();
    await expect(page.getByText('$12.00 / month')).toBeVisible();
    await expect(page.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
  });

  test('the plans with the warning are accessible, at desktop and at 390 px', async ({ page }) => {
    const admin = await createOrgAdmin('axe');
    await billing.signIn(page, admin.token);
    await page.goto(`${billing.server.url}/billing`);
    await expect(warning(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to Business' })).toBeVisible();
    await expectAccessible(page);
    await usePhoneViewport(page);
    const subscribe = [page.getByRole('button', { name: 'Subscribe to Team' }), page.getByRole('button', { name: 'Subscribe to Business' })];
    await expectFitsPhone(page, [warning(page), ...subscribe]);
    // Nothing (an alert at the bottom, say) lies over a Subscribe button (issue #32).
    await page.waitForTimeout(1_000);
    for (const button of subscribe) await expectNotCovered(button);
    await expectAccessible(page);
  });

  test('TRIAL_DAYS=0: the create-organisation screen promises no free trial', async ({ page }) => {
    const account = await createAccount('no-org');
    await billing.signIn(page, account.token);
    await page.goto(`${billing.server.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.locator('#home-create-intro')).toHaveText('You are not a member of an organization yet. Create one to get started.');
    await expect(page.getByText(/trial/i).filter({ visible: true })).toHaveCount(0);
  });
});
