/**
 * Account Settings (spec accounts §2): the avatar chooser (./avatar-chooser.ts), the profile form (full name, username, e-mail; Save Changes
 * returns to /; a new e-mail address waits for the confirmation link mailed to it, shown under the
 * field with Cancel Change), the active-sessions dialog (each session can be ended; ending this one logs out) and
 * the two-factor dialog (enable: QR code of the otpauth URI plus the key, then a 6-digit code;
 * disable: a code). The QR library is loaded only when the enabling dialog opens. The API Tokens card
 * (issue #34) is ./api-tokens.ts; Delete my account (issue #47) is ./delete-account.ts.
 */
import type { CurrentUser, LoginSession } from '../../shared/api/accounts.ts';
import { isOtpCode } from '../../shared/validation.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { navigate } from '../../client/navigation.ts';
import { openModal } from '../../client/dom.ts';
import { showAlert, showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { $user, logout, refreshUser } from '../../client/stores/session.ts';
import { mountApiTokens } from './api-tokens.ts';
import { mountAvatarChooser } from './avatar-chooser.ts';
import { mountDeleteAccount } from './delete-account.ts';

const NO_DEVICES = 'No Devices Found';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
/** After 'Something went wrong: ' when the failure has no words of its own. */
const TRY_AGAIN = 'please try again';

export async function mountAccountSettings(): Promise<void> {
  const user = await signedInUser();
  mountProfileForm(user);
  mountAvatarChooser();
  mountSessionsDialog();
  mountTwoFactorDialog();
  mountApiTokens(user);
  mountDeleteAccount(user);
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────────────

function mountProfileForm(user: CurrentUser): void {
  const form = byId<HTMLFormElement>('account-form');
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const error = byId('account-error');
  const save = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  field('full_name').value = user.full_name;
  field('username').value = user.username;
  field('email').value = user.email;
  mountPendingEmail();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    save.disabled = true;
    error.hidden = true;
    const email = field('email').value.trim();
    try {
      const saved = await api.auth.updateMe({
        full_name: field('full_name').value.trim(),
        username: field('username').value.trim(),
        email,
      });
      await refreshUser();
      if (saved.pending_email && saved.pending_email === email.toLowerCase()) {
        showAlertAfterNavigation('success', `${confirmationSent(saved.pending_email)} ${CHANGES_WHEN_CONFIRMED}`);
      }
      navigate('/');
    } catch (err) {
      error.textContent = problemText(err, SOMETHING_WENT_WRONG);
      error.hidden = false;
      save.disabled = false;
    }
  });
}

const confirmationSent = (email: string) => `A confirmation was sent to ${email}.`;
const CHANGES_WHEN_CONFIRMED = 'Your e-mail address changes when you open the link in it.';

/** The e-mail change waiting for its confirmation, under the Email field, with Cancel Change. */
function mountPendingEmail(): void {
  const box = byId('account-pending-email');
  const text = byId('account-pending-email-text');
  const cancel = byId<HTMLButtonElement>('account-pending-email-cancel');
  $user.subscribe((user) => {
    const pending = user?.pending_email ?? null;
    box.hidden = pending === null;
    text.textContent = pending === null ? '' : `${confirmationSent(pending)} ${CHANGES_WHEN_CONFIRMED}`;
  });
  cancel.addEventListener('click', async () => {
    cancel.disabled = true;
    try {
      await api.auth.cancelEmailChange();
      await refreshUser();
      showAlert('success', 'The e-mail address change was cancelled.');
      byId('account-email').focus();
    } catch (err) {
      showAlert('error', `Something went wrong: ${problemText(err, TRY_AGAIN)}`);
    } finally {
      cancel.disabled = false;
    }
  });
}

// ── Active sessions ──────────────────────────────────────────────────────────────────────────────

