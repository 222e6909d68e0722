/**
 * Billing in the API's answers (shapes in shared/api/billing.ts): the organisation's subscription state as
 * auth/me shows it, and one Stripe price as a plan.
 */
import type Stripe from 'stripe';
import type { BillingPlan, SubscriptionState } from '../../shared/api/billing.ts';

export interface SubscriptionColumns {
  trialEndsAt: Date | null;
  paidUntil: Date | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
}

/**
 * `off` while billing is off (nothing expires); else `active`/`past_due` while the paid period opens the
 * organisation (the same rule as the 402 gate: auth/membership.ts), `trialing` while the trial does, and
 * `expired` otherwise. `liveStatus`: whether the subscription's status is one that keeps its paid period
 * open (services/billing/state.ts LIVE_STATUSES).
 */
export function presentSubscriptionState(org: SubscriptionColumns, now: Date, billingOn: boolean, liveStatus: boolean): SubscriptionState {
  const dates = {
    trial_ends_at: org.trialEndsAt?.toISOString() ?? null,
    current_period_end: org.currentPeriodEnd?.toISOString() ?? null,
  };
  if (!billingOn) return { status: 'off', ...dates };
  const at = now.getTime();
  if (org.paidUntil && org.paidUntil.getTime() > at && liveStatus) {
    return { status: org.subscriptionStatus === 'past_due' ? 'past_due' : 'active', ...dates };
  }
  if (org.trialEndsAt && org.trialEndsAt.getTime() > at) return { status: 'trialing', ...dates };
  return { status: 'expired', ...dates };
}

/** A Stripe price with its product expanded, as a plan. */
export function presentPlan(price: Stripe.Price): BillingPlan {
  const product = typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted) ? (price.product as Stripe.Product) : null;
  return {
    id: price.id,
    unit_amount: price.unit_amount ?? 0,
    currency: price.currency,
    recurring: { interval: price.recurring?.interval ?? 'month' },
    product: { name: product?.name ?? '', description: product?.description ?? '' },
  };
}
