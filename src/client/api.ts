/**
 * THE API client: one typed ofetch instance for every call of the spec. Islands, elements and page
 * modules reach the server only through it. Errors arrive as `ApiError` with the server's `detail`;
 * a 'Could not validate credentials' answer is reported to the session store, which logs out.
 */
import { FetchError, ofetch } from 'ofetch';
import type {
  AccessToken,
  BuildInfo,
  CurrentUser,
  InvitationPublic,
  InviteUserBody,
  ListOf,
  LoginSession,
  OrgInvitation,
  PendingInvitation,
  RegisterBody,
  RegisteredUser,
  SetOtpBody,
  UpdateMeBody,
} from '../shared/api/accounts.ts';
import { storedToken } from './storage.ts';

export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const CREDENTIALS_ERROR = 'Could not validate credentials';
export const SUBSCRIPTION_EXPIRED = 'Organization subscription is expired';
export const INVALID_SUBSCRIPTION = 'Invalid Organization Subscription';

type ErrorListener = (error: ApiError) => void;
const listeners = new Set<ErrorListener>();

/** Hears every failed call (the session store logs out on credential errors). */
export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's detail as one line of text. */
export function detailOf(data: unknown): string | undefined {
  const detail = (data as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d) => (d as { msg?: string }).msg ?? String(d)).join('; ');
  return undefined;
}

const client = ofetch.create({
  baseURL: API_BASE,
  retry: 0,
  onRequest({ options }) {
    const token = storedToken();
    if (token && !options.headers.has('Authorization')) options.headers.set('Authorization', `Bearer ${token}`);
  },
});

type CallOptions = Omit<NonNullable<Parameters<typeof client>[1]>, 'responseType'>;

async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  try {
    return await client<T, 'json'>(path, options);
  } catch (err) {
    const error =
      err instanceof FetchError
        ? new ApiError(err.status ?? 0, detailOf(err.data) ?? (err.status ? err.statusText ?? 'Error' : 'Network error'))
        : new ApiError(0, err instanceof Error ? err.message : String(err));
    for (const listener of listeners) listener(error);
    throw error;
  }
}

const json = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) });
const form = <T>(path: string, fields: Record<string, string>) =>
  call<T>(path, { method: 'POST', body: new URLSearchParams(fields) });

export const api = {
  auth: {
    accessToken: (username: string, password: string, otp?: string) =>
      form<AccessToken>('auth/access-token', { username, password, ...(otp ? { client_secret: otp } : {}) }),
    register: (body: RegisterBody) => json<RegisteredUser>('POST', 'auth/register', body),
    activate: (token: string) => json<AccessToken>('POST', 'auth/activate', token),
    sendPasswordReset: (email: string) => form<{ detail: string }>('auth/send-password-reset', { email }),
    resetPassword: (password: string, token: string) =>
      call<{ detail: string }>('auth/reset-password', {
        method: 'POST',
        body: JSON.stringify({ password, token }),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      }),
    me: () => call<CurrentUser>('auth/me'),
    updateMe: (body: UpdateMeBody) => json<CurrentUser>('PUT', 'auth/me', body),
    sessions: () => call<ListOf<LoginSession>>('auth/me/sessions'),
    endSession: (id: string) => json<void>('DELETE', `auth/me/sessions/${encodeURIComponent(id)}`),
    setOtp: (body: SetOtpBody) => json<{ uri?: string; otp_enabled: boolean }>('POST', 'auth/set-otp', body),
    createOrg: (name: string) => json<{ id: string; name: string }>('POST', 'auth/create-org', { name }),
    selectOrg: (orgId: string) => json<CurrentUser>('POST', 'auth/select-org', orgId),
    invites: () => call<ListOf<PendingInvitation>>('auth/invites'),
    invitation: (id: string) => call<InvitationPublic>(`auth/invite/${encodeURIComponent(id)}`),
    answerInvitation: (id: string, accept: boolean) =>
      json<CurrentUser>('POST', `auth/invite/${encodeURIComponent(id)}`, accept),
    orgInvites: () => call<ListOf<OrgInvitation>>('auth/org-invites'),
  },
  users: {
    invite: (body: InviteUserBody) => json<OrgInvitation>('POST', 'users', body),
  },
  buildInfo: () => call<BuildInfo>('_build-info'),
};