/** "Chrome on Windows" from a user agent; the agent itself when it is not recognised. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browsers: [RegExp, string][] = [
    [/Edg(A|iOS)?\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPod/, 'iOS'],
    [/iPad/, 'iPadOS'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 80);
}

function mountSessionsDialog(): void {
  const dialog = byId<HTMLDialogElement>('sessions-dialog');
  const opener = byId('sessions-open');
  const list = byId('sessions-list');
  const status = byId('sessions-status');

  async function load(): Promise<void> {
    status.textContent = 'Loading…';
    try {
      render((await api.auth.sessions()).results);
    } catch (err) {
      list.replaceChildren();
      status.textContent = `Something went wrong: ${problemText(err, TRY_AGAIN)}`;
    }
  }

  function render(sessions: LoginSession[]): void {
    status.textContent = sessions.length === 0 ? NO_DEVICES : '';
    list.replaceChildren(...sessions.map(sessionItem));
  }

  function sessionItem(session: LoginSession): HTMLLIElement {
    const device = describeDevice(session.user_agent);
    const item = document.createElement('li');
    item.className = 'session';
    const about = document.createElement('div');
    const name = document.createElement('p');
    name.className = 'session-device';
    name.textContent = device;
    if (session.is_current) {
      const badge = document.createElement('span');
      badge.className = 'session-current';
      badge.textContent = 'This device';
      name.append(' ', badge);
    }
    const meta = document.createElement('p');
    meta.className = 'session-meta';
    meta.append(
      `IP address ${session.ip_address ?? 'unknown'} · Last access `,
      timeElement(session.last_accessed_at, formatDateTime(session.last_accessed_at)),
    );
    // When it began and when it ends (the spec's Session: created_at, expiry; issue #32).
    const span = document.createElement('p');
    span.className = 'session-meta';
    span.append('Signed in ', timeElement(session.created_at, formatDateTime(session.created_at)), ' · Expires ', timeElement(session.expiry, formatDateTime(session.expiry)));
    about.append(name, meta, span);
    const end = document.createElement('button');
    end.type = 'button';
    end.className = 'button secondary';
    end.textContent = 'End session';
    end.setAttribute('aria-label', `End session: ${device}${session.is_current ? ' (this device)' : `, ${session.ip_address ?? ''}`}`);
    end.addEventListener('click', async () => {
      end.disabled = true;
      try {
        await api.auth.endSession(session.id);
        if (session.is_current) return logout({ sessionEnded: true });
        const next = item.nextElementSibling?.querySelector('button') ?? dialog.querySelector<HTMLElement>('[data-close]');
        item.remove();
        next?.focus();
        if (list.children.length === 0) status.textContent = NO_DEVICES;
      } catch (err) {
        end.disabled = false;
        status.textContent = `Something went wrong: ${problemText(err, TRY_AGAIN)}`;
      }
    });
    item.append(about, end);
    return item;
  }

  opener.addEventListener('click', () => {
    list.replaceChildren();
    openModal(dialog, opener);
    void load();
  });
}

// ── Two-factor authentication ────────────────────────────────────────────────────────────────────

/** The base32 secret of an otpauth URI, in groups of four for reading aloud or typing. */
export function secretOfUri(uri: string): string {
  try {
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})(?=.)/g, '$1 ');
  } catch {
    return '';
  }
}

async function drawQrCode(container: HTMLElement, uri: string): Promise<void> {
  const { default: QRCodeStyling } = await import('qr-code-styling');
  const qr = new QRCodeStyling({
    type: 'svg',
    width: 200,
    height: 200,
    margin: 8,
    data: uri,
    qrOptions: { errorCorrectionLevel: 'M' },
    dotsOptions: { color: '#1a2238', type: 'square' },
    backgroundOptions: { color: '#ffffff' },
  });
  container.replaceChildren();
  qr.append(container);
}

