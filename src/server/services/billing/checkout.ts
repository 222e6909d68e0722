/**
 * POST billing/create-checkout-session (issue #15): a Stripe Checkout session in subscription mode for one
 * of the plans, with the organisation as its reference (client_reference_id and metadata.org_id, also on
 * the subscription) and the organisation's Stripe customer — created at the first checkout, stored, and
 * reused. Success and cancel lead back to {PUBLIC_URL}/billing/success and /billing/cancel. Nothing about
 * the subscription is stored here: its state comes only from the signed webhooks (./webhooks.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { CheckoutSession } from '../../../shared/api/billing.ts';
import { organisations } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { conflict, validationFailed } from '../../errors.ts';
import { listPlans } from './plans.ts';
import { LIVE_STATUSES } from './state.ts';
import { askStripe, billingOf, PaymentsUnavailable, stripeClient, type Stripe } from './stripe.ts';

export const ALREADY_SUBSCRIBED = 'This organization already has an active subscription';

/** The organisation's Stripe customer: the stored one, else one created now (once: an idempotency key per organisation) and stored. */
async function customerOf(deps: Deps, stripe: Stripe, who: Member, storedId: string | null): Promise<string> {
  if (storedId) return storedId;
  const customer = await askStripe('creating a customer', () =>
    stripe.customers.create({ name: who.orgName, metadata: { org_id: who.orgId } }, { idempotencyKey: `ringbinder-customer-${who.orgId}` }),
  );
  const [stored] = await deps.db
    .update(organisations)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(organisations.id, who.orgId), isNull(organisations.stripeCustomerId)))
    .returning({ id: organisations.stripeCustomerId });
  if (stored?.id) return stored.id;
  // Another checkout stored one first: use that.
  const [row] = await deps.db.select({ id: organisations.stripeCustomerId }).from(organisations).where(eq(organisations.id, who.orgId));
  return row?.id ?? customer.id;
}

export async function createCheckoutSession(deps: Deps, who: Member, priceId: string): Promise<CheckoutSession> {
  const billing = billingOf(deps.config);
  let plans = await listPlans(deps);
  if (!plans.some((p) => p.id === priceId)) plans = await listPlans(deps, true);
  if (!plans.some((p) => p.id === priceId)) throw validationFailed([{ field: 'price_id', message: 'is not one of the plans' }]);

  const [org] = await deps.db
    .select({
      customerId: organisations.stripeCustomerId,
      status: organisations.subscriptionStatus,
      paidUntil: organisations.paidUntil,
    })
    .from(organisations)
    .where(eq(organisations.id, who.orgId));
  const now = deps.now();
  if (org?.paidUntil && org.paidUntil > now && LIVE_STATUSES.has(org.status ?? '')) throw conflict(ALREADY_SUBSCRIBED);

  const stripe = await stripeClient(billing);
  const customer = await customerOf(deps, stripe, who, org?.customerId ?? null);
  const { publicUrl } = deps.config;
  const session = await askStripe('creating a checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: who.orgId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${publicUrl}/billing/success`,
      cancel_url: `${publicUrl}/billing/cancel`,
      metadata: { org_id: who.orgId },
      subscription_data: { metadata: { org_id: who.orgId } },
    }),
  );
  if (!session.url) throw new PaymentsUnavailable(new Error('the checkout session has no url'));
  return { url: session.url };
}
