import { describe, expect, it } from 'vitest';
import type { BillingPlan, SubscriptionState } from '../../../src/shared/api/billing.ts';
import { planPrice, subscriptionSentence, subscribeHint, SUBSCRIBE_FAILED } from '../../../src/shared/billing-words.ts';

const plan = (over: Partial<BillingPlan> = {}): BillingPlan => ({
  id: 'price_1',
  unit_amount: 1200,
  currency: 'usd',
  recurring: { interval: 'month' },
  product: { name: 'Team', description: 'Up to 20 users' },
  ...over,
});

const state = (over: Partial<SubscriptionState>): SubscriptionState => ({
  status: 'off',
  trial_ends_at: null,
  current_period_end: null,
  ...over,
});

describe('planPrice', () => {
  it('is unit_amount / 100 in the plan currency per interval', () => {
    expect(planPrice(plan(), 'en-US')).toBe('$12.00 / month');
    expect(planPrice(plan({ unit_amount: 99, recurring: { interval: 'year' } }), 'en-US')).toBe('$0.99 / year');
    expect(planPrice(plan({ unit_amount: 123456 }), 'en-US')).toBe('$1,234.56 / month');
  });

  it('names another currency by its own symbol', () => {
    expect(planPrice(plan({ currency: 'eur' }), 'en-US')).toBe('€12.00 / month');
  });

  it('a currency code the browser does not know still shows an amount', () => {
    expect(planPrice(plan({ currency: 'not a code' }), 'en-US')).toBe('12.00 NOT A CODE / month');
  });
});

describe('subscriptionSentence', () => {
  const end = '2026-12-03T10:00:00.000Z';

  it('a trial names the day it ends', () => {
    expect(subscriptionSentence(state({ status: 'trialing', trial_ends_at: end }))).toEqual({
      lead: 'Your free trial ends on ',
      date: end,
      tail: '.',
      expired: false,
    });
  });

  it('an active subscription names the end of its paid period', () => {
    expect(subscriptionSentence(state({ status: 'active', current_period_end: end }))).toMatchObject({
      lead: 'Your subscription is active until ',
      date: end,
      expired: false,
    });
  });

  it('a failed payment still names the end of the paid period', () => {
    const s = subscriptionSentence(state({ status: 'past_due', current_period_end: end }));
    expect(s.lead).toContain('Your last payment did not go through');
    expect(s.date).toBe(end);
    expect(s.expired).toBe(false);
  });

  it('an expired organisation says so', () => {
    expect(subscriptionSentence(state({ status: 'expired' }))).toEqual({
      lead: "Your organization's subscription has expired.",
      date: null,
      tail: '',
      expired: true,
    });
  });

  it('billing off says payments are not set up', () => {
    expect(subscriptionSentence(state({ status: 'off' })).lead).toBe('Payments are not set up on this server.');
  });

  it('a state without its date is still a sentence', () => {
    expect(subscriptionSentence(state({ status: 'trialing' }))).toMatchObject({ lead: 'Your organization is in its free trial.', date: null });
    expect(subscriptionSentence(state({ status: 'active' }))).toMatchObject({ lead: 'Your subscription is active.', date: null });
  });
});

describe('subscribeHint', () => {
  it('org admins subscribe themselves; others are told whom to ask', () => {
    expect(subscribeHint(true)).toBeNull();
    expect(subscribeHint(false)).toBe('Only organization admins can subscribe. Ask an organization admin to subscribe.');
  });

  it('the failure text is the spec’s', () => {
    expect(SUBSCRIBE_FAILED).toBe('Something went wrong, please try again');
  });
});
