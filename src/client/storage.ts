/**
 * Browser storage, exactly the keys of spec accounts §3: local storage holds the login flag and the
 * token; session storage holds is_org_admin, username, email, full_name, inviteID and the registered
 * flag. Logout clears all of it.
 */

export const localKeys = { loggedIn: 'loggedIn', token: 'token' } as const;
export const sessionKeys = {
  isOrgAdmin: 'is_org_admin',
  username: 'username',
  email: 'email',
  fullName: 'full_name',
  inviteId: 'inviteID',
  registered: 'registered',
} as const;

type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage disabled (private mode, sandboxed frame)
  }
}

export const storedToken = (): string | null => safe(() => localStorage.getItem(localKeys.token), null);
export const hasLoginFlag = (): boolean => safe(() => localStorage.getItem(localKeys.loggedIn) === 'true', false);

export function storeLogin(token: string): void {
  safe(() => {
    localStorage.setItem(localKeys.token, token);
    localStorage.setItem(localKeys.loggedIn, 'true');
  }, undefined);
}

export const readSession = (key: SessionKey): string | null => safe(() => sessionStorage.getItem(key), null);
export const writeSession = (key: SessionKey, value: string): void =>
  safe(() => sessionStorage.setItem(key, value), undefined);
export const removeSession = (key: SessionKey): void => safe(() => sessionStorage.removeItem(key), undefined);

/** Logout: every key of both storages goes. */
export function clearAllStorage(): void {
  safe(() => {
    localStorage.clear();
    sessionStorage.clear();
  }, undefined);
}
