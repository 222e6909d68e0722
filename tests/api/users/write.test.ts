/**
 * POST users/ (create directly), PUT users/{id} and DELETE users/{id}: shapes, conflicts, bad inputs,
 * mass assignment, the e-mail confirmation, sessions ended on removal, and the activity events.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents, loginSessions, memberships, userRoles, users } from '../../../src/server/db/schema.ts';
import {
  createRole,
  createUserDirectly,
  grant,
  linkIn,
  makeFolder,
  memberOf,
  newRegistration,
  orgWithAdmin,
  registerAndActivate,
  requestAccessToken,
  setAcl,
  shared,
  tokenFromLink,
  uniqueName,
} from '../support/factories.ts';
import { uploadAvatar } from '../avatars/support.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const team = shared(() => orgWithAdmin(server));
const MISSING_ID = '0190f0f0-0000-7000-8000-000000000000';

async function eventsOf(orgId: string, type: string) {
  const rows = await server.db.select().from(activityEvents).where(eq(activityEvents.orgId, orgId)).orderBy(asc(activityEvents.at), asc(activityEvents.id));
  return rows.filter((e) => e.type === type);
}

const newUserBody = (overrides: Record<string, unknown> = {}) => ({ ...newRegistration(), ...overrides });

describe('POST users/ (with the slash) creates a user', () => {
  it('makes an active account and its membership with roles, answers 201 AdminUser, records UserCreated; its first sign-in asks for a new password', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin, 'Fitter');
    const body = newUserBody({ roles: [role.id], is_org_admin: true });
    const res = await admin.api.post('users/', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      user_account: { username: body.username, email: body.email, full_name: body.full_name, avatar: null, avatar_url: null, is_active: true },
      is_org_admin: true,
      roles: [{ id: role.id, name: 'Fitter' }],
      created_at: expect.any(String),
    });
    expect((await admin.api.get(`users/${res.body.id}`)).body).toEqual(res.body);
    // The admin's password is temporary (tests/api/temporary-passwords.test.ts).
    expect((await requestAccessToken(server, body.username, body.password)).status).toBe(403);
    expect(await server.outbox.to(body.email)).toEqual([]);
    const [event] = await eventsOf(org.id, 'UserCreated');
    expect(event).toMatchObject({
      actorId: admin.id,
      context: { user_id: res.body.id, username: body.username, full_name: body.full_name, email: body.email, is_org_admin: true, roles: [{ id: role.id, name: 'Fitter' }] },
    });
  });

  it('POST users (no slash) still invites', async () => {
    const { admin } = await team();
    const email = `${uniqueName('inv')}@example.com`;
    const res = await admin.api.post('users', { email, roles: [] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, roles: [] });
    expect((await server.outbox.last(email)).subject).toContain('invited');
  });

  it('is_active false: the account is inactive and is mailed an activation link that says an admin made it', async () => {
    const { admin } = await team();
    const body = newUserBody({ is_active: false });
    const res = await admin.api.post('users/', body);
    expect(res.status).toBe(201);
    expect(res.body.user_account.is_active).toBe(false);
    expect((await requestAccessToken(server, body.username, body.password)).status).toBe(400);
    const mail = await server.outbox.last(body.email);
    // Made by an admin, not registered: the mail says who made it and where, not 'Thank you for registering'.
    expect(mail.text).not.toContain('registering');
    expect(mail.text).toContain('created a Ringbinder account for you');
    // Activated, then its owner chooses their own password (tests/api/temporary-passwords.test.ts).
    const activated = await server.client().post('auth/activate', tokenFromLink(linkIn(mail, '/auth/activate')));
    expect(activated.status).toBe(403);
    expect((await admin.api.get(`users/${res.body.id}`)).body.user_account.is_active).toBe(true);
  });

  it('refuses a username or e-mail any account uses (409) and makes nothing', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const someone = await registerAndActivate(server);
    const byName = await admin.api.post('users/', newUserBody({ username: someone.username.toUpperCase() }));
    expect(byName.status).toBe(409);
    expect(byName.body).toMatchObject({ detail: 'A user with this username already exists' });
    const byEmail = await admin.api.post('users/', newUserBody({ email: someone.email.toUpperCase() }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toMatchObject({ detail: 'A user with this email already exists: invite them to add them to this organization' });
    expect((await admin.api.get('users')).body.total).toBe(1);
    expect(await eventsOf(org.id, 'UserCreated')).toEqual([]);
  });

  it('avatar: a picture the admin uploaded becomes the new user’s (with its address); anything else is 422 naming avatar', async () => {
    const { admin } = await team();
    const upload = await uploadAvatar(server, admin);
    const res = await admin.api.post('users/', newUserBody({ avatar: upload }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.user_account.avatar).toBe(upload);
    expect(res.body.user_account.avatar_url).toMatch(new RegExp(`/api/v1/avatars/${res.body.id}/${upload}\\?expires=`));
    expect((await admin.api.get(`users/${res.body.id}`)).body.user_account.avatar).toBe(upload);
    // Taken over: it cannot be given to a second user.
    expect((await admin.api.post('users/', newUserBody({ avatar: upload }))).status).toBe(422);
    // Someone else's upload.
    const other = await orgWithAdmin(server);
    const theirs = await uploadAvatar(server, other.admin);
    const refused = await admin.api.post('users/', newUserBody({ avatar: theirs }));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/^avatar: /);
  });

  it('roles of another organisation or unknown: 422 naming the field; an avatar that is no upload: 422', async () => {
    const { admin } = await team();
    const other = await orgWithAdmin(server);
    const foreign = await createRole(server, other.admin);
    const own = await createRole(server, admin);
    const res = await admin.api.post('users/', newUserBody({ roles: [own.id, foreign.id, MISSING_ID] }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('roles.1: is not a role of this organization; roles.2: is not a role of this organization');
    const avatar = await admin.api.post('users/', newUserBody({ avatar: MISSING_ID }));
    expect(avatar.status).toBe(422);
    expect(avatar.body.detail).toMatch(/^avatar: /);
  });

  it.each([
    [{ username: '' }, 'Username is required'],
    [{ email: 'nope' }, 'Invalid Email'],
    [{ password: 'short' }, 'Password must be at least'],
    [{ full_name: '' }, 'Full Name is required'],
    [{ is_org_admin: 'yes' }, 'is_org_admin'],
    [{ is_active: 1 }, 'is_active'],
    [{ roles: 'admin' }, 'roles'],
    [{ roles: ['admin'] }, 'roles.0'],
    [{ id: MISSING_ID }, 'id'],
    [{ organisation: MISSING_ID }, 'organisation'],
  ])('refuses %o with 422 (%s)', async (overrides, words) => {
    const { admin } = await team();
    const res = await admin.api.post('users/', newUserBody(overrides));
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toContain(words);
  });

  it('malformed JSON: 400', async () => {
    const { admin } = await team();
    const res = await admin.api.request('POST', 'users/', { body: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'The request body is not valid JSON' });
  });
});

describe('PUT users/{id}', () => {
  it('changes full name, admin flag and roles; records UserUpdated with the previous values; nothing changed records nothing', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const a = await createRole(server, admin, 'A');
    const b = await createRole(server, admin, 'B');
    const user = await createUserDirectly(server, admin, { roles: [a.id] });
    const res = await admin.api.put(`users/${user.id}`, { full_name: 'New Name', is_org_admin: true, roles: [b.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, is_org_admin: true, roles: [{ id: b.id, name: 'B' }], user_account: { full_name: 'New Name' } });
    const [event] = await eventsOf(org.id, 'UserUpdated');
    expect(event).toMatchObject({
      actorId: admin.id,
      context: {
        user_id: user.id,
        username: user.username,
        full_name: 'New Name',
        previous_full_name: user.full_name,
        is_org_admin: true,
        previous_is_org_admin: false,
        roles: [{ id: b.id, name: 'B' }],
        previous_roles: [{ id: a.id, name: 'A' }],
      },
    });
    // The same again, and an empty body: no change, no event.
    expect((await admin.api.put(`users/${user.id}`, { full_name: 'New Name', is_org_admin: true, roles: [b.id] })).status).toBe(200);
    expect((await admin.api.put(`users/${user.id}`, {})).body).toEqual(res.body);
    expect(await eventsOf(org.id, 'UserUpdated')).toHaveLength(1);
    // Only the field given changes.
    const rolesOnly = await admin.api.put(`users/${user.id}`, { roles: [] });
    expect(rolesOnly.body).toMatchObject({ is_org_admin: true, roles: [], user_account: { full_name: 'New Name' } });
    expect((await eventsOf(org.id, 'UserUpdated')).at(-1)!.context).toMatchObject({ previous_roles: [{ id: b.id, name: 'B' }] });
    expect((await eventsOf(org.id, 'UserUpdated')).at(-1)!.context).not.toHaveProperty('previous_full_name');
  });

  it('mass assignment: id, organisation, username, password, user_account, is_active → 422 naming them, and nothing changes', async () => {
    const { admin } = await team();
    const user = await createUserDirectly(server, admin);
    const before = (await admin.api.get(`users/${user.id}`)).body;
    const other = await orgWithAdmin(server);
    for (const extra of [
      { id: MISSING_ID },
      { organisation: other.org.id },
      { org_id: other.org.id },
      { username: 'taken_over' },
      { password: 'a new password 123' },
      { user_account: { username: 'x' } },
      { is_active: false },
      { created_at: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await admin.api.put(`users/${user.id}`, { full_name: 'Changed', is_org_admin: true, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.detail).toContain(Object.keys(extra)[0]);
    }
    expect((await admin.api.get(`users/${user.id}`)).body).toEqual(before);
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(200);
    expect((await other.admin.api.get('users')).body.total).toBe(1);
  });

  it('a new e-mail address waits for its confirmation: link to the new address, notice to the old; the answer keeps the old one', async () => {
    const { admin, org } = await team();
    const user = await createUserDirectly(server, admin);
    const newEmail = `${uniqueName('new')}@example.com`;
    const res = await admin.api.put(`users/${user.id}`, { email: newEmail.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user_account.email).toBe(user.email);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect((await server.outbox.to(user.email)).length).toBeGreaterThan(0);
    const link = linkIn(await server.outbox.last(newEmail), '/confirm-email');
    expect((await server.client().post('auth/confirm-email', tokenFromLink(link))).body).toEqual({ email: newEmail });
    expect((await admin.api.get(`users/${user.id}`)).body.user_account.email).toBe(newEmail);
    const event = (await eventsOf(org.id, 'UserUpdated')).find((e) => (e.context as { user_id: string }).user_id === user.id);
    expect(event!.context).toMatchObject({ email: user.email, requested_email: newEmail });
  });

  it('an e-mail address another account holds: 409; an account that belongs to another organisation too: 409', async () => {
    const { admin } = await team();
    const user = await createUserDirectly(server, admin);
    const someone = await registerAndActivate(server);
    const taken = await admin.api.put(`users/${user.id}`, { email: someone.email });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ detail: 'A user with this email already exists' });
    // A member of two organisations: neither admin may redirect their e-mail (it would hand over the account).
    const other = await orgWithAdmin(server);
    const shared = await memberOf(server, other.admin);
    const res = await other.admin.api.post('users', { email: shared.email });
    expect(res.status).toBe(400); // already a member there
    const invited = await admin.api.post('users', { email: shared.email, roles: [] });
    expect((await shared.api.post(`auth/invite/${invited.body.id}`, true)).status).toBe(200);
    const refused = await admin.api.put(`users/${shared.id}`, { email: `${uniqueName('x')}@example.com` });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('belongs to another organization');
    expect(await server.db.select({ p: users.pendingEmail }).from(users).where(eq(users.id, shared.id))).toEqual([{ p: null }]);
  });

  it.each([
    [{ email: 'nope' }, 'Invalid Email'],
    [{ full_name: '' }, 'Full Name is required'],
    [{ is_org_admin: 'no' }, 'is_org_admin'],
    [{ roles: [MISSING_ID] }, 'roles.0: is not a role of this organization'],
    [{ roles: ['x'] }, 'roles.0'],
  ])('refuses %o with 422 (%s)', async (body, words) => {
    const { admin } = await team();
    const user = await createUserDirectly(server, admin);
    const res = await admin.api.put(`users/${user.id}`, body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(words);
  });

  it('malformed JSON 400; unknown, malformed and other organisations’ ids 404', async () => {
    const { admin } = await team();
    const user = await createUserDirectly(server, admin);
    const bad = await admin.api.request('PUT', `users/${user.id}`, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const other = await orgWithAdmin(server);
    for (const id of [MISSING_ID, 'x', other.admin.id]) {
      const res = await admin.api.put(`users/${id}`, { full_name: 'Taken' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: 'User not found' });
    }
    expect((await other.admin.api.get('auth/me')).body.full_name).toBe(other.admin.full_name);
  });
});

describe('DELETE users/{id}', () => {
  it('removes the membership, the organisation’s roles and ACL entries naming them; ends their sessions here (401); records UserDeleted', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin);
    const user = await createUserDirectly(server, admin, { roles: [role.id] });
    // The same person in another organisation keeps that membership and its roles.
    const other = await orgWithAdmin(server);
    const otherRole = await createRole(server, other.admin);
    const invited = await other.admin.api.post('users', { email: user.email, roles: [otherRole.id] });
    const elsewhere = await signInAgain(user);
    expect((await elsewhere.api.post(`auth/invite/${invited.body.id}`, true)).status).toBe(200);
    expect((await elsewhere.api.post('auth/select-org', other.org.id)).status).toBe(200);
    const folder = await makeFolder(admin);
    await setAcl(admin, 'folders', folder.id, [grant(user.id, 1)]);
    expect((await user.api.get('documentation/folders/root')).status).toBe(200);

    const res = await admin.api.delete(`users/${user.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await admin.api.get(`users/${user.id}`)).status).toBe(404);
    expect(await server.db.select().from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, user.id)))).toEqual([]);
    expect(await server.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toEqual([{ roleId: otherRole.id, userId: user.id }]);
    expect((await admin.api.get(`documentation/folders/${folder.id}/acl`)).text).not.toContain(user.id);
    // Their token in this organisation is ended: 401 (the client signs out), not 400.
    const replay = await user.api.get('documentation/folders/root');
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ detail: 'Could not validate credentials' });
    expect((await user.api.get('auth/me')).status).toBe(401);
    // The session working in the other organisation goes on.
    expect((await elsewhere.api.get('roles')).status).toBe(200);
    const [session] = await server.db.select().from(loginSessions).where(and(eq(loginSessions.userId, user.id), eq(loginSessions.orgId, org.id)));
    expect(session!.endedAt).not.toBeNull();
    const [event] = await eventsOf(org.id, 'UserDeleted');
    expect(event).toMatchObject({ actorId: admin.id, context: { user_id: user.id, username: user.username, full_name: user.full_name, email: user.email } });
  });

  it('unknown, malformed and other organisations’ ids: 404, nothing removed', async () => {
    const { admin } = await team();
    const other = await orgWithAdmin(server);
    for (const id of [MISSING_ID, 'nope', other.admin.id]) {
      const res = await admin.api.delete(`users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: 'User not found' });
    }
    expect((await other.admin.api.get('users')).body.total).toBe(1);
  });
});

/** A second login session of the same account (signed in anew). */
async function signInAgain(user: { username: string; password: string; id: string; email: string; full_name: string }) {
  const res = await requestAccessToken(server, user.username, user.password);
  expect(res.status).toBe(200);
  return { ...user, token: res.body.access_token as string, api: server.client(res.body.access_token as string) };
}
