/**
 * Reset password page (/reset-password?token=…, spec accounts §2 "Reset password", §4, §5, §8).
 *
 * Each field has a valid/invalid mark (password: 8 or more characters; confirmation: 8 or more and
 * matching). The button reads 'Please Enter a Password' (empty, disabled), 'Passwords Do Not Match!'
 * (disabled) or 'Save Password'; then 'Saving Password...'; done shows 'Password Has Been Reset' and
 * 'Go to Login' (→ /login?reset=1, which shows the success banner); a failure shows
 * 'Something went wrong! Please try again.' and lets the user try again.
 * Without a token in the address there is nothing to save: the page says where to get a new link.
 */
import { MIN_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { isConfirmedPassword, resetButtonState, type ResetButtonState } from '../../shared/validation.ts';
import { api } from '../../client/api.ts';
import { announce, element } from '../../client/dom.ts';
import { validityMark } from './validity-mark.ts';

export const RESET_BUTTON_TEXT: Record<ResetButtonState, string> = {
  empty: 'Please Enter a Password',
  mismatch: 'Passwords Do Not Match!',
  ready: 'Save Password',
};
export const SAVING = 'Saving Password...';
export const RESET_DONE = 'Password Has Been Reset';
export const RESET_FAILED = 'Something went wrong! Please try again.';

export function mountPasswordReset(): void {
  const form = element<HTMLFormElement>('reset-form');
  const password = element<HTMLInputElement>('reset-password');
  const confirm = element<HTMLInputElement>('reset-confirm');
  const submit = element<HTMLButtonElement>('reset-submit');
  const error = element('reset-error');
  const status = element('reset-status');
  const goToLogin = element<HTMLAnchorElement>('go-to-login');
  const token = new URLSearchParams(location.search).get('token') ?? '';
  let saving = false;

  if (token === '') {
    form.hidden = true;
    element('reset-no-token').hidden = false;
    element('reset-heading').focus();
    return;
  }

  const markPassword = validityMark('reset-password-validity', 'Valid: at least 8 characters', 'Invalid: fewer than 8 characters');
  const markConfirm = validityMark(
    'reset-confirm-validity',
    'Valid: matches the password',
    'Invalid: does not match or is too short',
  );

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
    submit.textContent = SAVING;
    try {
      await api.auth.resetPassword(password.value, token);
      form.hidden = true;
      announce(status, RESET_DONE);
      goToLogin.hidden = false;
      goToLogin.focus();
    } catch {
      saving = false;
      refresh();
      announce(error, RESET_FAILED);
      submit.focus();
    }
  });

  refresh();
}
