/**
 * GET billing/products and POST billing/create-checkout-session (issue #15), against the local
 * Stripe-compatible server: the active monthly prices with their product (kept a minute); a Checkout
 * session for a plan with the organisation as reference and the success/cancel addresses under
 * PUBLIC_URL; the organisation's Stripe customer created once and reused; 422 for a price that is not a
 * plan, 403 for members who are not org admins, 503 when Stripe cannot be reached.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../../src/server/db/schema.ts';
import { memberOf, orgWithAdmin } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import { useStripeServer } from '../support/stripe-server.ts';

const stripe = useStripeServer();
// The env is read when the test server starts, after the Stripe server has its port: a getter.
const server = useTestServer({
  get env() {
    return stripe.env;
  },
});

const BASIC = { id: 'price_basic', unit_amount: 1000, product: { name: 'Basic', description: 'Up to 25 users' } };
const TEAM = { id: 'price_team', unit_amount: 2500, product: { name: 'Team', description: null } };

beforeAll(() => {
  stripe.prices.push(
    TEAM,
    BASIC,
    { id: 'price_yearly', unit_amount: 10000, interval: 'year', product: { name: 'Yearly' } },
    { id: 'price_quarterly', unit_amount: 2800, interval_count: 3, product: { name: 'Quarterly' } },
    { id: 'price_old', unit_amount: 900, active: false, product: { name: 'Old' } },
    { id: 'price_once', unit_amount: 5000, type: 'one_time', product: { name: 'Once' } },
    { id: 'price_archived', unit_amount: 700, product: { name: 'Archived', active: false } },
  );
});

const MINUTE = 60_000;

describe('GET billing/products', () => {
  it('answers the active monthly prices with their product, cheapest first, to any member', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const res = await member.api.get('billing/products');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      { id: 'price_basic', unit_amount: 1000, currency: 'usd', recurring: { interval: 'month' }, product: { name: 'Basic', description: 'Up to 25 users' } },
      { id: 'price_team', unit_amount: 2500, currency: 'usd', recurring: { interval: 'month' }, product: { name: 'Team', description: '' } },
    ]);
    const [asked] = stripe.to('GET /v1/prices');
    expect([...asked!.query.entries()]).toEqual(expect.arrayContaining([['active', 'true'], [expect.stringMatching(/^expand/), 'data.product']]));
    expect(asked!.headers.authorization).toBe(`Bearer ${stripe.env.STRIPE_SECRET_KEY}`);
  });

  it('keeps the plans a minute, then asks Stripe again', async () => {
    const { admin } = await orgWithAdmin(server);
    await server.clock.shifted(2 * MINUTE, async () => {
      expect((await admin.api.get('billing/products')).status).toBe(200);
      const asked = stripe.to('GET /v1/prices').length;
      expect((await admin.api.get('billing/products')).body).toHaveLength(2);
      expect(stripe.to('GET /v1/prices')).toHaveLength(asked);
      server.clock.advance(MINUTE + 1000);
      expect((await admin.api.get('billing/products')).body).toHaveLength(2);
      expect(stripe.to('GET /v1/prices')).toHaveLength(asked + 1);
    });
  });

  it('answers 503 when Stripe cannot be reached, and asks again next time', async () => {
    const { admin } = await orgWithAdmin(server);
    await server.clock.shifted(10 * MINUTE, async () => {
      stripe.failing = true;
      try {
        const res = await admin.api.get('billing/products');
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ detail: 'The payment provider could not be reached, please try again later' });
      } finally {
        stripe.failing = false;
      }
      expect((await admin.api.get('billing/products')).body).toHaveLength(2);
    });
  });

  it('needs a sign-in and a current organisation', async () => {
    expect((await server.client().get('billing/products')).status).toBe(401);
  });
});

describe('POST billing/create-checkout-session', () => {
  it('creates a subscription Checkout session for the plan, the organisation as reference, back to /billing/success or /billing/cancel', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const res = await admin.api.post('billing/create-checkout-session', { price_id: 'price_team' });
    expect(res.status, res.text).toBe(200);
    const [session] = stripe.to('POST /v1/checkout/sessions').filter((r) => r.form.client_reference_id === org.id);
    expect(res.body).toEqual({ url: `https://checkout.stripe.test/c/pay/${[...stripe.sessions.values()].at(-1)!.id}` });
    const [row] = await server.db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(row!.stripeCustomerId).toMatch(/^cus_/);
    expect(session!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_team',
      'line_items[0][quantity]': '1',
      client_reference_id: org.id,
      customer: row!.stripeCustomerId,
      success_url: `${PUBLIC_URL}/billing/success`,
      cancel_url: `${PUBLIC_URL}/billing/cancel`,
      'metadata[org_id]': org.id,
      'subscription_data[metadata][org_id]': org.id,
    });
    // Only the webhooks change the subscription: asking to pay changes nothing about it.
    expect(row).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: null, paidUntil: null });
  });

  it("creates the organisation's Stripe customer once and reuses it", async () => {
    const { admin, org } = await orgWithAdmin(server);
    for (const price of ['price_basic', 'price_team', 'price_basic']) {
      expect((await admin.api.post('billing/create-checkout-session', { price_id: price })).status).toBe(200);
    }
    const created = stripe.to('POST /v1/customers').filter((r) => r.form['metadata[org_id]'] === org.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.form.name).toBe(org.name);
    const customers = stripe
      .to('POST /v1/checkout/sessions')
      .filter((r) => r.form.client_reference_id === org.id)
      .map((r) => r.form.customer);
    expect(customers).toHaveLength(3);
    expect(new Set(customers).size).toBe(1);
  });

  it('answers 422 naming price_id for a price that is not a plan, and asks Stripe for no session', async () => {
    const { admin, org } = await orgWithAdmin(server);
    for (const price_id of ['price_unknown', 'price_yearly', 'price_old', 'price_once', 'price_archived', 'price_quarterly']) {
      const res = await admin.api.post('billing/create-checkout-session', { price_id });
      expect(res.status, price_id).toBe(422);
      expect(res.body.detail).toBe('price_id: is not one of the plans');
    }
    for (const body of [{}, { price_id: 42 }, { price_id: '' }, { price_id: 'price_basic', extra: 1 }]) {
      const res = await admin.api.post('billing/create-checkout-session', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await admin.api.post('billing/create-checkout-session', {})).body.detail).toMatch(/^price_id: /);
    expect(stripe.to('POST /v1/checkout/sessions').filter((r) => r.form.client_reference_id === org.id)).toEqual([]);
    expect(stripe.to('POST /v1/customers').filter((r) => r.form['metadata[org_id]'] === org.id)).toEqual([]);
  });

  it('is for org admins: 403 for other members', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const before = stripe.requests.length;
    const res = await member.api.post('billing/create-checkout-session', { price_id: 'price_basic' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Only organization admins can do this' });
    expect(stripe.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('answers 503 when Stripe cannot be reached, storing nothing', async () => {
    const { admin, org } = await orgWithAdmin(server);
    expect((await admin.api.get('billing/products')).status).toBe(200); // the plans are known (kept a minute)
    stripe.failing = true;
    try {
      const res = await admin.api.post('billing/create-checkout-session', { price_id: 'price_basic' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ detail: 'The payment provider could not be reached, please try again later' });
    } finally {
      stripe.failing = false;
    }
    const [row] = await server.db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(row!.stripeCustomerId).toBeNull();
  });
});
