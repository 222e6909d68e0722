/**
 * The dashboard's trial line and the create form's first sentence (issue #32 "Billing and the trial say one
 * thing"): both follow the server's real settings, never a number built into the page.
 * - The trial line is the subscription's state as /billing says it (auth/me `org.subscription`, the same
 *   words: ../billing/billing-words.ts); billing off ('off') shows nothing. Org admins get a Billing link
 *   beside it; members see the state only.
 * - The create form promises a trial of TRIAL_DAYS (as `_build-info` answers it) only while billing is on
 *   and the trial is at least a day; otherwise it promises nothing.
 */
import { api } from '../../client/api.ts';
import { formatDate, timeElement } from '../../client/time-format.ts';
import type { BillingSettings, CurrentUser } from '../../shared/api/accounts.ts';
import { subscriptionSentence } from '../billing/billing-words.ts';

export const CREATE_INTRO = 'You are not a member of an organization yet.';

/** The create form's sentence: 'Create one to start your 3-day free trial.', or 'Create one to get started.'. */
export function createIntro(billing: BillingSettings | undefined): string {
  const next = billing?.enabled && billing.trial_days > 0 ? `Create one to start your ${billing.trial_days}-day free trial.` : 'Create one to get started.';
  return `${CREATE_INTRO} ${next}`;
}

/** Fills `#home-create-intro` once the server has said how billing runs (a failed read promises nothing). */
export function showCreateIntro(): void {
  const intro = document.getElementById('home-create-intro');
  if (!intro || intro.dataset.filled) return;
  intro.dataset.filled = 'true';
  api.buildInfo().then(
    (info) => (intro.textContent = createIntro(info.billing)),
    (err: unknown) => console.warn('The server did not say how billing runs:', err),
  );
}

/** The dashboard's line under the welcome: the subscription's state, and Billing for org admins. */
export function showTrialLine(line: HTMLElement, user: CurrentUser): void {
  const state = user.org?.subscription;
  line.hidden = !state || state.status === 'off';
  if (!state || line.hidden) return line.replaceChildren();
  const sentence = subscriptionSentence(state);
  line.replaceChildren(sentence.lead);
  if (sentence.date) line.append(timeElement(sentence.date, formatDate(sentence.date)), sentence.tail);
  if (user.is_org_admin) {
    const link = document.createElement('a');
    link.href = '/billing';
    link.className = 'welcome-billing';
    link.textContent = 'Billing';
    line.append(' ', link);
  }
}
