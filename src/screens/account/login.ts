/**
 * Sign-in page (/login, spec accounts §2 "Sign-in", §4, §8).
 *
 * - Username and password are required; the two-factor field appears only after the server answers
 *   'Incorrect OTP'. A credential failure reads 'Two Factor Authentication Required' while that field
 *   shows, 'Incorrect username or password' otherwise. Any other refusal (throttled, account not yet
 *   activated, network) shows the server's own detail, since the spec's texts would mislead there.
 * - On success: the token is stored, a stored invitation id wins (→ /invitation/{id}), else the
 *   remembered `next` path, else /. Choosing among several organisations is the home page's job.
 * - A user who is already signed in and opens /login sees the form (no automatic redirect): signing
 *   in again, maybe as someone else, is what they came for, and the page stays predictable.
 * - /login?reset=1 (the reset page's Go to Login) shows 'Password reset successful!' for 6000 ms.
 * - A right password that an admin chose (403 'Choose your own password to continue', issue #28) opens no
 *   session: the card gives way to "Choose a New Password" (new-password.ts), which signs in once the
 *   person's own password is saved, and goes on to where this sign-in would have gone.
 */
import { RESET_BANNER_MS } from '../../shared/constants.ts';
import { isEmail } from '../../shared/validation.ts';
import { api, ApiError, problemText } from '../../client/api.ts';
import { navigate, safeReturnPath } from '../../client/navigation.ts';
import { readSession, removeSession, sessionKeys } from '../../client/storage.ts';
import { signInWithToken } from '../../client/stores/session.ts';
import { announce, element, openModal } from '../../client/dom.ts';

/**
 * The "Choose a New Password" step's code (new-password.ts and its fields), loaded on first use: it is not
 * needed for the form's first paint (issue #31: two files fewer to fetch and run on a phone). Asked for
 * when the form is sent, so it is there by the time the server's answer could need it.
 */
let newPasswordStep: Promise<typeof import('./new-password.ts')> | undefined;
const loadNewPasswordStep = () => (newPasswordStep ??= import('./new-password.ts'));

export const INCORRECT_CREDENTIALS = 'Incorrect username or password';
export const INCORRECT_OTP = 'Incorrect OTP';
export const TWO_FACTOR_REQUIRED = 'Two Factor Authentication Required';
export const PASSWORD_RESET_DONE = 'Password reset successful!';
export const INCORRECT_EMAIL = 'Incorrect email, please try again.';
const CAPS_LOCK_ON = 'Caps Lock is on';

export function mountLogin(): void {
  showResetBanner();
  mountSignInForm();
  mountForgotPasswordDialog();
}

/** Where a successful sign-in goes: the stored invitation, the remembered path, or home. */
export function destinationAfterSignIn(search: string = location.search): string {
  const inviteId = readSession(sessionKeys.inviteId);
  if (inviteId) return `/invitation/${encodeURIComponent(inviteId)}`;
  return safeReturnPath(new URLSearchParams(search).get('next')) ?? '/';
}

function showResetBanner(): void {
  const params = new URLSearchParams(location.search);
  if (!params.has('reset')) return;
  // Drop the flag from the address, so reloading the page does not repeat the banner.
  params.delete('reset');
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  const banner = element('reset-banner');
  announce(banner, PASSWORD_RESET_DONE);
  setTimeout(() => announce(banner, ''), RESET_BANNER_MS);
}

