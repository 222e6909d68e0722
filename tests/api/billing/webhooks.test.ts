/**
 * POST billing/webhook (issue #15): Stripe's signed events keep the organisation's subscription. Events
 * are made and signed here with the package's own test-header helper and sent over HTTP; subscriptions
 * that our server reads back from Stripe live in the local Stripe-compatible server.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeEvents } from '../../../src/server/db/schema.ts';
import { makeFolder, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { completedSession, invoiceOf, resigned, signedEvent, useStripeServer } from '../support/stripe-server.ts';
import { nowSeconds, PRICE, webhookCalls } from './webhook-calls.ts';

const stripe = useStripeServer();
const server = useTestServer({
  get env() {
    return { ...stripe.env, TRIAL_DAYS: '1' };
  },
});
const { send, accepted, orgRow, recorded, customerOrg } = webhookCalls(server);

const DAY = 24 * 60 * 60 * 1000;
const EXPIRED = { detail: 'Organization subscription is expired' };
stripe.prices.push({ id: PRICE, unit_amount: 1500, product: { name: 'Monthly', description: 'All of it' } });

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const stateOf = async (admin: TestUser) => (await admin.api.get('auth/me')).body.org.subscription;

/** …that has paid: a live subscription in Stripe and its checkout.session.completed received. */
async function subscribedOrg(periodEnd = nowSeconds() + 30 * 86400) {
  const { admin, org, customer } = await customerOrg();
  const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd, orgId: org.id });
  const created = nowSeconds() - 100;
  await accepted(signedEvent('checkout.session.completed', completedSession({ orgId: org.id, customer, subscription: sub.id as string }), { created }));
  return { admin, org, customer, sub, periodEnd, created };
}

describe('checkout.session.completed', () => {
  it('activates an expired organisation through the paid period, and nothing of it was lost', async () => {
    const { admin, org, customer } = await customerOrg();
    const folder = await makeFolder(admin);
    const periodEnd = nowSeconds() + 40 * 86400;
    const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd, orgId: org.id });
    await server.clock.shifted(2 * DAY, async () => {
      expect((await admin.api.get('documentation/folders/root')).body).toMatchObject(EXPIRED);
      expect(await stateOf(admin)).toMatchObject({ status: 'expired' });
      await accepted(signedEvent('checkout.session.completed', completedSession({ orgId: org.id, customer, subscription: sub.id as string })));
      expect(await stateOf(admin)).toEqual({ status: 'active', trial_ends_at: expect.any(String), current_period_end: iso(periodEnd) });
      const contents = await admin.api.get('documentation/folders/root/contents');
      expect(contents.status, contents.text).toBe(200);
      expect(JSON.stringify(contents.body)).toContain(folder.id);
    });
    expect(await orgRow(org.id)).toMatchObject({
      stripeCustomerId: customer,
      stripeSubscriptionId: sub.id,
      subscriptionStatus: 'active',
      subscriptionPriceId: PRICE,
      currentPeriodEnd: new Date(periodEnd * 1000),
      paidUntil: new Date(periodEnd * 1000 + DAY),
    });
    expect(stripe.to(`GET /v1/subscriptions/${sub.id as string}`)).toHaveLength(1);
  });

  it('a replayed event changes nothing and reads nothing again', async () => {
    const { admin, org, customer } = await customerOrg();
    const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd: nowSeconds() + 30 * 86400, orgId: org.id });
    const event = signedEvent('checkout.session.completed', completedSession({ orgId: org.id, customer, subscription: sub.id as string }));
    await accepted(event);
    const before = await orgRow(org.id);
    // Were the event processed again, the subscription read now would end the organisation.
    stripe.subscription({ id: sub.id as string, customer, status: 'canceled', priceId: PRICE, periodEnd: nowSeconds() - 10, orgId: org.id });
    for (let i = 0; i < 3; i += 1) await accepted(event);
    // Stripe's retry: the same payload, signed again later.
    await accepted(resigned(event, nowSeconds() + 5));
    expect(await orgRow(org.id)).toEqual(before);
    expect(stripe.to(`GET /v1/subscriptions/${sub.id as string}`)).toHaveLength(1);
    expect(await server.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect((await stateOf(admin)).status).toBe('active');
  });

  it('answers 503 when Stripe cannot be reached; the retried event is processed', async () => {
    const { admin, org, customer } = await customerOrg();
    const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd: nowSeconds() + 30 * 86400, orgId: org.id });
    const event = signedEvent('checkout.session.completed', completedSession({ orgId: org.id, customer, subscription: sub.id as string }));
    stripe.failing = true;
    try {
      expect((await send(event)).status).toBe(503);
    } finally {
      stripe.failing = false;
    }
    expect(await server.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect((await stateOf(admin)).status).toBe('trialing');
    await accepted(event);
    expect((await stateOf(admin)).status).toBe('active');
  });

  it('already subscribed: another checkout session answers 409', async () => {
    const { admin } = await subscribedOrg();
    const res = await admin.api.post('billing/create-checkout-session', { price_id: PRICE });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'This organization already has an active subscription' });
  });
});

