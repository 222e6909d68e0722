/**
 * The billing screens' words (spec accounts §2 Billing, §8 'Subscribe failure', §9 prices): pure, so the
 * unit tests hold them (tests/unit/shared/billing-words.test.ts). The spec gives no words for the subscription's state;
 * these are ours.
 */
import type { BillingPlan, SubscriptionState } from './api/billing.ts';

/** Spec §8 'Subscribe failure'. */
export const SUBSCRIBE_FAILED = 'Something went wrong, please try again';
/** Billing is off (no STRIPE_SECRET_KEY): the same sentence as the API's 409. */
export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server.';

/**
 * '$12.00 / month': unit_amount / 100 in the plan's currency (USD for every plan the spec knows) per
 * interval. `locale` is the browser's unless given (the tests give one).
 */
export function planPrice(plan: Pick<BillingPlan, 'unit_amount' | 'currency' | 'recurring'>, locale?: string): string {
  const amount = plan.unit_amount / 100;
  let text: string;
  try {
    text = new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency, currencyDisplay: 'narrowSymbol' }).format(amount);
  } catch {
    // Not a currency code Intl knows: the amount and the code as given.
    text = `${amount.toFixed(2)} ${plan.currency.toUpperCase()}`;
  }
  return `${text} / ${plan.recurring.interval}`;
}

/** The current state as one sentence around a date: lead + <time>date</time> + tail. */
export interface SubscriptionSentence {
  lead: string;
  /** The ISO date shown between lead and tail, or null (then tail is empty). */
  date: string | null;
  tail: string;
  /** Neither a trial nor a paid period holds: the page warns. */
  expired: boolean;
}

const plain = (lead: string, expired = false): SubscriptionSentence => ({ lead, date: null, tail: '', expired });
const dated = (lead: string, date: string, tail = '.'): SubscriptionSentence => ({ lead, date, tail, expired: false });

export function subscriptionSentence(state: SubscriptionState): SubscriptionSentence {
  switch (state.status) {
    case 'trialing':
      return state.trial_ends_at ? dated('Your free trial ends on ', state.trial_ends_at) : plain('Your organization is in its free trial.');
    case 'active':
      return state.current_period_end ? dated('Your subscription is active until ', state.current_period_end) : plain('Your subscription is active.');
    case 'past_due':
      return state.current_period_end
        ? dated('Your last payment did not go through. Your subscription is paid until ', state.current_period_end)
        : plain('Your last payment did not go through.');
    case 'expired':
      return plain("Your organization's subscription has expired.", true);
    case 'off':
    default:
      return plain(PAYMENTS_NOT_SET_UP);
  }
}

/** Who may subscribe: org admins (the API answers 403 to others); null when the user may. */
export function subscribeHint(isOrgAdmin: boolean): string | null {
  return isOrgAdmin ? null : 'Only organization admins can subscribe. Ask an organization admin to subscribe.';
}
