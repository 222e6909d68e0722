/**
 * Accept and Decline of an invitation, wherever they are offered (the invitation page, home, the avatar
 * menu): the answer — accepting also switches to the organisation (the session store's
 * `answerInvitation`), so the user data and everything following `$organisationId` move there — then
 * an alert that says what happened: 'You have joined {org}.', 'You declined the invitation to join
 * {org}.', or 'Something went wrong: {detail}' (spec accounts §8).
 */
import type { CurrentUser, PendingInvitation } from '../../shared/api/accounts.ts';
import { ApiError, problemText } from '../../client/api.ts';
import { showAlert, showAlertAfterNavigation, type AlertVariant } from '../../client/stores/alerts.ts';
import { answerInvitation } from '../../client/stores/session.ts';

export const FAILURE_PREFIX = 'Something went wrong: ';
/** After FAILURE_PREFIX when the failure has no words of its own. */
export const TRY_AGAIN = 'please try again';

export type AnsweredInvitation = Pick<PendingInvitation, 'id' | 'org_id' | 'org_name'>;

export const joinedMessage = (orgName: string): string => `You have joined ${orgName}.`;
export const declinedMessage = (orgName: string): string => `You declined the invitation to join ${orgName}.`;

/** What came of an answer: the reloaded user (null when it failed) and the alert that says so (none after a 401). */
export interface InvitationAnswer {
  user: CurrentUser | null;
  alert: { variant: AlertVariant; message: string } | null;
}

/** Answers the invitation; the caller shows `alert` now or on the page it goes to next (`sayAnswer`). */
export async function answerInvitationFor(invitation: AnsweredInvitation, accept: boolean): Promise<InvitationAnswer> {
  try {
    const user = await answerInvitation(invitation, accept);
    return accept
      ? { user, alert: { variant: 'success', message: joinedMessage(invitation.org_name) } }
      : { user, alert: { variant: 'info', message: declinedMessage(invitation.org_name) } };
  } catch (err) {
    // A refused sign-in has already signed out with its own alert.
    if (err instanceof ApiError && err.status === 401) return { user: null, alert: null };
    return { user: null, alert: { variant: 'error', message: `${FAILURE_PREFIX}${problemText(err, TRY_AGAIN)}` } };
  }
}

/** Shows the answer's alert now, or (`leaving`: the page changes right after) on the next page. */
export function sayAnswer({ alert }: InvitationAnswer, { leaving = false }: { leaving?: boolean } = {}): void {
  if (!alert) return;
  if (leaving) showAlertAfterNavigation(alert.variant, alert.message);
  else showAlert(alert.variant, alert.message);
}
