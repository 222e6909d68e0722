/**
 * Billing (accounts §2 Billing, §3 billing plan, §4, §7 `billing/products`, `billing/create-checkout-session`;
 * issue #15): plans are Stripe monthly prices; payment is a Stripe Checkout session reached by a redirect;
 * the organisation's state comes only from signed webhooks. Without STRIPE_SECRET_KEY billing is off.
 */

/** One plan (spec "Billing plan"): a monthly Stripe price with its product. */
export interface BillingPlan {
  id: string;
  /** Cents. */
  unit_amount: number;
  currency: string;
  recurring: { interval: string };
  product: { name: string; description: string };
}

/** POST billing/create-checkout-session → the address to open in the top window. */
export interface CheckoutSession {
  url: string;
}

/**
 * The organisation's subscription as the screens need it (in auth/me's `org.subscription`):
 * `off` — billing is not set up on this server (nothing expires);
 * `trialing` — within the trial (`trial_ends_at`);
 * `active` / `past_due` — paid through `current_period_end`;
 * `expired` — neither a trial nor a paid period holds.
 */
export interface SubscriptionState {
  status: 'off' | 'trialing' | 'active' | 'past_due' | 'expired';
  trial_ends_at: string | null;
  current_period_end: string | null;
}
