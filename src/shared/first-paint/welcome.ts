/**
 * The dashboard's welcome card as markup (accounts §2 Home): 'Welcome to {organisation}' and the
 * subscription's state. Home's script fills the card with it (src/screens/home/home.ts), and the server
 * writes it into home's first HTML when the page's first data is in it (src/server/http/first-paint/
 * home.ts): one function, so the two cannot differ.
 */
import type { CurrentOrganisation, CurrentUser } from '../api/accounts.ts';
import { subscriptionSentence } from '../billing-words.ts';
import { escapeHtml } from './markup.ts';

/** A date in words (THE date and time: src/shared/date-time.ts, formatDateTime in the browser). */
type DateText = (iso: string) => string;

/** The organisation's name, as the card's heading says it after 'Welcome to '. */
export const welcomeOrgMarkup = (org: Pick<CurrentOrganisation, 'name'>): string => escapeHtml(org.name);

/**
 * The line under the welcome (issue #32 "Billing and the trial say one thing"): the subscription's state in
 * /billing's own words (src/shared/billing-words.ts), nothing when billing is off, and Billing beside it for
 * an org admin (members see the state only).
 */
export function welcomeTrialMarkup(user: Pick<CurrentUser, 'org' | 'is_org_admin'>, dateText: DateText): string {
  const state = user.org?.subscription;
  if (!state || state.status === 'off') return '';
  const sentence = subscriptionSentence(state);
  const date = sentence.date ? `<time datetime="${escapeHtml(sentence.date)}">${escapeHtml(dateText(sentence.date))}</time>${escapeHtml(sentence.tail)}` : '';
  const billing = user.is_org_admin ? ' <a href="/billing" class="welcome-billing">Billing</a>' : '';
  return escapeHtml(sentence.lead) + date + billing;
}
