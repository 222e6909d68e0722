/**
 * Billing off (issue #15): without STRIPE_SECRET_KEY — the embedded default for self-hosting — no
 * organisation expires (even with a zero-day trial, even a year on), GET billing/products answers [],
 * POST billing/create-checkout-session and the webhook answer 409 'Payments are not set up on this
 * server', and auth/me's subscription says `off`.
 */
import { describe, expect, it } from 'vitest';
import { memberOf, orgWithAdmin } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { signedEvent } from '../support/stripe-server.ts';

const server = useTestServer({ env: { TRIAL_DAYS: '0' } });
const DAY = 24 * 60 * 60 * 1000;
const NOT_SET_UP = { detail: 'Payments are not set up on this server' };

describe('billing off', () => {
  it('is off without STRIPE_SECRET_KEY', () => {
    expect(server.config.billing).toBeUndefined();
  });

  it('nothing expires: the organisation works through a zero-day trial and long after', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const me = (await admin.api.get('auth/me')).body;
    expect(me.org.subscription).toEqual({ status: 'off', trial_ends_at: me.org.trial_ends_at, current_period_end: null });
    for (const shift of [0, 10 * DAY]) {
      await server.clock.shifted(shift, async () => {
        for (const who of [admin, member]) {
          const res = await who.api.get('documentation/folders/root');
          expect(res.status, res.text).toBe(200);
        }
        expect((await admin.api.get('roles')).status).toBe(200);
        expect((await admin.api.get('auth/me')).body.org.subscription.status).toBe('off');
      });
    }
  });

  it('GET billing/products answers an empty list', async () => {
    const { admin } = await orgWithAdmin(server);
    const res = await admin.api.get('billing/products');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("POST billing/create-checkout-session answers 409 'Payments are not set up on this server'", async () => {
    const { admin } = await orgWithAdmin(server);
    const res = await admin.api.post('billing/create-checkout-session', { price_id: 'price_anything' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject(NOT_SET_UP);
  });

  it('the webhook answers 409 too, signed or not', async () => {
    const event = signedEvent('customer.subscription.deleted', { id: 'sub_x', object: 'subscription' });
    for (const headers of [{ 'stripe-signature': event.signature }, {}] as Record<string, string>[]) {
      const res = await server.client().request('POST', 'billing/webhook', { body: event.payload, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject(NOT_SET_UP);
    }
  });
});
