/**
 * POST billing/webhook (issue #15): Stripe's signed events keep the organisation's subscription.
 * - The Stripe-Signature header is checked against STRIPE_WEBHOOK_SECRET by the package's own verifier
 *   (tolerance 300 s) over the raw body; a bad or missing signature → 400 and nothing changes.
 * - checkout.session.completed (subscription mode), customer.subscription.created/updated/deleted,
 *   invoice.paid and invoice.payment_failed apply the subscription to its organisation (./state.ts). The
 *   subscription events carry it; for a checkout session or an invoice it is read from Stripe. Other
 *   events are acknowledged and ignored.
 * - The organisation: the reference we gave (client_reference_id / metadata.org_id), else the one whose
 *   Stripe customer it is; an event for none is acknowledged and ignored.
 * - Each event id is processed once: stripe_events is written in the transaction of the change, so a
 *   retried or replayed event changes nothing. Stripe unreachable → PaymentsUnavailable (503): nothing is
 *   written and Stripe sends the event again later.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organisations, stripeEvents } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import { applySubscription, factsOf, type SubscriptionFacts } from './state.ts';
import { askStripe, billingOf, stripeClient, type Stripe } from './stripe.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const BAD_SIGNATURE = 'Invalid Stripe signature';

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const isUuid = (v: unknown): v is string => z.uuid().safeParse(v).success;
const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** What an event says: the organisation it names (if any), its customer, and its subscription (or where to read it). */
interface Target {
  orgId: string | null;
  customerId: string | null;
  subscription: Stripe.Subscription | string | null;
}

function targetOf(event: Stripe.Event): Target | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const ref = session.client_reference_id ?? session.metadata?.org_id;
      return { orgId: isUuid(ref) ? ref : null, customerId: idOf(session.customer), subscription: session.subscription ?? null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const ref = sub.metadata?.org_id;
      return { orgId: isUuid(ref) ? ref : null, customerId: idOf(sub.customer), subscription: sub };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
      const sub = invoice.parent?.subscription_details?.subscription ?? legacy ?? null;
      // Read from Stripe: the invoice names its subscription only.
      return { orgId: null, customerId: idOf(invoice.customer), subscription: idOf(sub) };
    }
    default:
      return null;
  }
}

/** Verifies the signature over the raw body and answers the event; 400 when it does not hold. */
export async function verifiedEvent(deps: Pick<Deps, 'config'>, rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
  const billing = billingOf(deps.config);
  if (!signature) throw badRequest(BAD_SIGNATURE);
  const stripe = await stripeClient(billing);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, billing.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw badRequest(BAD_SIGNATURE);
  }
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

/** Processes one verified event (once); answers whether the organisation's state changed. */
export async function processEvent(deps: Deps, event: Stripe.Event): Promise<boolean> {
  if (await alreadyProcessed(deps, event.id)) return false;
  const target = HANDLED.has(event.type) ? targetOf(event) : null;
  const orgId = target ? await organisationOf(deps, target) : null;
  let facts: SubscriptionFacts | null = null;
  if (target && orgId && target.subscription) {
    const { subscription } = target;
    if (typeof subscription === 'string') {
      const stripe = await stripeClient(billingOf(deps.config));
      facts = factsOf(await askStripe('reading a subscription', () => stripe.subscriptions.retrieve(subscription)));
    } else {
      facts = factsOf(subscription);
    }
  }
  const eventAt = new Date(event.created * 1000);
  return deps.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!first || !orgId || !facts) return false;
    return applySubscription(tx, orgId, facts, eventAt, target?.customerId ?? null);
  });
}
