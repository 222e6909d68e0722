/**
 * THE pair of password fields a person chooses a password with (spec accounts §2 "Reset password", §5):
 * the reset page and the "Choose a New Password" step (new-password.ts). Each field has its valid/invalid
 * mark (password: 8 or more characters; confirmation: 8 or more and matching); the button reads 'Please
 * Enter a Password' (empty, disabled), 'Passwords Do Not Match!' (disabled) or 'Save Password', then
 * 'Saving Password...' while one save is under way. The pages differ only in what saving does and what a
 * failure says.
 */
import { MIN_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { isConfirmedPassword, resetButtonState, type ResetButtonState } from '../../shared/validation.ts';
import { announce, element } from '../../client/dom.ts';
import { validityMark } from './validity-mark.ts';

export const RESET_BUTTON_TEXT: Record<ResetButtonState, string> = {
  empty: 'Please Enter a Password',
  mismatch: 'Passwords Do Not Match!',
  ready: 'Save Password',
};
export const SAVING = 'Saving Password...';

/** The ids of a pair's elements in its page. */
export interface PasswordPairIds {
  form: string;
  password: string;
  confirm: string;
  submit: string;
  /** Where a failure is announced (emptied as a save starts). */
  error: string;
  passwordMark: string;
  confirmMark: string;
}

export interface PasswordPairActions {
  /** Saves the chosen password; a throw is a failure. */
  save: (password: string) => Promise<void>;
  /**
   * Says what went wrong (in the pair's error element) and answers whether the fields may be sent again;
   * false leaves them disabled (nothing more can be saved with this page's token).
   */
  failed: (err: unknown, error: HTMLElement) => boolean;
}

/** Wires the pair: marks and the button's words follow the typing, one save at a time. */
export function passwordPair(ids: PasswordPairIds, { save, failed }: PasswordPairActions): void {
  const form = element<HTMLFormElement>(ids.form);
  const password = element<HTMLInputElement>(ids.password);
  const confirm = element<HTMLInputElement>(ids.confirm);
  const submit = element<HTMLButtonElement>(ids.submit);
  const error = element(ids.error);
  const markPassword = validityMark(ids.passwordMark, 'Valid: at least 8 characters', 'Invalid: fewer than 8 characters');
  const markConfirm = validityMark(ids.confirmMark, 'Valid: matches the password', 'Invalid: does not match or is too short');
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
      await save(password.value);
    } catch (err) {
      saving = false;
      submit.removeAttribute('aria-busy');
      refresh();
      if (!failed(err, error)) {
        saving = true;
        for (const control of [password, confirm, submit]) control.disabled = true;
      }
    }
  });

  refresh();
}
