/**
 * A password an admin chooses is temporary (issue #28, docs/admin-area.md "Passwords an admin chooses"):
 * the first sign-in answers 403 'new password needed' with a short-lived single-use token and no
 * session; POST auth/set-new-password {token, password} sets the person's own (the spec's rules) and
 * signs in. An account made without a password gets the activation mail, and its owner chooses one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginSessions, users } from '../../src/server/db/schema.ts';
import { linkIn, newRegistration, orgWithAdmin, registerAndActivate, requestAccessToken, tokenFromLink, tokenFromMail, type TestUser } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();
const NEEDED = 'Choose your own password to continue';
const INVALID = { detail: 'This step has expired or was already used: sign in again' };
const INCORRECT = { detail: 'Incorrect username or password' };
const MINUTE = 60 * 1000;

/** Admin creates a member with the password the admin chose (POST users/, active unless said). */
async function createWithPassword(admin: TestUser, overrides: Record<string, unknown> = {}) {
  const body = { ...newRegistration(), ...overrides };
  const res = await admin.api.post('users/', body);
  expect(res.status, res.text).toBe(201);
  return { ...body, id: res.body.id as string };
}

/** Signs in with the admin's password: expects 403 'new password needed' and answers its token. */
async function changeToken(username: string, password: string): Promise<string> {
  const res = await requestAccessToken(server, username, password);
  expect(res.status, res.text).toBe(403);
  expect(res.body).toMatchObject({ detail: NEEDED, password_change_token: expect.stringMatching(/^[\w-]{43}$/) });
  return res.body.password_change_token as string;
}

const setNewPassword = (token: unknown, password: unknown) => server.client().post('auth/set-new-password', { token, password });

const sessionsOf = async (userId: string) => server.db.select().from(loginSessions).where(eq(loginSessions.userId, userId));

describe('an account an admin made with a password', () => {
  it('is flagged; its sign-in answers 403 new password needed with a token, and no session is opened', async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await createWithPassword(admin);
    const [row] = await server.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, x.id));
    expect(row?.must).toBe(true);
    const token = await changeToken(x.username, x.password);
    expect(await sessionsOf(x.id)).toEqual([]);
    // The token is no session: nothing answers it as a bearer.
    expect((await server.client(token).get('auth/me')).status).toBe(401);
    // A wrong password gives no token, only the usual refusal.
    const wrong = await requestAccessToken(server, x.username, `${x.password}?`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject(INCORRECT);
  });

  it('sets a new password under the spec rules, signs in with it, and the admin’s password stops working', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const x = await createWithPassword(admin);
    const token = await changeToken(x.username, x.password);

    const weak = await setNewPassword(token, 'short');
    expect(weak.status).toBe(422);
    expect(weak.body.detail).toBe('Password must be at least 8 characters long');
    const same = await setNewPassword(token, x.password);
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({
      detail: 'Choose a password other than the one you were given',
      errors: [{ field: 'password', message: 'Choose a password other than the one you were given' }],
    });
    expect((await setNewPassword(token, 42)).status).toBe(422);
    expect((await setNewPassword('', 'a good new password')).status).toBe(422);

    // Refusals leave the token usable; it works once.
    const mine = 'my very own password';
    const done = await setNewPassword(token, mine);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const me = await server.client(done.body.access_token).get('auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: x.id, org: { id: org.id } });
    expect(await setNewPassword(token, 'yet another password')).toMatchObject({ status: 400, body: INVALID });

    expect((await requestAccessToken(server, x.username, mine)).status).toBe(200);
    expect(await requestAccessToken(server, x.username, x.password)).toMatchObject({ status: 400, body: INCORRECT });
    const [row] = await server.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, x.id));
    expect(row?.must).toBe(false);
  });

  it('the admin who chose it cannot sign in as the member once they have set their own, nor set one on edit', async () => {
    const b = await orgWithAdmin(server);
    const x = await createWithPassword(b.admin);
    const token = await changeToken(x.username, x.password);
    expect((await setNewPassword(token, 'only the member knows this')).status).toBe(200);

    // What admin B knows is the password B chose: it signs in to nothing and yields no token.
    const attempt = await requestAccessToken(server, x.username, x.password);
    expect(attempt.status).toBe(400);
    expect(attempt.body).toMatchObject(INCORRECT);
    expect(attempt.body).not.toHaveProperty('password_change_token');
    // The edit form has no password: PUT users/{id} refuses one (strict body), and nothing changes.
    const put = await b.admin.api.put(`users/${x.id}`, { password: 'the admin tries again' });
    expect(put.status).toBe(422);
    expect(await requestAccessToken(server, x.username, 'the admin tries again')).toMatchObject({ status: 400 });
    expect((await requestAccessToken(server, x.username, 'only the member knows this')).status).toBe(200);
  });

  it('the sign-in step’s token expires after 15 minutes', async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await createWithPassword(admin);
    const token = await changeToken(x.username, x.password);
    const late = await server.clock.shifted(16 * MINUTE, () => setNewPassword(token, 'a good new password'));
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject(INVALID);
    // Signing in again gives a new one.
    expect((await setNewPassword(await changeToken(x.username, x.password), 'a good new password')).status).toBe(200);
  });

  it('a password reset from the mailed link is the member’s own choice: it clears the flag', async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await createWithPassword(admin);
    expect((await server.client().postForm('auth/send-password-reset', { email: x.email })).status).toBe(200);
    const token = await tokenFromMail(server, x.email, '/reset-password');
    expect((await server.client().post('auth/reset-password', { token, password: 'chosen from the link' })).status).toBe(200);
    expect((await requestAccessToken(server, x.username, 'chosen from the link')).status).toBe(200);
  });

  it('created inactive with a password: activation asks for a new password instead of signing in', async () => {
    const { admin } = await orgWithAdmin(server);
    const x = await createWithPassword(admin, { is_active: false });
    const mail = await server.outbox.last(x.email);
    const activated = await server.client().post('auth/activate', tokenFromLink(linkIn(mail, '/auth/activate')));
    expect(activated.status).toBe(403);
    expect(activated.body).toMatchObject({ detail: NEEDED, password_change_token: expect.any(String) });
    expect(await sessionsOf(x.id)).toEqual([]);
    expect((await admin.api.get(`users/${x.id}`)).body.user_account.is_active).toBe(true);
    const done = await setNewPassword(activated.body.password_change_token, 'mine after activation');
    expect(done.status).toBe(200);
    expect(await requestAccessToken(server, x.username, x.password)).toMatchObject({ status: 400, body: INCORRECT });
  });
});

