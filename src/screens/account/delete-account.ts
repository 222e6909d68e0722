/**
 * Account Settings' Delete my account (issue #47, GDPR Art. 17): the dialog asks for the password, and the
 * two-factor code when the account has two-factor sign-in; the account erased, the device is signed out
 * (its session is gone on the server) and the login page says so. A refusal (a wrong password or code, the
 * last admin of an organisation) is shown in the dialog with the server's words.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { logout } from '../../client/stores/session.ts';

const ACCOUNT_DELETED = 'Your account has been deleted.';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export function mountDeleteAccount(user: CurrentUser): void {
  const dialog = byId<HTMLDialogElement>('delete-account-dialog');
  const form = byId<HTMLFormElement>('delete-account-form');
  const password = byId<HTMLInputElement>('delete-account-password');
  const otp = byId<HTMLInputElement>('delete-account-otp');
  const error = byId('delete-account-error');
  const submit = byId<HTMLButtonElement>('delete-account-submit');
  byId('delete-account-otp-field').hidden = !user.otp_enabled;
  otp.required = user.otp_enabled;
  const opener = byId('delete-account-open');
  opener.addEventListener('click', () => {
    form.reset();
    error.hidden = true;
    openModal(dialog, opener);
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    submit.disabled = true;
    error.hidden = true;
    try {
      await api.auth.deleteAccount({ password: password.value, ...(user.otp_enabled ? { otp: otp.value.trim() } : {}) });
      dialog.close();
      logout({ sessionEnded: true, alert: ACCOUNT_DELETED });
    } catch (err) {
      error.textContent = problemText(err, SOMETHING_WENT_WRONG);
      error.hidden = false;
      submit.disabled = false;
    }
  });
}
