/**
 * The dashboard's welcome card as markup (accounts §2 Home): 'Welcome to {organisation}' and, during a
 * trial, when it ends. Home's script fills the card with it (src/screens/home/home.ts), and the server
 * writes it into home's first HTML when the page's first data is in it (src/server/http/first-paint/
 * home.ts): one function, so the two cannot differ.
 */
import type { CurrentOrganisation } from '../api/accounts.ts';
import { escapeHtml } from './markup.ts';

/** A date in words (src/client/time-format.ts formatDate in the browser). */
type DateText = (iso: string) => string;

/** The organisation's name, as the card's heading says it after 'Welcome to '. */
export const welcomeOrgMarkup = (org: Pick<CurrentOrganisation, 'name'>): string => escapeHtml(org.name);

/** The trial's line ('' when the organisation is not in a trial): it ends, or ended, on its date. */
export function welcomeTrialMarkup(org: Pick<CurrentOrganisation, 'trial_ends_at'>, now: number, dateText: DateText): string {
  const ends = org.trial_ends_at;
  if (!ends) return '';
  const ended = new Date(ends).getTime() <= now;
  return `${ended ? 'Your free trial ended on ' : 'Your free trial ends on '}<time datetime="${escapeHtml(ends)}">${escapeHtml(dateText(ends))}</time>.`;
}
