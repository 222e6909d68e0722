/**
 * `billing` (issue #15; accounts §7 `billing/products`, `billing/create-checkout-session`):
 * - GET products — any member: the plans (an empty list while billing is off);
 * - POST create-checkout-session {price_id} — org admins: {url} of a Stripe Checkout session (409 while
 *   billing is off, 422 for a price that is not a plan);
 * - POST webhook — Stripe, no bearer: the signed events that keep the subscription (400 for a bad or
 *   missing signature, or a signed event that is malformed; 2xx also for a subscription Stripe no longer
 *   knows: services/billing/webhooks.ts).
 * These keep working for an expired organisation (api.ts ACCESS: requireMemberEvenIfExpired, no 402), so an
 * admin can always pay; a switched-off organisation still gets 403. Stripe unreachable → 503, nothing changed.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { createCheckoutSessionBody } from '../../shared/api/billing-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { billingPlan, checkoutSession, webhookReceived } from '../openapi/answers/billing.ts';
import { operation } from '../openapi/operation.ts';
import { createCheckoutSession } from '../services/billing/checkout.ts';
import { problemAnswer } from '../http/error-handler.ts';
import { listPlans } from '../services/billing/plans.ts';
import { PaymentsUnavailable } from '../services/billing/stripe.ts';
import { processEvent, verifiedEvent } from '../services/billing/webhooks.ts';

/** Stripe could not be asked: 503 with a detail people can read (not a 500: nothing is wrong here). */
async function unlessStripeIsDown(c: Context, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PaymentsUnavailable) return problemAnswer(c, 503, err.message);
    throw err;
  }
}

export const billingApi = new Hono<MemberEnv>();

// Stripe's calls: no bearer; the body is read raw, as signed.
billingApi.post('/webhook', operation({
  summary: 'Stripe’s events',
  description: 'Called by Stripe, signed (Stripe-Signature header over the raw body); no bearer token. 409 while billing is off.',
  tag: 'Billing',
  bodyMedia: ['application/json'],
  answers: { 200: webhookReceived },
  errors: [400, 409, 503],
}), async (c) =>
  unlessStripeIsDown(c, async () => {
    const deps = c.var.deps;
    const event = await verifiedEvent(deps, Buffer.from(await c.req.arrayBuffer()), c.req.header('stripe-signature'));
    await processEvent(deps, event);
    return c.json({ received: true });
  }),
);

// The members' calls.
billingApi.get('/products', operation({
  summary: 'The plans',
  description: 'An empty list while billing is off.',
  tag: 'Billing',
  answers: { 200: z.array(billingPlan) },
  errors: [503],
}), async (c) => unlessStripeIsDown(c, async () => c.json(await listPlans(c.var.deps))));

billingApi.post('/create-checkout-session', operation({
  summary: 'Start paying',
  description: 'The address of a Stripe Checkout session to open in the top window. 409 while billing is off.',
  tag: 'Billing',
  body: createCheckoutSessionBody,
  answers: { 200: checkoutSession },
  errors: [409, 503],
}), async (c) =>
  unlessStripeIsDown(c, async () => {
    const { price_id } = await jsonBody(c, createCheckoutSessionBody);
    return c.json(await createCheckoutSession(c.var.deps, c.var.member, price_id));
  }),
);
