/**
 * POST billing/webhook (issues #15, #28): Stripe's signed events keep the organisation's subscription.
 * - The Stripe-Signature header is checked against STRIPE_WEBHOOK_SECRET by the package's own verifier
 *   (tolerance 300 s) over the raw body; a bad or missing signature → 400 and nothing changes.
 * - A signed event not of Stripe's shape (./stripe-events.ts: the event, then the object of a type we
 *   act on) → 400 'Malformed Stripe event: …' before anything is read or written.
 * - checkout.session.completed (subscription mode), customer.subscription.created/updated/deleted,
 *   invoice.paid and invoice.payment_failed apply the subscription to its organisation (./state.ts). The
 *   subscription events carry it; for a checkout session or an invoice it is read from Stripe. Other
 *   events are acknowledged and ignored.
 * - The organisation: the reference we gave (client_reference_id / metadata.org_id), else the one whose
 *   Stripe customer it is; an event for none is acknowledged and ignored.
 * - Each event id is processed once: stripe_events is written in the transaction of the change, with
 *   what came of it (OUTCOME), so a retried or replayed event changes nothing.
 * - A subscription Stripe no longer knows (404) is a dead event: acknowledged and recorded 'subscription
 *   not found', so Stripe stops sending it. Stripe down (network, 5xx, 429, any other refusal) →
 *   PaymentsUnavailable (503): nothing is written and Stripe sends the event again later.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organisations, stripeEvents } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import { applySubscription, factsOf } from './state.ts';
import { billingOf, findInStripe, paymentsUnavailable, stripeClient } from './stripe.ts';
import {
  checked,
  checkoutSession,
  idOf,
  invoice,
  MALFORMED_EVENT,
  stripeEvent,
  subscription,
  type StripeEvent,
  type StripeSubscription,
} from './stripe-events.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const BAD_SIGNATURE = 'Invalid Stripe signature';

/** What came of an event that changed nothing (stripe_events.outcome; null when it was applied). */
export const OUTCOME = {
  notActedOn: 'not acted on',
  noOrganisation: 'no organisation of ours',
  subscriptionNotFound: 'subscription not found',
  olderThanKept: 'older than the state kept',
} as const;

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const OBJECT = ['data', 'object'];

const isUuid = (v: unknown): v is string => z.uuid().safeParse(v).success;

/** What an event says: the organisation it names (if any), its customer, and its subscription (or its id, to read it). */
interface Target {
  orgId: string | null;
  customerId: string | null;
  subscription: StripeSubscription | string | null;
}

/** The event's target; null for events that are not acted on. 400 when its object is not of its type's shape. */
function targetOf(event: StripeEvent): Target | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = checked(checkoutSession, event.data.object, OBJECT);
      if (session.mode !== 'subscription') return null;
      const ref = session.client_reference_id ?? session.metadata?.org_id;
      return { orgId: isUuid(ref) ? ref : null, customerId: idOf(session.customer), subscription: idOf(session.subscription) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = checked(subscription, event.data.object, OBJECT);
      const ref = sub.metadata?.org_id;
      return { orgId: isUuid(ref) ? ref : null, customerId: idOf(sub.customer), subscription: sub };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const paid = checked(invoice, event.data.object, OBJECT);
      const sub = paid.parent?.subscription_details?.subscription ?? paid.subscription ?? null;
      // Read from Stripe: the invoice names its subscription only.
      return { orgId: null, customerId: idOf(paid.customer), subscription: idOf(sub) };
    }
    default:
      return null;
  }
}

/**
 * Verifies the signature over the raw body and answers the event: 400 'Invalid Stripe signature' when it
 * does not hold, 400 'Malformed Stripe event: …' when the signed body is not an event (./stripe-events.ts).
 */
export async function verifiedEvent(deps: Pick<Deps, 'config'>, rawBody: Buffer, signature: string | undefined): Promise<StripeEvent> {
  const billing = billingOf(deps.config);
  if (!signature) throw badRequest(BAD_SIGNATURE);
  const stripe = await stripeClient(billing);
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, billing.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (err) {
    // The package parses the body only once the signature holds.
    throw badRequest(err instanceof SyntaxError ? `${MALFORMED_EVENT}: the body is not JSON` : BAD_SIGNATURE);
  }
  return checked(stripeEvent, event);
}

async function alreadyProcessed(deps: Deps, eventId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return row !== undefined;
}

/** The organisation an event is about: the one it names, else the customer's; null for none of ours. */
async function organisationOf(deps: Deps, target: Target): Promise<string | null> {
  if (target.orgId) {
    const [row] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, target.orgId));
    if (row) return row.id;
  }
  if (target.customerId) {
    const [row] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.stripeCustomerId, target.customerId));
    if (row) return row.id;
  }
  return null;
}

/**
 * The subscription as Stripe keeps it now; null when Stripe no longer knows it (404 resource_missing:
 * the event is dead, and a retry would find nothing either). Any other failure, or an answer not of a
 * subscription's shape, is PaymentsUnavailable (503), so Stripe sends the event again later.
 */
async function subscriptionInStripe(deps: Deps, id: string): Promise<StripeSubscription | null> {
  const stripe = await stripeClient(billingOf(deps.config));
  const found = await findInStripe('reading a subscription', () => stripe.subscriptions.retrieve(id));
  if (found === null) return null;
  const read = subscription.safeParse(found);
  if (!read.success) throw paymentsUnavailable('reading a subscription', new Error(`an answer we cannot read: ${read.error.message}`));
  return read.data;
}

/**
 * Processes one verified event (once) and records it with what came of it; answers whether the
 * organisation's state changed. 400 before anything is read or written when its object is malformed.
 */
export async function processEvent(deps: Deps, event: StripeEvent): Promise<boolean> {
  const target = HANDLED.has(event.type) ? targetOf(event) : null;
  if (await alreadyProcessed(deps, event.id)) return false;
  const orgId = target?.subscription ? await organisationOf(deps, target) : null;
  let sub: StripeSubscription | null = null;
  let outcome: string | null = null;
  if (!target?.subscription) outcome = OUTCOME.notActedOn;
  else if (!orgId) outcome = OUTCOME.noOrganisation;
  else {
    sub = typeof target.subscription === 'string' ? await subscriptionInStripe(deps, target.subscription) : target.subscription;
    if (!sub) outcome = OUTCOME.subscriptionNotFound;
  }
  const eventAt = new Date(event.created * 1000);
  return deps.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processedAt: deps.now(), outcome })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!first || !orgId || !sub) return false;
    const changed = await applySubscription(tx, orgId, factsOf(sub), eventAt, target?.customerId ?? null);
    if (!changed) await tx.update(stripeEvents).set({ outcome: OUTCOME.olderThanKept }).where(eq(stripeEvents.id, event.id));
    return changed;
  });
}
