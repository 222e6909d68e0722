/**
 * Billing switched on for a group of tests (billing.spec.ts, billing-reach.spec.ts): one private server of
 * the spec (support/private-server.ts) with STRIPE_* pointing at the API tests' local Stripe stand-in
 * (tests/api/support/stripe-server.ts) selling `prices`, and the trial the group asks for. Call it inside a
 * `test.describe` (its tests stay together on one worker); it starts both before the group's first test,
 * makes the private server the suite's (callApi, the outbox) and puts everything back after the last.
 *
 *   const billing = useBillingServer({ portOffset: 61, trialDays: 0, prices: [{ id: 'price_team', … }] });
 *   await billing.signIn(page, admin.token);  await page.goto(`${billing.server.url}/billing`);
 */
import type { Page } from '@playwright/test';
import { StripeServer, type PriceInput } from '../../api/support/stripe-server.ts';
import { startPrivateServer, type PrivateServer } from './private-server.ts';
import { test } from './test.ts';

export interface BillingServer {
  /** The Stripe stand-in (its prices, `failing`, subscriptions and signed events). */
  readonly stripe: StripeServer;
  /** The private server with billing on. */
  readonly server: PrivateServer;
  /** Signs the browser in on the private server (its own origin and storage). */
  signIn(page: Page, token: string): Promise<void>;
}

/** Billing on for the enclosing group: see the module's comment. `portOffset` as startPrivateServer's (one no other spec uses). */
export function useBillingServer(options: { portOffset: number; trialDays: number; prices: PriceInput[] }): BillingServer {
  test.describe.configure({ mode: 'default' });
  let stripe: StripeServer | undefined;
  let server: PrivateServer | undefined;
  let restore: () => void = () => undefined;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    stripe = new StripeServer();
    await stripe.start();
    stripe.prices.push(...options.prices);
    server = await startPrivateServer({ portOffset: options.portOffset, workerIndex: testInfo.workerIndex, env: { ...stripe.env, TRIAL_DAYS: String(options.trialDays) } });
    restore = server.becomeSuiteServer();
  });

  test.afterAll(async () => {
    restore();
    await server?.stop();
    await stripe?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useBillingServer: the ${what} starts in the group's beforeAll`);
    return value;
  };
  return {
    get stripe() {
      return started(stripe, 'Stripe stand-in');
    },
    get server() {
      return started(server, 'private server');
    },
    async signIn(page, token) {
      await page.goto(`${started(server, 'private server').url}/favicon.svg`);
      await page.evaluate((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('loggedIn', 'true');
      }, token);
    },
  };
}