describe('an account an admin made without a password', () => {
  it('is inactive, gets the activation mail, and its owner chooses the password on activation', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const { password: _none, ...body } = newRegistration();
    const res = await admin.api.post('users/', { ...body, is_active: true });
    expect(res.status, res.text).toBe(201);
    // No password to sign in with: the mail is the only way in, so the account waits for it.
    expect(res.body.user_account.is_active).toBe(false);
    const mail = await server.outbox.last(body.email);
    expect(mail.text).toContain('created a Ringbinder account for you');
    const activated = await server.client().post('auth/activate', tokenFromLink(linkIn(mail, '/auth/activate')));
    expect(activated.status).toBe(403);
    expect(activated.body).toMatchObject({ detail: NEEDED, password_change_token: expect.any(String) });
    const done = await setNewPassword(activated.body.password_change_token, 'my first password');
    expect(done.status, done.text).toBe(200);
    expect((await server.client(done.body.access_token).get('auth/me')).body).toMatchObject({ id: res.body.id, org: { id: org.id } });
    expect((await requestAccessToken(server, body.username, 'my first password')).status).toBe(200);
  });

  it('password null is the same as leaving it out', async () => {
    const { admin } = await orgWithAdmin(server);
    const res = await admin.api.post('users/', { ...newRegistration(), password: null });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user_account.is_active).toBe(false);
  });
});

describe('POST auth/set-new-password takes only the sign-in step’s tokens', () => {
  it('a mailed reset link of an ordinary account is refused (no sign-in past two-factor), and its password stays', async () => {
    const user = await registerAndActivate(server);
    expect((await server.client().postForm('auth/send-password-reset', { email: user.email })).status).toBe(200);
    const token = await tokenFromMail(server, user.email, '/reset-password');
    const res = await setNewPassword(token, 'taking over the account');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(INVALID);
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(200);
    // The link itself still works where it belongs.
    expect((await server.client().post('auth/reset-password', { token, password: 'reset the usual way' })).status).toBe(200);
  });

  it('unknown tokens and malformed bodies: 400 / 422, never 500', async () => {
    expect(await setNewPassword('no-such-token', 'a good new password')).toMatchObject({ status: 400, body: INVALID });
    const malformed = await server.client().request('POST', 'auth/set-new-password', { body: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await server.client().post('auth/set-new-password', 'a string')).status).toBe(422);
  });
});
