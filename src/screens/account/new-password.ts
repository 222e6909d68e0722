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
import { MIN_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { isConfirmedPassword, resetButtonState } from '../../shared/validation.ts';
import { api, ApiError } from '../../client/api.ts';
import { announce, element } from '../../client/dom.ts';
import { RESET_BUTTON_TEXT, SAVING } from './reset-password.ts';
import { validityMark } from './validity-mark.ts';

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
  const section = element('new-password-step');
  const form = element<HTMLFormElement>('new-password-form');
  const password = element<HTMLInputElement>('new-password');
  const confirm = element<HTMLInputElement>('new-password-confirm');
  const submit = element<HTMLButtonElement>('new-password-submit');
  const error = element('new-password-error');
  element<HTMLInputElement>('new-password-username').value = step.username ?? '';
  const markPassword = validityMark('new-password-validity', 'Valid: at least 8 characters', 'Invalid: fewer than 8 characters');
  const markConfirm = validityMark('new-password-confirm-validity', 'Valid: matches the password', 'Invalid: does not match or is too short');
  let saving = false;

  const refresh = () => {
    markPassword(password.value.length >= MIN_PASSWORD_LENGTH);
    markConfirm(isConfirmedPassword(password.value, confirm.value));
    if (saving) return;
    const state = resetButtonState(password.value, confirm.value);
    submit.textContent = RESET_BUTTON_TEXT[state];
    submit.disabled = state !== 'ready';
  };
  form.addEventListener('input', refresh);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (saving || resetButtonState(password.value, confirm.value) !== 'ready') return;
    saving = true;
    announce(error, '');
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    submit.textContent = SAVING;
    try {
      const { access_token } = await api.auth.setNewPassword({ token: step.token, password: password.value });
      await step.signedIn(access_token);
    } catch (err) {
      saving = false;
      submit.removeAttribute('aria-busy');
      refresh();
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      announce(error, refused ? err.detail : STEP_FAILED);
      // 422: what to change in the password (the token stays usable). 400: the token ran out (15 minutes)
      // or was used; the way on is signing in again (or 'Forgot your password?' there).
      if (refused && err.status !== 422) {
        saving = true; // nothing more to send with this token
        for (const control of [password, confirm, submit]) control.disabled = true;
        const restart = element('new-password-restart');
        restart.hidden = false;
        restart.focus();
      } else password.focus();
    }
  });

  step.replaces.hidden = true;
  section.hidden = false;
  refresh();
  element('new-password-heading').focus();
}
