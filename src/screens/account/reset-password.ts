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
import { api } from '../../client/api.ts';
import { announce, element } from '../../client/dom.ts';
import { passwordPair } from './password-pair.ts';

export const RESET_DONE = 'Password Has Been Reset';
export const RESET_FAILED = 'Something went wrong! Please try again.';

export function mountPasswordReset(): void {
  const form = element<HTMLFormElement>('reset-form');
  const status = element('reset-status');
  const goToLogin = element<HTMLAnchorElement>('go-to-login');
  const token = new URLSearchParams(location.search).get('token') ?? '';

  if (token === '') {
    form.hidden = true;
    element('reset-no-token').hidden = false;
    element('reset-heading').focus();
    return;
  }

  passwordPair(
    {
      form: 'reset-form',
      password: 'reset-password',
      confirm: 'reset-confirm',
      submit: 'reset-submit',
      error: 'reset-error',
      passwordMark: 'reset-password-validity',
      confirmMark: 'reset-confirm-validity',
    },
    {
      async save(password) {
        await api.auth.resetPassword(password, token);
        form.hidden = true;
        announce(status, RESET_DONE);
        goToLogin.hidden = false;
        goToLogin.focus();
      },
      failed(_err, error) {
        announce(error, RESET_FAILED);
        element('reset-submit').focus();
        return true;
      },
    },
  );
}
