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

/** The registration form's parts in the page (src/pages/register.astro), and where it stands. */
function registrationParts() {
  const submit = element<HTMLButtonElement>('register-submit');
  return {
    form: element<HTMLFormElement>('register-form'),
    fields: element<HTMLFieldSetElement>('register-fields'),
    fullName: element<HTMLInputElement>('register-full-name'),
    username: element<HTMLInputElement>('register-username'),
    email: element<HTMLInputElement>('register-email'),
    password: element<HTMLInputElement>('register-password'),
    retyped: element<HTMLInputElement>('register-retype-password'),
    retypeHint: element('register-retype-hint'),
    terms: element<HTMLInputElement>('register-terms'),
    submit,
    error: element('register-error'),
    status: element('register-status'),
    next: element<HTMLAnchorElement>('register-next'),
    loginLink: element('register-login-link'),
    registerText: submit.textContent ?? 'Register',
    state: 'idle' as 'idle' | 'submitting' | 'complete',
  };
}
type Registration = ReturnType<typeof registrationParts>;

const valuesOf = (page: Registration): RegistrationForm => ({
  fullName: page.fullName.value,
  username: page.username.value,
  email: page.email.value.trim(),
  password: page.password.value,
  retypedPassword: page.retyped.value,
  acceptedTerms: page.terms.checked,
});

/** Register enabled by the spec's rule (while idle), and 'Passwords do not match' under a differing retype. */
function refreshRegistration(page: Registration): void {
  const { retyped, retypeHint } = page;
  const current = valuesOf(page);
  if (page.state === 'idle') page.submit.disabled = !canRegister(current);
  const mismatch = current.retypedPassword !== '' && current.password !== current.retypedPassword;
  if ((retypeHint.textContent === PASSWORDS_DIFFER) !== mismatch) retypeHint.textContent = mismatch ? PASSWORDS_DIFFER : '';
  if (mismatch) retyped.setAttribute('aria-invalid', 'true');
  else retyped.removeAttribute('aria-invalid');
}

export function mountRegistration(): void {
  const page = registrationParts();
  const { form, submit } = page;
  const refresh = () => refreshRegistration(page);
  form.addEventListener('input', refresh);
  form.addEventListener('change', refresh);

  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault(); // implicit submission is decided here, by the spec's rule
    const current = valuesOf(page);
    if (page.state === 'idle' && canSubmitRegistrationWithEnter(current) && canRegister(current)) form.requestSubmit(submit);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void register(page);
  });

  mountTermsDialog();
  refresh(); // values the browser restored (back navigation, autofill) count at once
}

async function register(page: Registration): Promise<void> {
  const { submit, fields, next } = page;
  const current = valuesOf(page);
  if (page.state !== 'idle' || !canRegister(current)) return;
  page.state = 'submitting';
  announce(page.error, '');
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
    page.state = 'complete';
    writeSession(sessionKeys.registered, 'true');
    announce(page.status, `Submission complete! Check your email: ${current.email}`);
    const step = showNextStep(next, readSession(sessionKeys.inviteId));
    submit.hidden = true;
    page.loginLink.hidden = true;
    next.focus();
    setTimeout(() => navigate(step.href), MOVE_ON_MS);
  } catch (err) {
    page.state = 'idle';
    fields.disabled = false;
    submit.textContent = page.registerText;
    refreshRegistration(page);
    announce(page.error, registrationFailureText(err));
    submit.focus();
  }
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
