/**
 * Billing (/billing; spec accounts §2 Billing, §4 Billing, §8; issue #15): the organisation's subscription
 * state (auth/me's org.subscription), the plans (GET billing/products, this route's page read `plans`: it
 * leaves beside auth/me) and, for org admins, a Subscribe button per plan: POST
 * billing/create-checkout-session, then the returned address opens in the TOP window (the app may be
 * inside a frame). An expired organisation is sent here (src/client/stores/session.ts) and sees the
 * server's detail as a warning. Billing off (no STRIPE_SECRET_KEY): says payments are not set up, no plans.
 */
import { api, SUBSCRIPTION_EXPIRED } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import type { BillingPlan, SubscriptionState } from '../../shared/api/billing.ts';
import { planPrice, subscribeHint, subscriptionSentence, SUBSCRIBE_FAILED } from '../../shared/billing-words.ts';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The page's one read besides auth/me, named as its page data names it (`plans`). */
export const billingReads = () => api.billing.products('plans');

export async function mountBillingPage(): Promise<void> {
  const { user, data } = await signedInPage(() => billingReads().then(
    (plans) => ({ plans, error: null }),
    (error: unknown) => ({ plans: [] as BillingPlan[], error }),
  ));
  byId('billing-loading').remove();
  const org = user.org;
  if (!org) {
    byId('billing-no-org').hidden = false;
    return;
  }
  const state: SubscriptionState = org.subscription;
  // Expired: the warning box is the one message (issue #32), no state sentence or hint saying it again.
  if (subscriptionSentence(state).expired) showWarning(user);
  else showState(state);
  if (state.status === 'off') return; // nothing to pay for on this server
  const hint = subscribeHint(user.is_org_admin);
  if (hint && !subscriptionSentence(state).expired) {
    const who = byId('billing-who');
    who.textContent = hint;
    who.hidden = false;
  }
  showPlans(data.plans, user.is_org_admin, data.error !== null);
}

function showState(state: SubscriptionState): void {
  const sentence = subscriptionSentence(state);
  const text = byId('billing-state');
  text.replaceChildren(sentence.lead);
  if (sentence.date) text.append(timeElement(sentence.date, formatDateTime(sentence.date)), sentence.tail);
  byId('billing-state-card').hidden = false;
}

/**
 * Spec §8: an expired organisation sees the server's detail as a warning — here, once: the box, not also an
 * alert (src/client/stores/session.ts leaves /billing's 402s to it) or a sentence saying it again.
 */
function showWarning(user: CurrentUser): void {
  byId('billing-warning-detail').textContent = SUBSCRIPTION_EXPIRED;
  byId('billing-warning-next').textContent = user.is_org_admin ? 'Choose a plan below to continue.' : subscribeHint(false)!;
  byId('billing-warning').hidden = false;
}

function showPlans(plans: BillingPlan[], mayBuy: boolean, failed: boolean): void {
  const section = byId('billing-plans-section');
  section.hidden = false;
  const list = byId('billing-plans');
  const empty = byId('billing-plans-empty');
  if (failed) {
    empty.textContent = 'The plans could not be loaded. Please reload the page to try again.';
    empty.hidden = false;
    return;
  }
  if (plans.length === 0) {
    empty.textContent = 'No plans are available at the moment.';
    empty.hidden = false;
    return;
  }
  const error = byId('billing-error');
  const buttons: HTMLButtonElement[] = [];
  const subscribe = async (plan: BillingPlan, button: HTMLButtonElement) => {
    error.hidden = true;
    for (const b of buttons) b.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const { url } = await api.billing.createCheckoutSession(plan.id);
      openInTopWindow(url);
    } catch (err) {
      console.warn('The checkout session could not be created:', err);
      error.textContent = SUBSCRIBE_FAILED;
      error.hidden = false;
      for (const b of buttons) b.disabled = false;
      button.removeAttribute('aria-busy');
      button.focus();
    }
  };
  list.replaceChildren(
    ...plans.map((plan) => {
      const item = document.createElement('li');
      item.className = 'card plan';
      const name = document.createElement('h3');
      name.className = 'plan-name';
      name.textContent = plan.product.name;
      const price = document.createElement('p');
      price.className = 'plan-price';
      price.textContent = planPrice(plan);
      item.append(name, price);
      if (plan.product.description) {
        const description = document.createElement('p');
        description.className = 'plan-description';
        description.textContent = plan.product.description;
        item.append(description);
      }
      if (mayBuy) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button plan-subscribe';
        button.textContent = 'Subscribe';
        button.setAttribute('aria-label', `Subscribe to ${plan.product.name}`);
        button.addEventListener('click', () => void subscribe(plan, button));
        buttons.push(button);
        item.append(button);
      }
      return item;
    }),
  );
}

/**
 * Opens the checkout address in the top window (spec §4: also when the app is inside a frame). Only
 * http(s) addresses are followed; a top window that refuses (a sandboxed frame) gets this window instead.
 */
export function openInTopWindow(url: string): void {
  const target = new URL(url, location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Not a checkout address: ${url}`);
  try {
    (window.top ?? window).location.href = target.href;
  } catch {
    window.location.href = target.href;
  }
}
