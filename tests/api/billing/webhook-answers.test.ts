/**
 * POST billing/webhook (issue #28): what an event whose signature holds answers when it cannot be acted on.
 * - Malformed (an object missing or of the wrong shape, a time that is not a number of seconds, an id or
 *   a customer of the wrong type) → 400 {detail}; nothing written: the organisation keeps its state and no
 *   stripe_events row is added.
 * - Its subscription no longer known to Stripe (404 resource_missing when read) → 200 and recorded with
 *   its outcome, so Stripe stops sending a dead event; a retry of it is a no-op.
 * - Stripe down (5xx, 429, the connection dropped) → 503 and nothing recorded, so Stripe sends it again.
 * Every body is signed by the official `stripe` package; the subscriptions our server reads back live in
 * the local stand-in (tests/api/support/stripe-server.ts).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import {
  completedSession,
  eventOf,
  invoiceOf,
  resigned,
  signedEvent,
  signedPayload,
  useStripeServer,
  type Outage,
} from '../support/stripe-server.ts';
import { nowSeconds, PRICE, webhookCalls } from './webhook-calls.ts';

const stripe = useStripeServer();
const server = useTestServer({
  get env() {
    return stripe.env;
  },
});
const { send, accepted, orgRow, recorded, customerOrg } = webhookCalls(server);
stripe.prices.push({ id: PRICE, unit_amount: 1500, product: { name: 'Monthly' } });

const UNAVAILABLE = { detail: 'The payment provider could not be reached, please try again later' };

/** An organisation in its trial with a live subscription in Stripe that names it: any event about it would activate it. */
async function arranged() {
  const { org, customer } = await customerOrg();
  const sub = stripe.subscription({ customer, status: 'active', priceId: PRICE, periodEnd: nowSeconds() + 30 * 86400, orgId: org.id });
  return { orgId: org.id, customer, sub, subId: sub.id as string };
}
type Arranged = Awaited<ReturnType<typeof arranged>>;

const subscriptionEvent = (a: Arranged) => eventOf('customer.subscription.updated', a.sub);
const sessionEvent = (a: Arranged) => eventOf('checkout.session.completed', completedSession({ orgId: a.orgId, customer: a.customer, subscription: a.subId }));
const invoiceEvent = (a: Arranged) => eventOf('invoice.paid', invoiceOf({ customer: a.customer, subscription: a.subId }));

const ABSENT = Symbol('absent');

/** The JSON text of `json` with the value at `path` replaced (or removed: ABSENT). */
function edited(json: unknown, path: (string | number)[], value: unknown): string {
  const copy = structuredClone(json) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === ABSENT) delete at[last];
  else at[last] = value;
  return JSON.stringify(copy);
}

const OBJECT = ['data', 'object'];
const ITEM = [...OBJECT, 'items', 'data', 0];

/** Each malformed body: what is wrong with it, and the body (JSON text) about a live, arranged organisation. */
const MALFORMED: [string, (a: Arranged) => string][] = [
  ['data.object null', (a) => edited(subscriptionEvent(a), OBJECT, null)],
  ['data.object a string', (a) => edited(subscriptionEvent(a), OBJECT, a.subId)],
  ['data.object a list', (a) => edited(subscriptionEvent(a), OBJECT, [a.sub])],
  ['no data', (a) => edited(subscriptionEvent(a), ['data'], ABSENT)],
  ['data.object null in an event of a type not acted on', (a) => edited(eventOf('customer.updated', { id: a.customer }), OBJECT, null)],
  ['the event null', () => 'null'],
  ['the event a list', (a) => JSON.stringify([subscriptionEvent(a)])],
  ['the body not JSON', () => '{"id": "evt_cut_short", '],
  ['the event id missing', (a) => edited(subscriptionEvent(a), ['id'], ABSENT)],
  ['the event id a number', (a) => edited(subscriptionEvent(a), ['id'], 42)],
  ['the type missing', (a) => edited(subscriptionEvent(a), ['type'], ABSENT)],
  ['created a string', (a) => edited(subscriptionEvent(a), ['created'], String(nowSeconds()))],
  ['created null', (a) => edited(subscriptionEvent(a), ['created'], null)],
  ['created beyond any calendar', (a) => edited(subscriptionEvent(a), ['created'], 1e20)],
  ['current_period_end on the subscription a string', (a) => edited(subscriptionEvent(a), [...OBJECT, 'current_period_end'], '2099-01-01')],
  ["current_period_end of the subscription's item a string", (a) => edited(subscriptionEvent(a), [...ITEM, 'current_period_end'], 'soon')],
  ["current_period_end of the subscription's item null", (a) => edited(subscriptionEvent(a), [...ITEM, 'current_period_end'], null)],
  ["current_period_end of the subscription's item past any calendar", (a) => edited(subscriptionEvent(a), [...ITEM, 'current_period_end'], 1e20)],
  ['the subscription id missing', (a) => edited(subscriptionEvent(a), [...OBJECT, 'id'], ABSENT)],
  ['the subscription id a number', (a) => edited(subscriptionEvent(a), [...OBJECT, 'id'], 42)],
  ["the subscription's customer missing", (a) => edited(subscriptionEvent(a), [...OBJECT, 'customer'], ABSENT)],
  ["the subscription's customer a number", (a) => edited(subscriptionEvent(a), [...OBJECT, 'customer'], 42)],
  ["the subscription's status a number", (a) => edited(subscriptionEvent(a), [...OBJECT, 'status'], 1)],
  ["the subscription's items a string", (a) => edited(subscriptionEvent(a), [...OBJECT, 'items'], 'si_1')],
  ["the subscription's metadata a string", (a) => edited(subscriptionEvent(a), [...OBJECT, 'metadata'], a.orgId)],
  ['the session id missing', (a) => edited(sessionEvent(a), [...OBJECT, 'id'], ABSENT)],
  ["the session's subscription a number", (a) => edited(sessionEvent(a), [...OBJECT, 'subscription'], 42)],
  ["the session's customer an object without id", (a) => edited(sessionEvent(a), [...OBJECT, 'customer'], {})],
  ["the invoice's customer a number", (a) => edited(invoiceEvent(a), [...OBJECT, 'customer'], 42)],
  ["the invoice's subscription a number", (a) => edited(invoiceEvent(a), [...OBJECT, 'parent', 'subscription_details', 'subscription'], 42)],
];