/** The Two-Factor Authentication dialog's parts in the page (src/pages/account-settings.astro). */
function twoFactorParts() {
  return {
    dialog: byId<HTMLDialogElement>('otp-dialog'),
    opener: byId<HTMLButtonElement>('otp-open'),
    title: byId('otp-title'),
    enableSteps: byId('otp-enable-steps'),
    disableIntro: byId('otp-disable-intro'),
    qr: byId('otp-qr'),
    secret: byId('otp-secret'),
    form: byId<HTMLFormElement>('otp-form'),
    code: byId<HTMLInputElement>('otp-code'),
    submit: byId<HTMLButtonElement>('otp-submit'),
    error: byId('otp-error'),
    statusText: byId('otp-status'),
  };
}
type TwoFactorParts = ReturnType<typeof twoFactorParts>;

/** The dialog's state: enabling (else disabling), ready (enabling: the server has answered with the URI), sending. */
interface TwoFactorState {
  enabling: boolean;
  ready: boolean;
  sending: boolean;
}

const updateOtpSubmit = ({ submit, code }: TwoFactorParts, state: TwoFactorState) =>
  (submit.disabled = state.sending || !state.ready || !isOtpCode(code.value));

function showOtpError({ error }: TwoFactorParts, message: string): void {
  error.textContent = message;
  error.hidden = false;
}

function mountTwoFactorDialog(): void {
  const parts = twoFactorParts();
  const { opener, code, error, form } = parts;
  const state: TwoFactorState = { enabling: false, ready: false, sending: false };

  $user.subscribe((user) => {
    if (!user) return;
    parts.statusText.textContent = user.otp_enabled ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.';
    opener.textContent = user.otp_enabled ? 'Disable Two-Factor Authentication' : 'Enable Two-Factor Authentication';
  });

  opener.addEventListener('click', () => openTwoFactor(parts, state));

  code.addEventListener('input', () => {
    code.value = code.value.replace(/\D/g, '').slice(0, 6);
    error.hidden = true;
    updateOtpSubmit(parts, state);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void sendOtpCode(parts, state);
  });
}

/** Opens the dialog to enable (asking the server for the QR code) or to disable. */
function openTwoFactor(parts: TwoFactorParts, state: TwoFactorState): void {
  const { submit, qr } = parts;
  const enabling = !$user.get()?.otp_enabled;
  state.enabling = enabling;
  parts.title.textContent = enabling ? 'Enable Two-Factor Authentication' : 'Disable Two-Factor Authentication';
  submit.textContent = enabling ? 'Verify' : 'Disable';
  parts.enableSteps.hidden = !enabling;
  parts.disableIntro.hidden = enabling;
  parts.error.hidden = true;
  parts.code.value = '';
  parts.secret.textContent = '';
  qr.replaceChildren();
  state.ready = !enabling;
  updateOtpSubmit(parts, state);
  openModal(parts.dialog, parts.opener);
  if (enabling) void startEnabling(parts, state);
}

async function startEnabling(parts: TwoFactorParts, state: TwoFactorState): Promise<void> {
  const { qr } = parts;
  try {
    const { uri } = await api.auth.setOtp({ enabled: true });
    if (!uri) throw new Error('The server sent no QR code');
    parts.secret.textContent = secretOfUri(uri);
    qr.setAttribute('aria-label', 'QR code for your authenticator app');
    await drawQrCode(qr, uri);
    state.ready = true;
    updateOtpSubmit(parts, state);
  } catch (err) {
    qr.replaceChildren();
    showOtpError(parts, problemText(err, SOMETHING_WENT_WRONG));
  }
}

/** Verify (enabling) or Disable: sends the code, then refreshes the user. */
async function sendOtpCode(parts: TwoFactorParts, state: TwoFactorState): Promise<void> {
  if (parts.submit.disabled) return;
  state.sending = true;
  updateOtpSubmit(parts, state);
  parts.error.hidden = true;
  try {
    await api.auth.setOtp({ enabled: state.enabling, verify_otp: parts.code.value });
    await refreshUser();
    parts.dialog.close();
    showAlert('success', state.enabling ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.');
  } catch (err) {
    showOtpError(parts, problemText(err, SOMETHING_WENT_WRONG));
    parts.code.select();
  } finally {
    state.sending = false;
    updateOtpSubmit(parts, state);
  }
}
