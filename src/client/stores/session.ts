/**
 * $session: who is signed in, in this page's memory. A user counts as authenticated only when this
 * in-memory state AND the stored login flag hold (spec accounts §2 guards). Actions here are the only
 * place that signs in, loads the user, switches organisation or logs out.
 */
import { atom, computed } from 'nanostores';
import type { CurrentUser, PendingInvitation } from '../../shared/api/accounts.ts';
import { api, ApiError, CREDENTIALS_ERROR, INVALID_SUBSCRIPTION, onApiError, SUBSCRIPTION_EXPIRED } from '../api.ts';
import { forgetPageData } from '../page-data.ts';
import { loginPathFrom, navigate } from '../navigation.ts';
import { clearAllStorage, hasLoginFlag, sessionKeys, storedToken, storeLogin, writeSession } from '../storage.ts';
import { $alerts, showAlert, showAlertAfterNavigation } from './alerts.ts';

export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: CurrentUser };

export const $session = atom<SessionState>({ status: 'unknown' });
export const $user = computed($session, (s) => (s.status === 'signed-in' ? s.user : null));
export const $organisation = computed($user, (u) => u?.org ?? null);
/**
 * The current organisation's id: it changes only when the organisation does (chosen in the picker,
 * created, switched), so every view that depends on the organisation subscribes to it and loads again.
 */
export const $organisationId = computed($organisation, (org) => org?.id ?? null);

function remember(user: CurrentUser): CurrentUser {
  // Another organisation than the page's reads were made for: they are no longer the user's (issue #43).
  const before = $session.get();
  if (before.status === 'signed-in' && before.user.org?.id !== user.org?.id) forgetPageData();
  writeSession(sessionKeys.isOrgAdmin, String(user.is_org_admin));
  writeSession(sessionKeys.username, user.username);
  writeSession(sessionKeys.email, user.email);
  writeSession(sessionKeys.fullName, user.full_name);
  $session.set({ status: 'signed-in', user });
  return user;
}

/** Loads the signed-in user from the stored token; signed-out when there is none or it is refused. */
export async function loadUser(): Promise<CurrentUser | null> {
  if (!hasLoginFlag() || !storedToken()) {
    $session.set({ status: 'signed-out' });
    return null;
  }
  try {
    return remember(await api.auth.me('me')); // the page's first read (its page data)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null; // the listener below logs out
    throw err;
  }
}

/** Stores a fresh token (sign-in, activation) and loads the user it belongs to. */
export async function signInWithToken(token: string): Promise<CurrentUser> {
  storeLogin(token);
  return remember(await api.auth.me());
}

export async function selectOrganisation(orgId: string): Promise<CurrentUser> {
  return remember(await api.auth.selectOrg(orgId));
}

export async function createOrganisation(name: string): Promise<CurrentUser> {
  await api.auth.createOrg(name);
  return remember(await api.auth.me());
}

/**
 * Answers an invitation (POST auth/invite/{id}: true accepts, false declines). Accepting makes its
 * organisation the session's current one (the server does so only when none was: then select-org, as the
 * picker does), so $organisationId and every view that follows it move to the new organisation.
 */
export async function answerInvitation(invitation: Pick<PendingInvitation, 'id' | 'org_id'>, accept: boolean): Promise<CurrentUser> {
  const user = remember(await api.auth.answerInvitation(invitation.id, accept)); // joined, even if the switch fails
  return accept && user.org?.id !== invitation.org_id ? selectOrganisation(invitation.org_id) : user;
}

export async function refreshUser(): Promise<CurrentUser> {
  return remember(await api.auth.me());
}

/** How long Logout waits for the server to end the session before leaving the page anyway. */
export const LOGOUT_WAIT_MS = 1500;

export interface LogoutOptions {
  /** Shown on the sign-in page. */
  alert?: string;
  /** The page to come back to after signing in again. */
  returnTo?: string;
  /** The server has ended (or refused) the session already: nothing to tell it. */
  sessionEnded?: boolean;
}

/**
 * Clears session and local storage, token and login flag at once (so nothing can keep the user signed
 * in), asks the server to end the session (POST auth/logout), then goes to /login — as soon as the
 * server has answered, or after LOGOUT_WAIT_MS at the latest: the request is sent with keepalive, so it
 * is finished even when the page is left first. A failure is only logged.
 */
export function logout(options: LogoutOptions = {}): void {
  const token = storedToken();
  clearAllStorage();
  $session.set({ status: 'signed-out' });
  if (options.alert) showAlertAfterNavigation('warning', options.alert);
  const leave = () => navigate(options.returnTo ? loginPathFrom(options.returnTo) : '/login');
  if (!token || options.sessionEnded) return leave();
  const ended = api.auth.logout(token).catch((err: unknown) => console.warn('The server did not end the session:', err));
  const waited = new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS));
  void Promise.race([ended, waited]).then(leave);
}

/**
 * The pages an expired organisation keeps (its API answers there: auth/me, account settings, billing/*):
 * a 402 of their chrome (drawer, bell) does not send them to /billing — the success page must still say
 * 'Purchase Successful!' while Stripe's webhook is on its way, and the billing page must not reload itself.
 */
const OPEN_WHEN_EXPIRED = new Set(['/billing', '/billing/success', '/billing/cancel', '/account-settings']);

/** Shows a warning unless the same one is on screen already (several reads of one page refused alike). */
function warnOnce(message: string): void {
  if (!$alerts.get().some((a) => a.message === message)) showAlert('warning', message);
}

let listening = false;
let leavingForBilling = false;
/** Spec accounts §8: credential errors log out; subscription problems warn or send to /billing. */
export function handleSessionErrors(): void {
  if (listening) return;
  listening = true;
  onApiError((error) => {
    if (error.detail === CREDENTIALS_ERROR && hasLoginFlag()) {
      logout({ alert: CREDENTIALS_ERROR, returnTo: location.pathname + location.search, sessionEnded: true });
    } else if (error.detail === SUBSCRIPTION_EXPIRED) {
      const path = location.pathname.replace(/\/+$/, '');
      // /billing shows the detail as its own warning box: one message, not also an alert (issue #32).
      if (path === '/billing') return;
      if (!OPEN_WHEN_EXPIRED.has(path)) {
        // Once: several reads of the page are refused alike, and a second navigation would abort the first.
        if (leavingForBilling) return;
        leavingForBilling = true;
        navigate('/billing');
      } else warnOnce(error.detail);
    } else if (error.detail === INVALID_SUBSCRIPTION) {
      warnOnce(`There was a problem, please contact your administrator: ${error.detail}`);
    }
  });
}
