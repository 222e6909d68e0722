/**
 * Test accounts made over the HTTP API, the way a person makes them: register → the activation link
 * from the outbox → activate → access token; then organisations, invitations, two-factor.
 * Use these to set the stage quickly; the journeys under test go through the screens instead.
 */
import { randomBytes } from 'node:crypto';
import { URI, type TOTP } from 'otpauth';
import { baseUrl } from './environment.ts';
import { activationLink, invitationLink, linkParam } from './outbox.ts';

export interface NewAccount {
  username: string;
  email: string;
  full_name: string;
  password: string;
}

export interface Account extends NewAccount {
  /** The bearer token of a login session of this account. */
  token: string;
}

export interface Organisation {
  id: string;
  name: string;
}

export interface OrgAdmin extends Account {
  org: Organisation;
}

/** An error answer of the API, with its status and body. */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} /api/v1/${path} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export interface CallOptions {
  method?: string;
  token?: string;
  /** A JSON body (any JSON value, as the API conventions allow bare values). */
  json?: unknown;
  /** A form-encoded body (sign-in, reset request). */
  form?: Record<string, string>;
}

/** Calls `/api/v1/{path}` and returns the parsed JSON answer; a non-2xx answer throws an ApiError. */
export async function callApi<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${baseUrl()}/api/v1/${path.replace(/^\/+/, '')}`, { method, headers, body });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : safeJson(text);
  if (!response.ok) throw new ApiError(method, path, response.status, parsed);
  return parsed as T;
}

/** A fresh, unique identity (nothing is sent): `prefix` shows in the username and e-mail. */
export function newIdentity(prefix = 'user', overrides: Partial<NewAccount> = {}): NewAccount {
  const unique = `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toLowerCase();
  return {
    username: unique,
    email: `${unique}@example.test`,
    full_name: `${capitalise(prefix)} Tester`,
    password: `Pw-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

/** Registers an account (still inactive; the activation mail is in the outbox). */
export async function registerAccount(identity: NewAccount = newIdentity()): Promise<NewAccount> {
  await callApi('auth/register', { json: identity });
  return identity;
}

/** Activates a registered account with the token of its activation mail; returns the access token. */
export async function activateAccount(email: string): Promise<string> {
  const token = linkParam(await activationLink(email), 'token');
  const answer = await callApi<{ access_token: string }>('auth/activate', { json: token });
  return answer.access_token;
}

/** Registers and activates a new account: ready to sign in, member of no organisation yet. */
export async function createAccount(prefix = 'user', overrides: Partial<NewAccount> = {}): Promise<Account> {
  const identity = await registerAccount(newIdentity(prefix, overrides));
  return { ...identity, token: await activateAccount(identity.email) };
}

/** Signs in over the API (form-encoded, as the sign-in screen does); `otp` is the two-factor code. */
export async function signInOverApi(username: string, password: string, otp?: string): Promise<string> {
  const form: Record<string, string> = { username, password };
  if (otp !== undefined) form.client_secret = otp;
  return (await callApi<{ access_token: string }>('auth/access-token', { form })).access_token;
}

/** Creates an organisation; its creator becomes its org admin and it becomes current for that token's session. */
export async function createOrganisation(token: string, name = `Org ${randomBytes(3).toString('hex')}`): Promise<Organisation> {
  return callApi<Organisation>('auth/create-org', { token, json: { name } });
}

/** A new account that has created (and so administers) a new organisation. */
export async function createOrgAdmin(prefix = 'admin', orgName?: string): Promise<OrgAdmin> {
  const account = await createAccount(prefix);
  return { ...account, org: await createOrganisation(account.token, orgName) };
}

/** A role as the API answers it. */
export interface Role {
  id: string;
  name: string;
  description: string;
  list_filterable: boolean;
}

/** An org admin creates a role in their organisation (POST roles); returns it. */
export async function createRole(admin: OrgAdmin, name: string, fields: { description?: string; list_filterable?: boolean } = {}): Promise<Role> {
  return callApi<Role>('roles', { token: admin.token, json: { name, ...fields } });
}

/** A member of the admin's organisation as `GET users/{id}` answers it, with what they sign in with. */
export interface Member {
  id: string;
  user_account: { username: string; email: string; full_name: string };
  is_org_admin: boolean;
  roles: { id: string; name: string }[];
  username: string;
  password: string;
  email: string;
}

/** An org admin creates a member directly (POST users/: active, no mail), holding `roles`. */
export async function createMember(admin: OrgAdmin, prefix = 'member', roles: readonly { id: string }[] = []): Promise<Member> {
  const who = newIdentity(prefix);
  const created = await callApi<Omit<Member, 'username' | 'password' | 'email'>>('users/', {
    token: admin.token,
    json: { username: who.username, email: who.email, full_name: who.full_name, password: who.password, roles: roles.map((r) => r.id) },
  });
  return { ...created, username: who.username, password: who.password, email: who.email };
}

/**
 * An org admin invites `email` (POST users) with the roles whose ids are given (the invitee holds them
 * once they accept); returns the invitation id from the mailed link.
 */
export async function inviteByEmail(adminToken: string, email: string, roles: string[] = []): Promise<string> {
  await callApi('users', { token: adminToken, json: { email, roles } });
  const link = await invitationLink(email);
  return new URL(link).pathname.split('/').at(-1)!;
}

/**
 * Turns two-factor authentication on for the token's account: asks for the otpauth URI, confirms it
 * with a code, and returns the authenticator, which gives the codes for sign-in.
 */
export async function enableTwoFactor(token: string): Promise<Authenticator> {
  const { uri } = await callApi<{ uri: string }>('auth/set-otp', { token, json: { enabled: true } });
  const authenticator = new Authenticator(uri);
  await callApi('auth/set-otp', { token, json: { enabled: true, verify_otp: authenticator.nextCode() } });
  return authenticator;
}

/**
 * A phone authenticator for an otpauth URI. The server accepts each time step once and one step
 * either side of now, so `nextCode()` gives the code of the next step not yet used: the current one
 * first, then the one after it (fine for two codes within 30 s; more would need waiting).
 */
export class Authenticator {
  private readonly totp: TOTP;
  private lastStep = -Infinity;

  constructor(readonly uri: string) {
    const parsed = URI.parse(uri);
    if (!('period' in parsed)) throw new Error(`${uri} is not a TOTP URI`);
    this.totp = parsed;
  }

  /** The base32 secret (what a person would type into an authenticator app). */
  get secret(): string {
    return this.totp.secret.base32;
  }

  nextCode(now = Date.now()): string {
    const period = this.totp.period * 1000;
    const step = Math.max(Math.floor(now / period), this.lastStep + 1);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * period });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
