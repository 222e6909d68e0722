/**
 * "Choose a New Password" (src/components/public/NewPasswordStep.astro): the step the sign-in and the
 * activation pages show when the server answers that the account's password was chosen by an admin, or
 * never chosen (403 'Choose your own password to continue' with a `password_change_token`; docs/admin-area.md
 * "Passwords an admin chooses"). There is no session until the person's own password is saved:
 * POST auth/set-new-password answers the access token, and the page then goes on as its sign-in would.
 *
 * The fields, their valid/invalid marks and the button's words are the reset page's (spec accounts §2
 * "Reset password", §5); a refusal shows the server's own detail (a password too short, or the one the
 * admin gave), since the reset page's 'Something went wrong!' would not say what to change.
 */
import { NEW_PASSWORD_NEEDED, type NewPasswordNeeded } from '../../shared/api/accounts-new-password.ts';
import { api, ApiError, problemText } from '../../client/api.ts';
import { announce, element } from '../../client/dom.ts';
import { passwordPair } from './password-pair.ts';

/** Said when no answer came (the reset page's words): sending again may work. */
export const STEP_FAILED = 'Something went wrong! Please try again.';

/** The token of the next step when `err` is the server asking for the person's own password; else undefined. */
export function passwordChangeTokenOf(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 403 || err.detail !== NEW_PASSWORD_NEEDED) return undefined;
  const token: unknown = (err.body as Partial<NewPasswordNeeded> | undefined)?.password_change_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export interface NewPasswordStep {
  /** The token from the 403 answer. */
  token: string;
  /** The page's own card, hidden while the step shows. */
  replaces: HTMLElement;
  /** The account's username when the page knows it (for password managers). */
  username?: string;
  /** Called with the new session's token once the password is saved. */
  signedIn: (accessToken: string) => Promise<void>;
}

/** Shows the step in place of the page's card and moves the focus to its heading. */
export function showNewPasswordStep(step: NewPasswordStep): void {
  element<HTMLInputElement>('new-password-username').value = step.username ?? '';
  passwordPair(
    {
      form: 'new-password-form',
      password: 'new-password',
      confirm: 'new-password-confirm',
      submit: 'new-password-submit',
      error: 'new-password-error',
      passwordMark: 'new-password-validity',
      confirmMark: 'new-password-confirm-validity',
    },
    {
      async save(password) {
        const { access_token } = await api.auth.setNewPassword({ token: step.token, password });
        await step.signedIn(access_token);
      },
      failed(err, error) {
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        announce(error, problemText(err, STEP_FAILED));
        // 422: what to change in the password (the token stays usable). 400: the token ran out (15 minutes)
        // or was used; the way on is signing in again (or 'Forgot your password?' there).
        if (refused && err.status !== 422) {
          const restart = element('new-password-restart');
          restart.hidden = false;
          restart.focus();
          return false;
        }
        element('new-password').focus();
        return true;
      },
    },
  );
  step.replaces.hidden = true;
  element('new-password-step').hidden = false;
  element('new-password-heading').focus();
}