describe('a malformed event whose signature holds', () => {
  it.each(MALFORMED)('%s → 400 {detail}, nothing written', async (_what, body) => {
    const a = await arranged();
    const before = await orgRow(a.orgId);
    const eventsBefore = await recorded();
    const res = await send(signedPayload(body(a)));
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ detail: expect.stringMatching(/^Malformed Stripe event/) });
    expect(await orgRow(a.orgId)).toEqual(before);
    expect(await recorded()).toEqual(eventsBefore);
  });

  it('the detail names what is wrong', async () => {
    const a = await arranged();
    const res = await send(signedPayload(edited(subscriptionEvent(a), [...ITEM, 'current_period_end'], 'soon')));
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('data.object.items.data.0.current_period_end');
  });

  it.each([
    ['customer.subscription.updated', subscriptionEvent],
    ['checkout.session.completed', sessionEvent],
    ['invoice.paid', invoiceEvent],
  ])('%s as Stripe writes it is acted on: the malformed ones were about an organisation they would have changed', async (_type, event) => {
    const a = await arranged();
    await accepted(signedPayload(JSON.stringify(event(a))));
    expect(await orgRow(a.orgId)).toMatchObject({ stripeSubscriptionId: a.subId, subscriptionStatus: 'active' });
  });
});

describe('a subscription Stripe no longer knows', () => {
  it.each([
    ['checkout.session.completed', (a: Arranged, sub: string) => completedSession({ orgId: a.orgId, customer: a.customer, subscription: sub })],
    ['invoice.paid', (a: Arranged, sub: string) => invoiceOf({ customer: a.customer, subscription: sub })],
  ])('%s → 200 recorded as "subscription not found"; its retry is a no-op', async (type, object) => {
    const a = await arranged();
    const before = await orgRow(a.orgId);
    const gone = `sub_gone_${a.orgId}`;
    const event = signedEvent(type, object(a, gone));
    await accepted(event);
    expect(stripe.to(`GET /v1/subscriptions/${gone}`)).toHaveLength(1);
    expect(await recorded(event.id)).toEqual([{ id: event.id, type, processedAt: expect.any(Date), outcome: 'subscription not found' }]);
    expect(await orgRow(a.orgId)).toEqual(before);
    // Stripe's retry of the same event, signed again later: already answered, Stripe is not asked again.
    await accepted(resigned(event, nowSeconds() + 5));
    expect(stripe.to(`GET /v1/subscriptions/${gone}`)).toHaveLength(1);
    expect(await recorded(event.id)).toHaveLength(1);
    expect(await orgRow(a.orgId)).toEqual(before);
  });
});

describe('Stripe down', () => {
  it.each<Outage>([500, 503, 429, 'connection dropped'])('%s from Stripe → 503, nothing recorded; the retry is processed', async (outage) => {
    const a = await arranged();
    const before = await orgRow(a.orgId);
    const event = signedEvent('invoice.paid', invoiceOf({ customer: a.customer, subscription: a.subId }));
    stripe.outage = outage;
    try {
      const res = await send(event);
      expect(res.status, res.text).toBe(503);
      expect(res.body).toMatchObject(UNAVAILABLE);
    } finally {
      stripe.outage = null;
    }
    expect(await recorded(event.id)).toEqual([]);
    expect(await orgRow(a.orgId)).toEqual(before);
    await accepted(resigned(event, nowSeconds()));
    expect(await orgRow(a.orgId)).toMatchObject({ stripeSubscriptionId: a.subId, subscriptionStatus: 'active' });
    expect(await recorded(event.id)).toEqual([expect.objectContaining({ outcome: null })]);
  });

  it('a subscription Stripe answers in a shape we cannot read → 503, nothing recorded (Stripe sends it again)', async () => {
    const a = await arranged();
    const before = await orgRow(a.orgId);
    stripe.subscriptions.set(a.subId, JSON.parse(edited(a.sub, ['items', 'data', 0, 'current_period_end'], 'soon')) as Record<string, unknown>);
    const event = signedEvent('invoice.paid', invoiceOf({ customer: a.customer, subscription: a.subId }));
    const res = await send(event);
    expect(res.status, res.text).toBe(503);
    expect(res.body).toMatchObject(UNAVAILABLE);
    expect(await recorded(event.id)).toEqual([]);
    expect(await orgRow(a.orgId)).toEqual(before);
  });
});
