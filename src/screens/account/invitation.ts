/**
 * Invitation page (/invitation/{id}, spec accounts §2 "Invitation", §4, §8). One of six views after
 * the loading indicator:
 *   fetch failed                        → 'Something went wrong: {detail}'
 *   signed in, already a member         → already a member + 'Go to your Dashboard'
 *   signed in with another address      → 'This invitation was sent to {email}. Sign in as that user to
 *                                         accept it.' + log out and sign in as them / 'Go to your Dashboard'
 *   signed in, not a member             → invited + 'Would you like to accept?' Accept / Decline (then an
 *                                         alert says what happened; accepting switches to the organisation)
 *   signed out, registered in this tab  → 'Registration Successful!' + log in to accept
 *   signed out                          → invited + 'Log In Here' / 'Register Here' (both store the id)
 *
 * "Signed in" means the stored login flag plus a user the server still knows: a stale token counts
 * as signed out here, since this page is public. The stored invitation id is also cleared when the
 * invitation cannot be used (fetch failed, already a member): home redirects to a stored invitation,
 * and the user must not be sent back here in a loop.
 */
import type { CurrentUser, InvitationPublic } from '../../shared/api/accounts.ts';
import { api, problemText } from '../../client/api.ts';
import { lastSegment, navigate } from '../../client/navigation.ts';
import { hasLoginFlag, readSession, removeSession, sessionKeys, writeSession } from '../../client/storage.ts';
import { loadUser, logout } from '../../client/stores/session.ts';
import { announce, element, showOnly } from '../../client/dom.ts';
import { answerInvitationFor, FAILURE_PREFIX, sayAnswer, TRY_AGAIN } from './answer-invitation.ts';

export type InvitationView = 'error' | 'member' | 'other-user' | 'question' | 'registered' | 'signed-out';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Which view the page shows (pure, so the rule reads in one place). */
export function invitationView(
  invitation: InvitationPublic | null,
  user: Pick<CurrentUser, 'email' | 'available_orgs'> | null,
  registered: boolean,
): InvitationView {
  if (!invitation) return 'error';
  if (user) {
    if (user.available_orgs.some((o) => o.id === invitation.org_id)) return 'member';
    return sameAddress(user.email, invitation.email) ? 'question' : 'other-user';
  }
  return registered ? 'registered' : 'signed-out';
}

export async function mountInvitation(): Promise<void> {
  const id = lastSegment();
  const loading = element('invitation-loading');
  const error = element('invitation-error');
  const views: Record<Exclude<InvitationView, 'error'>, HTMLElement> = {
    member: element('invitation-member'),
    'other-user': element('invitation-other-user'),
    question: element('invitation-question'),
    registered: element('invitation-registered'),
    'signed-out': element('invitation-signed-out'),
  };

  const [fetched, user] = await Promise.all([
    api.auth.invitation(id).then(
      (invitation) => ({ invitation, detail: '' }),
      (err: unknown) => ({ invitation: null, detail: problemText(err, TRY_AGAIN) }),
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

  const invitation = fetched.invitation!;
  const orgName = invitation.org_name;
  const message = element('invitation-message');
  message.textContent = invitationMessage(view, invitation);
  message.classList.toggle('success-text', view === 'registered');
  message.hidden = false;
  if (view === 'registered') {
    element('invitation-registered-text').textContent =
      `Activate your account with the link we e-mailed you, then log in to accept the invitation to join ${orgName}.`;
  }
  showOnly(Object.values(views), views[view]);
  message.focus();

  if (view === 'question') mountAnswer(invitation);
  if (view === 'other-user') {
    const switchUser = element<HTMLButtonElement>('invitation-switch-user');
    switchUser.textContent = `Log Out and Sign In as ${invitation.email}`;
    // Back here after signing in (the address carries it: logout clears the stored invitation id).
    switchUser.addEventListener('click', () => logout({ returnTo: `/invitation/${encodeURIComponent(id)}` }));
  }
  if (view === 'signed-out') {
    // Both ways out remember the invitation for after sign-in or registration.
    for (const linkId of ['invitation-login', 'invitation-register']) {
      element(linkId).addEventListener('click', () => writeSession(sessionKeys.inviteId, id));
    }
  }
}

/** The main line of each view. */
export function invitationMessage(
  view: Exclude<InvitationView, 'error'>,
  invitation: Pick<InvitationPublic, 'org_name' | 'email'>,
): string {
  const orgName = invitation.org_name;
  switch (view) {
    case 'member':
      return `You are already a member of ${orgName}.`;
    case 'other-user':
      return `This invitation was sent to ${invitation.email}. Sign in as that user to accept it.`;
    case 'registered':
      return 'Registration Successful!';
    case 'question':
    case 'signed-out':
      return `You have been invited to join ${orgName}.`;
  }
}

/**
 * Accept or Decline: then the stored id goes; accepting switches to the organisation and the user is
 * reloaded; either way to /, where the alert says what happened (or what went wrong, spec §8).
 */
function mountAnswer(invitation: InvitationPublic): void {
  const accept = element<HTMLButtonElement>('invitation-accept');
  const decline = element<HTMLButtonElement>('invitation-decline');
  const answer = async (accepted: boolean) => {
    accept.disabled = true;
    decline.disabled = true;
    sayAnswer(await answerInvitationFor(invitation, accepted), { leaving: true });
    removeSession(sessionKeys.inviteId);
    navigate('/', { replace: true });
  };
  accept.addEventListener('click', () => void answer(true));
  decline.addEventListener('click', () => void answer(false));
}

function forgetInvitation(id: string): void {
  if (readSession(sessionKeys.inviteId) === id) removeSession(sessionKeys.inviteId);
}
