/**
 * Factories: people, organisations, invitations and roles made through the API the way a user makes them
 * (register → activation mail → activate; create-org; POST users → invitation mail → accept; POST roles), and
 * users made directly for the admin area. Part of THE test-data module (../factories.ts), which re-exports it.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as paths from '../../../../src/shared/api/paths.ts';
import { uuidv7 } from '../../../../src/shared/ids.ts';
import { organisations, roles, users } from '../../../../src/server/db/schema.ts';
import type { TestServer } from '../harness.ts';
import type { ApiClient, ApiResponse } from '../http.ts';
import type { Mail } from '../mail.ts';

let sequence = 0;

/** A name no other test in the run uses: letters, digits and underscores only. */
export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}_${process.pid.toString(36)}${Date.now().toString(36)}${sequence}`;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface Registration {
  username: string;
  email: string;
  full_name: string;
  password: string;
}

export interface TestUser extends Registration {
  id: string;
  /** The bearer token of the login session opened by activation or sign-in. */
  token: string;
  /** An API client signed in with `token`. */
  api: ApiClient;
}

export interface TestOrg {
  id: string;
  name: string;
}

export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const username = overrides.username ?? uniqueName();
  return {
    username,
    email: overrides.email ?? `${username.toLowerCase()}@example.com`,
    full_name: overrides.full_name ?? `Test ${username}`,
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
}

/** POST auth/register; expects 201. The answer names no account (issue 28): its id is read from the database. */
export async function register(server: TestServer, overrides: Partial<Registration> = {}) {
  const registration = newRegistration(overrides);
  const res = await server.client().post(paths.auth.register, registration);
  expect(res.status, res.text).toBe(201);
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, registration.email.trim().toLowerCase()));
  if (!row) throw new Error(`no account for ${registration.email}`);
  return { registration, id: row.id };
}

/** The token of a link in the newest mail to `email` whose address contains `path`. */
export async function tokenFromMail(server: TestServer, email: string, path: string): Promise<string> {
  const mail = await server.outbox.last(email);
  return tokenFromLink(linkIn(mail, path));
}

export function linkIn(mail: Mail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Registers, follows the activation link from the outbox, and returns the signed-in user. */
export async function registerAndActivate(server: TestServer, overrides: Partial<Registration> = {}): Promise<TestUser> {
  const { registration, id } = await register(server, overrides);
  const token = await tokenFromMail(server, registration.email, '/auth/activate');
  const res = await server.client().post(paths.auth.activate, token);
  expect(res.status, res.text).toBe(200);
  const accessToken = res.body.access_token as string;
  return { ...registration, id, token: accessToken, api: server.client(accessToken) };
}

/** POST auth/access-token (form-encoded). */
export function requestAccessToken(
  server: TestServer,
  username: string,
  password: string,
  clientSecret?: string,
): Promise<ApiResponse> {
  return server.client().postForm(paths.auth.accessToken, {
    username,
    password,
    ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
  });
}

/** Signs in again (a new login session); returns the user with the new token. */
export async function signIn(server: TestServer, user: Registration & { id: string }, clientSecret?: string): Promise<TestUser> {
  const res = await requestAccessToken(server, user.username, user.password, clientSecret);
  expect(res.status, res.text).toBe(200);
  const token = res.body.access_token as string;
  return { ...user, token, api: server.client(token) };
}

/** POST auth/create-org as `user`; the organisation becomes current for the user's session. */
export async function createOrg(user: TestUser, name = uniqueName('Org')): Promise<TestOrg> {
  const res = await user.api.post(paths.auth.createOrg, { name });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as string, name };
}

/** A new user who has created (and so administers) a new organisation. */
export async function orgWithAdmin(server: TestServer, overrides: Partial<Registration> = {}) {
  const admin = await registerAndActivate(server, overrides);
  const org = await createOrg(admin);
  return { admin, org };
}

/** POST users {email, roles} as an org admin; returns the invitation id and the e-mailed link. */
export async function invite(server: TestServer, admin: TestUser, email: string, roleIds: string[] = []) {
  const res = await admin.api.post(paths.users.list, { email, roles: roleIds });
  expect(res.status, res.text).toBe(201);
  const mail = await server.outbox.last(email);
  const id = res.body.id as string;
  return { id, invitation: res.body, mail, link: linkIn(mail, `/invitation/${id}`) };
}

/** A new user who joined the admin's current organisation through an accepted invitation. */
export async function memberOf(server: TestServer, admin: TestUser, roleIds: string[] = []): Promise<TestUser> {
  const registration = newRegistration();
  const { id } = await invite(server, admin, registration.email, roleIds);
  const user = await registerAndActivate(server, registration);
  const res = await user.api.post(paths.auth.invite(id), true);
  expect(res.status, res.text).toBe(200);
  return user;
}

/**
 * A role of an organisation, made with POST roles by an admin whose current organisation it is. Given
 * only an organisation id (no admin at hand), the row is inserted directly.
 */
export async function createRole(server: TestServer, org: string | TestUser, name = uniqueName('Role')) {
  if (typeof org !== 'string') {
    const res = await org.api.post(paths.roles.list, { name });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as string, name: res.body.name as string };
  }
  const [row] = await server.db.insert(roles).values({ id: uuidv7(), orgId: org, name }).returning();
  return { id: row!.id, name: row!.name };
}

/**
 * A fixture made on first use and then shared by the tests that only need "some user" or "some admin"
 * (tables of refused bodies): every account costs an argon2 hash, so tables should not make one per row.
 */
export function shared<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
// ─── The admin area's users (issue #11) ───────────────────────────────────────────────────────────

export interface DirectUserOptions extends Partial<Registration> {
  roles?: string[];
  is_org_admin?: boolean;
}

/**
 * POST users/ (the slash) as an org admin: an active account and its membership at once, then signed in
 * (its own login session) after choosing its own password, which the answer's `password` holds. Quicker
 * than memberOf (no invitation, no activation mail).
 */
export async function createUserDirectly(server: TestServer, admin: TestUser, options: DirectUserOptions = {}): Promise<TestUser> {
  const { roles: roleIds = [], is_org_admin = false, ...overrides } = options;
  const registration = newRegistration(overrides);
  const res = await admin.api.post(paths.users.create, { ...registration, is_org_admin, is_active: true, roles: roleIds });
  expect(res.status, res.text).toBe(201);
  const id = res.body.id as string;
  // The admin's password is temporary: the first sign-in asks for the member's own (issue 28).
  const first = await requestAccessToken(server, registration.username, registration.password);
  expect(first.status, first.text).toBe(403);
  const own = `${registration.password} (mine)`;
  const chosen = await server.client().post(paths.auth.setNewPassword, { token: first.body.password_change_token, password: own });
  expect(chosen.status, chosen.text).toBe(200);
  const token = chosen.body.access_token as string;
  return { ...registration, password: own, id, token, api: server.client(token) };
}

/** Sets an organisation's plan limits (organisations.limit_users, limit_active_users) directly. */
export async function setPlanLimits(server: TestServer, orgId: string, limits: { users?: number; activeUsers?: number }): Promise<void> {
  await server.db
    .update(organisations)
    .set({
      ...(limits.users === undefined ? {} : { limitUsers: limits.users }),
      ...(limits.activeUsers === undefined ? {} : { limitActiveUsers: limits.activeUsers }),
    })
    .where(eq(organisations.id, orgId));
}