function mountSignInForm(): void {
  const form = element<HTMLFormElement>('login-form');
  const username = element<HTMLInputElement>('login-username');
  const password = element<HTMLInputElement>('login-password');
  const otpField = element('otp-field');
  const otp = element<HTMLInputElement>('login-otp');
  const submit = element<HTMLButtonElement>('login-submit');
  const error = element('login-error');
  const capsLock = element('caps-lock-warning');

  let capsLockOn = false;
  const watchCapsLock = (event: KeyboardEvent) => {
    // Autofill fires key events without getModifierState; ignore those.
    if (typeof event.getModifierState !== 'function') return;
    const on = event.getModifierState('CapsLock');
    if (on === capsLockOn) return;
    capsLockOn = on;
    announce(capsLock, on ? CAPS_LOCK_ON : '');
  };
  for (const input of [username, password, otp]) {
    input.addEventListener('keydown', watchCapsLock);
    input.addEventListener('keyup', watchCapsLock);
  }

  const showTwoFactorField = () => {
    if (!otpField.hidden) return;
    otpField.hidden = false;
    otp.required = true;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    announce(error, '');
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    void loadNewPasswordStep().catch(() => (newPasswordStep = undefined));
    try {
      const code = otpField.hidden ? undefined : otp.value.trim();
      const { access_token } = await api.auth.accessToken(username.value.trim(), password.value, code);
      await goOnSignedIn(access_token);
    } catch (err) {
      // An answer that carries a password_change_token may be the server asking for the person's own
      // password: the step's code decides (passwordChangeTokenOf). Without that code (no connection), the
      // refusal's own words show below, as any refusal's.
      const step = carriesPasswordChangeToken(err) ? await loadNewPasswordStep().catch(() => undefined) : undefined;
      const token = step?.passwordChangeTokenOf(err);
      if (step && token) {
        const replaces = element('login-card');
        step.showNewPasswordStep({ token, replaces, username: username.value.trim(), signedIn: goOnSignedIn });
        return;
      }
      const detail = err instanceof ApiError ? err.detail : '';
      if (detail === INCORRECT_OTP) showTwoFactorField();
      announce(error, signInFailureText(err, !otpField.hidden));
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      (detail === INCORRECT_OTP ? otp : password).focus();
    }
  });

  submit.disabled = false; // ready: the button is disabled in the shell until this script runs
}

const carriesPasswordChangeToken = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 403 && !!(err.body as { password_change_token?: unknown } | undefined)?.password_change_token;

/** Stores the session and goes where this sign-in leads. */
async function goOnSignedIn(accessToken: string): Promise<void> {
  await signInWithToken(accessToken);
  // The post-registration prompt of the invitation page has done its job once the user signs in.
  removeSession(sessionKeys.registered);
  navigate(destinationAfterSignIn(), { replace: true });
}

/** The message for a refused sign-in (spec §8), given whether the two-factor field is showing. */
export function signInFailureText(err: unknown, twoFactorShowing: boolean): string {
  const detail = err instanceof ApiError ? err.detail : '';
  const credentialFailure = detail === INCORRECT_CREDENTIALS || detail === INCORRECT_OTP;
  if (credentialFailure) return twoFactorShowing ? TWO_FACTOR_REQUIRED : INCORRECT_CREDENTIALS;
  return problemText(err, INCORRECT_CREDENTIALS);
}

/** 'Forgot your password?': idle → sending → sent, or error (spec §4). */
function mountForgotPasswordDialog(): void {
  const dialog = element<HTMLDialogElement>('forgot-dialog');
  const opener = element<HTMLButtonElement>('forgot-open');
  const form = element<HTMLFormElement>('forgot-form');
  const email = element<HTMLInputElement>('forgot-email');
  const send = element<HTMLButtonElement>('forgot-send');
  const error = element('forgot-error');
  const status = element('forgot-status');
  const SEND = send.textContent ?? 'Send';
  let sending = false;

  opener.addEventListener('click', () => {
    if (!sending) {
      // Each opening starts idle; the e-mail typed before is kept.
      send.textContent = SEND;
      send.disabled = false;
      announce(error, '');
      announce(status, '');
      email.removeAttribute('aria-invalid');
    }
    openModal(dialog, opener);
    email.focus();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending || send.disabled) return;
    const address = email.value.trim();
    announce(error, '');
    if (!isEmail(address)) {
      email.setAttribute('aria-invalid', 'true');
      announce(error, INCORRECT_EMAIL);
      email.focus();
      return;
    }
    email.removeAttribute('aria-invalid');
    sending = true;
    send.disabled = true;
    send.textContent = 'Sending...';
    try {
      const answer = await api.auth.sendPasswordReset(address);
      send.textContent = 'Sent!';
      announce(status, answer.detail);
      element('forgot-close').focus(); // the send button is disabled now; keep focus inside the dialog
    } catch {
      send.textContent = SEND;
      send.disabled = false;
      email.setAttribute('aria-invalid', 'true');
      announce(error, INCORRECT_EMAIL);
    } finally {
      sending = false;
    }
  });
}
