/**
 * The plans (issue #15; spec "Billing plan"): the active monthly Stripe prices with their product, cheapest
 * first. Kept in memory for PLANS_TTL_MS per configuration, so the billing page does not wait on Stripe
 * every time; concurrent askers share one request. Billing off: no plans.
 */
import type { BillingPlan } from '../../../shared/api/billing.ts';
import type { BillingConfig } from '../../config.ts';
import type { Deps } from '../../env.ts';
import { presentPlan } from '../../presenters/billing.ts';
import { askStripe, stripeClient, type Stripe } from './stripe.ts';

export const PLANS_TTL_MS = 60_000;

interface Cached {
  at: number;
  plans: Promise<BillingPlan[]>;
}

const cache = new WeakMap<BillingConfig, Cached>();

function isMonthlyPlan(price: Stripe.Price): boolean {
  const product = price.product;
  return (
    price.active &&
    price.type === 'recurring' &&
    price.recurring?.interval === 'month' &&
    (price.recurring.interval_count ?? 1) === 1 &&
    typeof price.unit_amount === 'number' &&
    typeof product === 'object' &&
    product !== null &&
    !('deleted' in product && product.deleted) &&
    (product as Stripe.Product).active !== false
  );
}

async function fetchPlans(billing: BillingConfig): Promise<BillingPlan[]> {
  const stripe = await stripeClient(billing);
  const page = await askStripe('listing prices', () =>
    stripe.prices.list({ active: true, type: 'recurring', limit: 100, expand: ['data.product'] }),
  );
  return page.data
    .filter(isMonthlyPlan)
    .map(presentPlan)
    .sort((a, b) => a.unit_amount - b.unit_amount || a.id.localeCompare(b.id));
}

/** The plans; `fresh` asks Stripe again even within the cache's minute. */
export async function listPlans(deps: Pick<Deps, 'config' | 'now'>, fresh = false): Promise<BillingPlan[]> {
  const billing = deps.config.billing;
  if (!billing) return [];
  const now = deps.now().getTime();
  const cached = cache.get(billing);
  if (!fresh && cached && now - cached.at < PLANS_TTL_MS && now >= cached.at) return cached.plans;
  const plans = fetchPlans(billing);
  const entry = { at: now, plans };
  cache.set(billing, entry);
  // A failure is not kept: the next asker tries again.
  plans.catch(() => {
    if (cache.get(billing) === entry) cache.delete(billing);
  });
  return plans;
}