describe('the signature', () => {
  it('a tampered, missing, foreign, malformed or stale signature → 400, and nothing changes', async () => {
    const { admin, org, customer } = await customerOrg();
    const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd: nowSeconds() + 30 * 86400, orgId: org.id });
    const object = completedSession({ orgId: org.id, customer, subscription: sub.id as string });
    const event = signedEvent('checkout.session.completed', object);
    const before = await orgRow(org.id);
    const other = (await orgWithAdmin(server)).org;
    const attempts: [string, Promise<Awaited<ReturnType<typeof send>>>][] = [
      ['tampered body', send(event, event.signature, event.payload.replace(org.id, other.id))],
      ['missing', send(event, null)],
      ['another secret', send(event, signedEvent('checkout.session.completed', object, { id: event.id, secret: 'whsec_someone_else' }).signature)],
      ['malformed', send(event, 'not a signature')],
      ['empty', send(event, '')],
      ['signed 6 minutes ago', send(signedEvent('checkout.session.completed', object, { signedAt: nowSeconds() - 360 }))],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt;
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ detail: 'Invalid Stripe signature' });
    }
    expect(await orgRow(org.id)).toEqual(before);
    expect(await server.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect((await stateOf(admin)).status).toBe('trialing');
    // The same event, as signed: accepted.
    await accepted(event);
    expect((await stateOf(admin)).status).toBe('active');
  });

  it('needs no bearer token, and ignores one', async () => {
    const event = signedEvent('customer.created', { id: 'cus_nobody', object: 'customer' });
    const res = await server.client('not-a-token').request('POST', 'billing/webhook', {
      body: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(res.status).toBe(200);
  });
});

describe('the subscription over time', () => {
  it('customer.subscription.deleted after the period end expires the organisation', async () => {
    // (Sessions end after 14 idle days: the periods here are short, past the 1-day trial.)
    const { admin, org, customer, sub, periodEnd } = await subscribedOrg(nowSeconds() + 3 * 86400);
    await server.clock.shifted(3 * DAY + 60 * 60 * 1000, async () => {
      // Past the period end the renewal has a day's grace; the deletion ends it at once.
      expect((await admin.api.get('documentation/folders/root')).status).toBe(200);
      const ended = stripe.subscription({ id: sub.id as string, customer, status: 'canceled', priceId: PRICE, periodEnd, orgId: org.id });
      await accepted(signedEvent('customer.subscription.deleted', ended));
      expect((await admin.api.get('documentation/folders/root')).body).toMatchObject(EXPIRED);
      expect(await stateOf(admin)).toEqual({ status: 'expired', trial_ends_at: expect.any(String), current_period_end: iso(periodEnd) });
      // billing stays open so an admin can pay again.
      expect((await admin.api.get('billing/products')).status).toBe(200);
    });
    expect(await orgRow(org.id)).toMatchObject({ subscriptionStatus: 'canceled', paidUntil: null });
  });

  it('a period that ran out without a renewal expires the organisation after the grace day', async () => {
    const { admin } = await subscribedOrg(nowSeconds() + 3 * 86400);
    await server.clock.shifted(4 * DAY + 60_000, async () => {
      expect((await admin.api.get('documentation/folders/root')).body).toMatchObject(EXPIRED);
      expect((await stateOf(admin)).status).toBe('expired');
    });
  });

  it('invoice.paid renews the period; invoice.payment_failed keeps it open as past_due until the period end', async () => {
    const { admin, org, customer, sub, created } = await subscribedOrg();
    const next = nowSeconds() + 60 * 86400;
    stripe.subscription({ id: sub.id as string, customer, status: 'active', priceId: PRICE, periodEnd: next, orgId: org.id });
    await accepted(signedEvent('invoice.paid', invoiceOf({ customer, subscription: sub.id as string }), { created: created + 10 }));
    expect(await stateOf(admin)).toMatchObject({ status: 'active', current_period_end: iso(next) });
    stripe.subscription({ id: sub.id as string, customer, status: 'past_due', priceId: PRICE, periodEnd: next, orgId: org.id });
    await accepted(signedEvent('invoice.payment_failed', invoiceOf({ customer, subscription: sub.id as string, status: 'open' }), { created: created + 20 }));
    expect(await stateOf(admin)).toMatchObject({ status: 'past_due', current_period_end: iso(next) });
    expect((await admin.api.get('documentation/folders/root')).status).toBe(200);
  });

  it('subscription events find the organisation by its customer when they carry no reference', async () => {
    const { admin, customer, created } = await subscribedOrg();
    const later = nowSeconds() + 90 * 86400;
    const renewed = stripe.subscription({ customer, status: 'active', priceId: 'price_other', periodEnd: later });
    await accepted(signedEvent('customer.subscription.created', renewed, { created: created + 5 }));
    expect(await stateOf(admin)).toMatchObject({ status: 'active', current_period_end: iso(later) });
  });

  it('events about no organisation of ours, and other event types, are acknowledged and change nothing', async () => {
    const { admin, org } = await subscribedOrg();
    const before = await orgRow(org.id);
    const stranger = stripe.subscription({ customer: 'cus_stranger', status: 'canceled', priceId: PRICE, periodEnd: nowSeconds() });
    const events = [
      signedEvent('customer.subscription.deleted', stranger),
      signedEvent('invoice.paid', invoiceOf({ customer: 'cus_stranger', subscription: stranger.id as string })),
      signedEvent('checkout.session.completed', { ...completedSession({ orgId: null, customer: 'cus_stranger', subscription: stranger.id as string }) }),
      signedEvent('checkout.session.completed', { ...completedSession({ orgId: org.id, customer: 'x', subscription: 'y' }), mode: 'payment' }),
      signedEvent('customer.updated', { id: 'cus_stranger', object: 'customer' }),
    ];
    for (const event of events) await accepted(event);
    expect(await orgRow(org.id)).toEqual(before);
    expect((await stateOf(admin)).status).toBe('active');
    // Each is recorded with what came of it.
    const outcomes = await Promise.all(events.map(async (e) => (await recorded(e.id)).map((row) => row.outcome)));
    expect(outcomes).toEqual([
      ['no organisation of ours'],
      ['no organisation of ours'],
      ['no organisation of ours'],
      ['not acted on'],
      ['not acted on'],
    ]);
  });
});

