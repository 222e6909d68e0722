/**
 * Registration page (/register, spec accounts §2 "Registration", §4, §5, §8).
 *
 * - Register stays disabled unless canRegister(); Enter in the form submits when
 *   canSubmitRegistrationWithEnter() holds and Register is enabled.
 * - Submitting: 'Submitting Registration...'; complete: 'Submission complete! Check your email: {email}'
 *   and the session-stored registered flag is set. Then the page moves on as the spec says (issue #32):
 *   to the stored invitation, otherwise to `/` (which, signed out, asks to sign in) — once the message has
 *   shown for MOVE_ON_MS, long enough to be read (issue 9: a pause too short hid it). Meanwhile the
 *   Register button gives way to a link to the same place — 'Back to the Invitation' when one is stored,
 *   else 'Log In' — which takes the focus, so nobody has to wait.
 * - Failure: the server's detail (or 'Something went wrong...') above a re-enabled Register button.
 */
import { canRegister, canSubmitRegistrationWithEnter, type RegistrationForm } from '../../shared/validation.ts';
import { api, problemText } from '../../client/api.ts';
import type { BillingSettings } from '../../shared/api/accounts.ts';
import { readSession, sessionKeys, writeSession } from '../../client/storage.ts';
import { announce, element, openModal } from '../../client/dom.ts';
import { navigate } from '../../client/navigation.ts';

/** How long 'Submission complete! …' shows before the page moves on by itself. */
export const MOVE_ON_MS = 6_000;

export const REGISTRATION_FAILED = 'Something went wrong...';
const PASSWORDS_DIFFER = 'Passwords do not match';

export function mountRegistration(): void {
  const form = element<HTMLFormElement>('register-form');
  const fields = element<HTMLFieldSetElement>('register-fields');
  const fullName = element<HTMLInputElement>('register-full-name');
  const username = element<HTMLInputElement>('register-username');
  const email = element<HTMLInputElement>('register-email');
  const password = element<HTMLInputElement>('register-password');
  const retyped = element<HTMLInputElement>('register-retype-password');
  const retypeHint = element('register-retype-hint');
  const terms = element<HTMLInputElement>('register-terms');
  const submit = element<HTMLButtonElement>('register-submit');
  const error = element('register-error');
  const status = element('register-status');
  const next = element<HTMLAnchorElement>('register-next');
  const loginLink = element('register-login-link');
  const REGISTER = submit.textContent ?? 'Register';
  let state: 'idle' | 'submitting' | 'complete' = 'idle';

  const values = (): RegistrationForm => ({
    fullName: fullName.value,
    username: username.value,
    email: email.value.trim(),
    password: password.value,
    retypedPassword: retyped.value,
    acceptedTerms: terms.checked,
  });

  const refresh = () => {
    const current = values();
    if (state === 'idle') submit.disabled = !canRegister(current);
    const mismatch = current.retypedPassword !== '' && current.password !== current.retypedPassword;
    if ((retypeHint.textContent === PASSWORDS_DIFFER) !== mismatch) retypeHint.textContent = mismatch ? PASSWORDS_DIFFER : '';
    if (mismatch) retyped.setAttribute('aria-invalid', 'true');
    else retyped.removeAttribute('aria-invalid');
  };
  form.addEventListener('input', refresh);
  form.addEventListener('change', refresh);

  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault(); // implicit submission is decided here, by the spec's rule
    const current = values();
    if (state === 'idle' && canSubmitRegistrationWithEnter(current) && canRegister(current)) form.requestSubmit(submit);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const current = values();
    if (state !== 'idle' || !canRegister(current)) return;
    state = 'submitting';
    announce(error, '');
    submit.disabled = true;
    submit.textContent = 'Submitting Registration...';
    fields.disabled = true;
    try {
      await api.auth.register({
        full_name: current.fullName.trim(),
        username: current.username.trim(),
        email: current.email,
        password: current.password,
      });
      state = 'complete';
      writeSession(sessionKeys.registered, 'true');
      announce(status, `Submission complete! Check your email: ${current.email}`);
      const step = showNextStep(next, readSession(sessionKeys.inviteId));
      submit.hidden = true;
      loginLink.hidden = true;
      next.focus();
      setTimeout(() => navigate(step.href), MOVE_ON_MS);
    } catch (err) {
      state = 'idle';
      fields.disabled = false;
      submit.textContent = REGISTER;
      refresh();
      announce(error, registrationFailureText(err));
      submit.focus();
    }
  });

  mountTermsDialog();
  refresh(); // values the browser restored (back navigation, autofill) count at once
}

/** Where the user goes after registering (the spec): back to the stored invitation, or to `/` (sign in, as they are signed out). */
export function nextStep(inviteId: string | null): { href: string; text: string } {
  return inviteId
    ? { href: `/invitation/${encodeURIComponent(inviteId)}`, text: 'Back to the Invitation' }
    : { href: '/', text: 'Log In' };
}

function showNextStep(link: HTMLAnchorElement, inviteId: string | null): { href: string; text: string } {
  const step = nextStep(inviteId);
  link.href = step.href;
  link.textContent = step.text;
  link.hidden = false;
  return step;
}

/** The server's detail, or 'Something went wrong...' when there is none. */
export function registrationFailureText(err: unknown): string {
  return problemText(err, REGISTRATION_FAILED);
}

function mountTermsDialog(): void {
  const dialog = element<HTMLDialogElement>('terms-dialog');
  const opener = element<HTMLButtonElement>('terms-open');
  const body = element('terms-body');
  opener.addEventListener('click', () => {
    // The text waits in a <template> until the first opening (TermsDialog.astro).
    const text = body.querySelector('template');
    if (text) {
      body.replaceChildren(text.content);
      fillTrialTerms(body.querySelector<HTMLElement>('[data-trial-terms]'));
    }
    openModal(dialog, opener);
    body.scrollTop = 0;
    body.focus(); // the scrolling text takes the arrow keys at once; Tab reaches Close
  });
}

/**
 * The terms' free-trial clause as this server runs billing (`_build-info`, issue #32): TRIAL_DAYS when
 * billing is on, no trial when payments are not set up. Until the answer is in, the clause names no number.
 */
function fillTrialTerms(clause: HTMLElement | null): void {
  if (!clause) return;
  api.buildInfo().then(
    (info) => (clause.textContent = trialTerms(info.billing)),
    (err: unknown) => console.warn('The server did not say how billing runs:', err),
  );
}

export function trialTerms(billing: BillingSettings): string {
  if (!billing.enabled) return 'Payments are not set up on this server: organisations are not billed, and there is no free trial.';
  if (billing.trial_days === 0) {
    return 'A new organisation gets no free trial: its subscription is billed automatically every month from when the organisation is created, until it is cancelled.';
  }
  const days = billing.trial_days === 1 ? '1 day' : `${billing.trial_days} days`;
  return `A new organisation gets a free trial of ${days}, starting when the organisation is created. When the trial ends, the subscription is billed automatically every month until it is cancelled.`;
}
