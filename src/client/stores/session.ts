/**
 * $session: who is signed in, in this page's memory. A user counts as authenticated only when this
 * in-memory state AND the stored login flag hold (spec accounts §2 guards). Actions here are the only
 * place that signs in, loads the user, switches organisation or logs out.
 */
import { atom, computed } from 'nanostores';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { api, ApiError, CREDENTIALS_ERROR, INVALID_SUBSCRIPTION, onApiError, SUBSCRIPTION_EXPIRED } from '../api.ts';
import { loginPathFrom, navigate } from '../navigation.ts';
import { clearAllStorage, hasLoginFlag, sessionKeys, storedToken, storeLogin, writeSession } from '../storage.ts';
import { showAlert, showAlertAfterNavigation } from './alerts.ts';

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

export function isAuthenticated(): boolean {
  return $session.get().status === 'signed-in' && hasLoginFlag() && storedToken() !== null;
}

function remember(user: CurrentUser): CurrentUser {
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
    return remember(await api.auth.me());
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

export async function refreshUser(): Promise<CurrentUser> {
  return remember(await api.auth.me());
}

/** Clears session and local storage, token and login flag, then goes to /login. */
export function logout(options: { alert?: string; returnTo?: string } = {}): void {
  clearAllStorage();
  $session.set({ status: 'signed-out' });
  if (options.alert) showAlertAfterNavigation('warning', options.alert);
  navigate(options.returnTo ? loginPathFrom(options.returnTo) : '/login');
}

let listening = false;
/** Spec accounts §8: credential errors log out; subscription problems warn or send to /billing. */
export function handleSessionErrors(): void {
  if (listening) return;
  listening = true;
  onApiError((error) => {
    if (error.detail === CREDENTIALS_ERROR && hasLoginFlag()) {
      logout({ alert: CREDENTIALS_ERROR, returnTo: location.pathname + location.search });
    } else if (error.detail === SUBSCRIPTION_EXPIRED) {
      if (location.pathname !== '/billing') {
        showAlertAfterNavigation('warning', error.detail);
        navigate('/billing');
      } else showAlert('warning', error.detail);
    } else if (error.detail === INVALID_SUBSCRIPTION) {
      showAlert('warning', `There was a problem, please contact your administrator: ${error.detail}`);
    }
  });
}
