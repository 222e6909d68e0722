/**
 * Invitation page (/invitation/{id}, spec accounts §2 "Invitation", §4, §8). One of five views after
 * the loading indicator:
 *   fetch failed                        → 'Something went wrong: {detail}'
 *   signed in, already a member         → already a member + 'Go to your Dashboard'
 *   signed in, not a member             → invited + 'Would you like to accept?' Accept / Decline
 *   signed out, registered in this tab  → 'Registration Successful!' + log in to accept
 *   signed out                          → invited + 'Log In Here' / 'Register Here' (both store the id)
 *
 * "Signed in" means the stored login flag plus a user the server still knows: a stale token counts
 * as signed out here, since this page is public. The stored invitation id is also cleared when the
 * invitation cannot be used (fetch failed, already a member): home redirects to a stored invitation,
 * and the user must not be sent back here in a loop.
 */
import type { CurrentUser, InvitationPublic } from '../../shared/api/accounts.ts';
import { api, ApiError } from '../../client/api.ts';
import { lastSegment, navigate } from '../../client/navigation.ts';
import { hasLoginFlag, readSession, removeSession, sessionKeys, writeSession } from '../../client/storage.ts';
import { showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { loadUser, refreshUser } from '../../client/stores/session.ts';
import { announce, element, showOnly } from '../../client/dom.ts';

export const FAILURE_PREFIX = 'Something went wrong: ';

export type InvitationView = 'error' | 'member' | 'question' | 'registered' | 'signed-out';

/** Which view the page shows (pure, so the rule reads in one place). */
export function invitationView(
  invitation: InvitationPublic | null,
  user: CurrentUser | null,
  registered: boolean,
): InvitationView {
  if (!invitation) return 'error';
  if (user) return user.available_orgs.some((o) => o.id === invitation.org_id) ? 'member' : 'question';
  return registered ? 'registered' : 'signed-out';
}

export async function mountInvitation(): Promise<void> {
  const id = lastSegment();
  const loading = element('invitation-loading');
  const error = element('invitation-error');
  const views: Record<Exclude<InvitationView, 'error'>, HTMLElement> = {
    member: element('invitation-member'),
    question: element('invitation-question'),
    registered: element('invitation-registered'),
    'signed-out': element('invitation-signed-out'),
  };

  const [fetched, user] = await Promise.all([
    api.auth.invitation(id).then(
      (invitation) => ({ invitation, detail: '' }),
      (err: unknown) => ({ invitation: null, detail: err instanceof ApiError ? err.detail : String(err) }),
    ),
    hasLoginFlag() ? loadUser().catch(() => null) : Promise.resolve(null),
  ]);

  const view = invitationView(fetched.invitation, user, readSession(sessionKeys.registered) !== null);
  loading.hidden = true;
  if (view === 'error' || view === 'member') forgetInvitation(id);
  if (view === 'error') {
    showOnly(Object.values(views), null);
    announce(error, `${FAILURE_PREFIX}${fetched.detail}`);
    const onward = element<HTMLAnchorElement>('invitation-error-return');
    if (user) {
      onward.href = '/';
      onward.textContent = 'Go to your Dashboard';
    }
    onward.hidden = false;
    element('invitation-heading').focus();
    return;
  }

  const orgName = fetched.invitation!.org_name;
  const message = element('invitation-message');
  message.textContent = invitationMessage(view, orgName);
  message.classList.toggle('success-text', view === 'registered');
  message.hidden = false;
  if (view === 'registered') {
    element('invitation-registered-text').textContent =
      `Activate your account with the link we e-mailed you, then log in to accept the invitation to join ${orgName}.`;
  }
  showOnly(Object.values(views), views[view]);
  message.focus();

  if (view === 'question') mountAnswer(id, error);
  if (view === 'signed-out') {
    // Both ways out remember the invitation for after sign-in or registration.
    for (const linkId of ['invitation-login', 'invitation-register']) {
      element(linkId).addEventListener('click', () => writeSession(sessionKeys.inviteId, id));
    }
  }
}

/** The main line of each view. */
export function invitationMessage(view: Exclude<InvitationView, 'error'>, orgName: string): string {
  switch (view) {
    case 'member':
      return `You are already a member of ${orgName}.`;
    case 'registered':
      return 'Registration Successful!';
    case 'question':
    case 'signed-out':
      return `You have been invited to join ${orgName}.`;
  }
}

/** Accept or Decline: then the stored id goes; on 200 the user is reloaded; either way to /. */
function mountAnswer(id: string, error: HTMLElement): void {
  const accept = element<HTMLButtonElement>('invitation-accept');
  const decline = element<HTMLButtonElement>('invitation-decline');
  const answer = async (accepted: boolean) => {
    accept.disabled = true;
    decline.disabled = true;
    announce(error, '');
    try {
      await api.auth.answerInvitation(id, accepted);
      removeSession(sessionKeys.inviteId);
      await refreshUser().catch(() => undefined); // home loads the user again anyway
    } catch (err) {
      removeSession(sessionKeys.inviteId);
      // The page is left at once, so the failure travels to the next page's alerts (spec §8 text).
      showAlertAfterNavigation('error', `${FAILURE_PREFIX}${err instanceof ApiError ? err.detail : String(err)}`);
    }
    navigate('/', { replace: true });
  };
  accept.addEventListener('click', () => void answer(true));
  decline.addEventListener('click', () => void answer(false));
}

function forgetInvitation(id: string): void {
  if (readSession(sessionKeys.inviteId) === id) removeSession(sessionKeys.inviteId);
}