describe('out-of-order events never move the state backwards', () => {
  it('an older update arriving after a newer one is ignored', async () => {
    const { admin, org, customer, sub, created } = await subscribedOrg();
    const p2 = nowSeconds() + 60 * 86400;
    const newer = stripe.subscription({ id: sub.id as string, customer, status: 'active', priceId: PRICE, periodEnd: p2, orgId: org.id });
    await accepted(signedEvent('customer.subscription.updated', newer, { created: created + 20 }));
    const older = stripe.subscription({ id: sub.id as string, customer, status: 'past_due', priceId: PRICE, periodEnd: p2 - 30 * 86400, orgId: org.id });
    const late = signedEvent('customer.subscription.updated', older, { created: created + 10 });
    await accepted(late);
    expect(await stateOf(admin)).toMatchObject({ status: 'active', current_period_end: iso(p2) });
    expect(await recorded(late.id)).toEqual([expect.objectContaining({ outcome: 'older than the state kept' })]);
  });

  it('a late update does not bring a deleted subscription back', async () => {
    const { admin, org, customer, sub, periodEnd, created } = await subscribedOrg();
    const ended = stripe.subscription({ id: sub.id as string, customer, status: 'canceled', priceId: PRICE, periodEnd, orgId: org.id });
    await accepted(signedEvent('customer.subscription.deleted', ended, { created: created + 30 }));
    const live = stripe.subscription({ id: sub.id as string, customer, status: 'active', priceId: PRICE, periodEnd, orgId: org.id });
    await accepted(signedEvent('customer.subscription.updated', live, { created: created + 25 }));
    expect((await stateOf(admin)).status).toBe('trialing'); // the trial still runs; the subscription is over
    expect(await orgRow(org.id)).toMatchObject({ subscriptionStatus: 'canceled', paidUntil: null });
  });

  it('within the same second the status only moves forwards: created (incomplete) after updated (active)', async () => {
    const { admin, org, customer } = await customerOrg();
    const at = nowSeconds() - 50;
    const periodEnd = nowSeconds() + 30 * 86400;
    const active = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd, orgId: org.id });
    await accepted(signedEvent('customer.subscription.updated', active, { created: at }));
    const incomplete = { ...active, status: 'incomplete' };
    await accepted(signedEvent('customer.subscription.created', incomplete, { created: at }));
    expect(await stateOf(admin)).toMatchObject({ status: 'active', current_period_end: iso(periodEnd) });
  });

  it("an old subscription's end does not end the newer one", async () => {
    const { admin, org, customer, sub, periodEnd, created } = await subscribedOrg();
    const second = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd: periodEnd + 86400, orgId: org.id });
    await accepted(signedEvent('customer.subscription.created', second, { created: created + 10 }));
    const firstEnded = stripe.subscription({ id: sub.id as string, customer, status: 'canceled', priceId: PRICE, periodEnd, orgId: org.id });
    await accepted(signedEvent('customer.subscription.deleted', firstEnded, { created: created + 20 }));
    expect(await orgRow(org.id)).toMatchObject({ stripeSubscriptionId: second.id, subscriptionStatus: 'active' });
    expect((await stateOf(admin)).status).toBe('active');
  });
});
