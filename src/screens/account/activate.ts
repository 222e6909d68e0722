/**
 * Activation page (/auth/activate?token=…, spec accounts §2, §4, §8): posts the token; on success the
 * user is stored as signed in and goes to / (home sends a stored invitation on to /invitation/{id}).
 *
 * A failure is only logged (spec: no user message). So that nobody is left in front of a spinner,
 * the indicator then gives way to a neutral 'Please sign in to continue.' with a link to /login —
 * it states no error: a link that was already used leaves an active account that can sign in, and
 * for an unusable one the sign-in page explains that the account is not active yet.
 *
 * An account an admin made (with a password of theirs, or none) is activated but not signed in: the
 * server asks for the person's own password first (403 with a token, issue #28), and the page shows
 * "Choose a New Password" (new-password.ts), which signs in and goes on to /.
 */
import { api } from '../../client/api.ts';
import { navigate } from '../../client/navigation.ts';
import { signInWithToken } from '../../client/stores/session.ts';
import { element } from '../../client/dom.ts';
import { passwordChangeTokenOf, showNewPasswordStep } from './new-password.ts';

export async function activateAccount(): Promise<void> {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  try {
    if (token === '') throw new Error('the address has no activation token');
    const { access_token } = await api.auth.activate(token);
    await goOnSignedIn(access_token);
  } catch (err) {
    const changeToken = passwordChangeTokenOf(err);
    if (changeToken) {
      showNewPasswordStep({ token: changeToken, replaces: element('activate-card'), signedIn: goOnSignedIn });
      return;
    }
    console.error('Account activation failed:', err);
    element('activate-loading').hidden = true;
    element('activate-stopped').hidden = false;
    element('activate-heading').focus();
  }
}

async function goOnSignedIn(accessToken: string): Promise<void> {
  await signInWithToken(accessToken);
  navigate('/', { replace: true });
}
