/**
 * The create form's first sentence (issue #32 "Billing and the trial say one thing"): it follows the server's
 * real settings, never a number built into the page: a trial of TRIAL_DAYS (as `_build-info` answers it) is
 * promised only while billing is on and the trial is at least a day. (The dashboard's trial line is THE
 * welcome card's markup, src/shared/first-paint/welcome.ts.)
 */
import { api } from '../../client/api.ts';
import type { BillingSettings } from '../../shared/api/accounts.ts';

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
