/**
 * Home's list of the user's pending invitations as markup (accounts §2 Home, issue #32): each organisation's
 * name with Accept and Decline. Home's script sets it (src/screens/home/home.ts, which answers a button by
 * its `data-invitation` and `data-accept`), and the server writes it into home's first HTML from auth/me
 * (src/server/http/first-paint/home.ts): one drawing, so the two cannot differ.
 */
import type { PendingInvitation } from '../api/accounts.ts';
import { escapeHtml } from './markup.ts';

/** The accessible name of Accept or Decline beside an organisation's name: 'Accept the invitation to join {org}'. */
export const answerLabel = (accept: boolean, orgName: string): string => `${accept ? 'Accept' : 'Decline'} the invitation to join ${orgName}`;

/** The items of `#home-invitation-list`. */
export function homeInvitationsMarkup(invitations: readonly Pick<PendingInvitation, 'id' | 'org_name'>[]): string {
  return invitations
    .map((invitation) => {
      const buttons = [true, false].map(
        (accept) =>
          `<button type="button" class="${accept ? 'button' : 'button secondary'}" data-accept="${accept}" aria-label="${escapeHtml(answerLabel(accept, invitation.org_name))}">${accept ? 'Accept' : 'Decline'}</button>`,
      );
      return `<li class="home-invitation" data-invitation="${escapeHtml(invitation.id)}"><span class="home-invitation-org">${escapeHtml(invitation.org_name)}</span><span class="home-invitation-answers">${buttons.join('')}</span></li>`;
    })
    .join('');
}
