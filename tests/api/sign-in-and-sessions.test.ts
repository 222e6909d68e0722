/**
 * auth/access-token (form-encoded sign-in), bearer tokens and login sessions: auth/me/sessions GET and
 * DELETE, revocation at once, idle and absolute expiry.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginSessions, users } from '../../src/server/db/schema.ts';
import { createOrg, registerAndActivate, requestAccessToken, signIn } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();
const DAY = 24 * 60 * 60 * 1000;
const CREDENTIALS = { detail: 'Could not validate credentials' };

describe('POST auth/access-token', () => {
  it('signs in with the username or the e-mail, in any case, and answers a bearer token', async () => {
    const user = await registerAndActivate(server);
    for (const login of [user.username, user.email, user.username.toUpperCase(), ` ${user.email.toUpperCase()} `]) {
      const res = await requestAccessToken(server, login, user.password);
      expect(res.status, login).toBe(200);
      expect(res.body).toEqual({ access_token: expect.stringMatching(/^[\w-]{43}$/), token_type: 'bearer' });
      expect((await server.client(res.body.access_token).get('auth/me')).body.id).toBe(user.id);
    }
  });

  it('keeps only the hash of the token, with the device it was issued to', async () => {
    const user = await registerAndActivate(server);
    const res = await server.client().postForm(
      'auth/access-token',
      { username: user.username, password: user.password },
      { headers: { 'user-agent': 'Kiosk Browser/2.0 (station 4)' } },
    );
    const token: string = res.body.access_token;
    const rows = await server.db.select().from(loginSessions).where(eq(loginSessions.userId, user.id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const row = rows.find((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'));
    expect(row).toBeDefined();
    expect(row!.ipAddress).toMatch(/127\.0\.0\.1$/);
    expect(row!.userAgent).toBe('Kiosk Browser/2.0 (station 4)');
    const listed = (await server.client(token).get('auth/me/sessions')).body.results;
    expect(listed.find((s: { is_current: boolean }) => s.is_current).user_agent).toBe('Kiosk Browser/2.0 (station 4)');
  });

  it("answers 'Incorrect username or password' alike for a wrong password and an unknown user", async () => {
    const user = await registerAndActivate(server);
    const wrong = await requestAccessToken(server, user.username, 'not my password');
    const unknown = await requestAccessToken(server, 'nobody-at-all', 'not my password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'Incorrect username or password' });
    }
  });

  it('takes a form (urlencoded or multipart) and also JSON, nothing else', async () => {
    const user = await registerAndActivate(server);
    const multipart = new FormData();
    multipart.set('username', user.username);
    multipart.set('password', user.password);
    const res = await fetch(server.client().url('auth/access-token'), { method: 'POST', body: multipart });
    expect(res.status).toBe(200);
    const json = await server.client().post('auth/access-token', { username: user.username, password: user.password });
    expect(json.status).toBe(200);
    const plain = await server.client().post('auth/access-token', undefined, {
      body: `username=${user.username}&password=${user.password}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ detail: 'The request body must be form-encoded' });
  });

  it.each([
    [{ password: 'something' }, 'username: Field required'],
    [{ username: 'someone' }, 'password: Field required'],
    [{ username: '', password: 'something' }, 'Username is required'],
    [{ username: 'someone', password: '' }, 'Password is required'],
  ])('refuses %j with 422', async (form, detail) => {
    const res = await server.client().postForm('auth/access-token', form);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('a sign-in picks the organisation when the user has exactly one, none when several', async () => {
    const user = await registerAndActivate(server);
    const first = await createOrg(user);
    const one = await signIn(server, user);
    expect((await one.api.get('auth/me')).body.org).toMatchObject({ id: first.id, name: first.name });
    await createOrg(user);
    const two = await signIn(server, user);
    const me = (await two.api.get('auth/me')).body;
    expect(me.org).toBeNull();
    expect(me.available_orgs).toHaveLength(2);
  });
});

describe('bearer tokens', () => {
  it("answers 401 'Could not validate credentials' with WWW-Authenticate for a missing, unknown or malformed token", async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-real-token' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer a b' },
    ];
    for (const headers of cases) {
      const res = await server.client().get('auth/me', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject(CREDENTIALS);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('ends a session left idle for 14 days', async () => {
    const user = await registerAndActivate(server);
    await server.clock.shifted(13 * DAY, async () => {
      expect((await user.api.get('auth/me')).status).toBe(200);
    });
    const idle = await signIn(server, user);
    await server.clock.shifted(14 * DAY + 60_000, async () => {
      expect((await idle.api.get('auth/me')).body).toMatchObject(CREDENTIALS);
    });
  });

  it('ends a session 30 days after sign-in however often it is used', async () => {
    const user = await registerAndActivate(server);
    for (const day of [10, 20, 29]) {
      await server.clock.shifted(day * DAY, async () => {
        expect((await user.api.get('auth/me')).status, `day ${day}`).toBe(200);
      });
    }
    await server.clock.shifted(30 * DAY + 60_000, async () => {
      expect((await user.api.get('auth/me')).status).toBe(401);
    });
  });

  it('an account switched off loses its sessions', async () => {
    const user = await registerAndActivate(server);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await user.api.get('auth/me')).body).toMatchObject(CREDENTIALS);
  });
});

describe('GET auth/me/sessions', () => {
  it('lists the live sessions of the caller, marking the current one', async () => {
    const user = await registerAndActivate(server);
    const laptop = await signIn(server, user);
    const res = await laptop.api.get('auth/me/sessions', { headers: { 'user-agent': 'Laptop Browser/1.0' } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.results).toHaveLength(2);
    for (const session of res.body.results) {
      expect(session).toEqual({
        id: expect.any(String),
        ip_address: expect.stringMatching(/127\.0\.0\.1$/),
        user_agent: expect.any(String),
        created_at: expect.any(String),
        last_accessed_at: expect.any(String),
        expiry: expect.any(String),
        is_active: true,
        is_current: expect.any(Boolean),
      });
      expect(Date.parse(session.expiry) - Date.parse(session.created_at)).toBe(30 * DAY);
    }
    expect(res.body.results.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    const other = await registerAndActivate(server);
    const theirs = await other.api.get('auth/me/sessions');
    expect(theirs.body.total).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().get('auth/me/sessions')).body).toMatchObject(CREDENTIALS);
  });
});

describe('DELETE auth/me/sessions/{id}', () => {
  it('ends another session of the caller: its token is refused at once', async () => {
    const user = await registerAndActivate(server);
    const phone = await signIn(server, user);
    const sessions = (await user.api.get('auth/me/sessions')).body.results as { id: string; is_current: boolean }[];
    const phoneSession = sessions.find((s) => !s.is_current)!;
    const res = await user.api.delete(`auth/me/sessions/${phoneSession.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const refused = await phone.api.get('auth/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject(CREDENTIALS);
    const left = (await user.api.get('auth/me/sessions')).body;
    expect(left.total).toBe(1);
    expect(left.results[0].is_current).toBe(true);
    // Ended already: 404.
    expect((await user.api.delete(`auth/me/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('ending the current session signs the caller out', async () => {
    const user = await registerAndActivate(server);
    const current = (await user.api.get('auth/me/sessions')).body.results[0];
    expect((await user.api.delete(`auth/me/sessions/${current.id}`)).status).toBe(204);
    expect((await user.api.get('auth/me')).body).toMatchObject(CREDENTIALS);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const alice = await registerAndActivate(server);
    const bob = await registerAndActivate(server);
    const bobSession = (await bob.api.get('auth/me/sessions')).body.results[0];
    const res = await alice.api.delete(`auth/me/sessions/${bobSession.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Session not found' });
    expect((await bob.api.get('auth/me')).status).toBe(200);
  });

  it('answers 404 for ids that are not sessions', async () => {
    const user = await registerAndActivate(server);
    for (const id of ['not-a-uuid', '0190f0f0-0000-7000-8000-000000000000', "1' or '1'='1"]) {
      const res = await user.api.delete(`auth/me/sessions/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });
});

describe('POST auth/logout', () => {
  it("ends the caller's session: 204, and the token replayed afterwards is refused", async () => {
    const user = await registerAndActivate(server);
    const laptop = await signIn(server, user);
    const res = await user.api.post('auth/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const replayed = await user.api.get('auth/me');
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject(CREDENTIALS);
    // Only that session: the user's other device stays signed in.
    expect((await laptop.api.get('auth/me')).status).toBe(200);
    const left = (await laptop.api.get('auth/me/sessions')).body;
    expect(left.total).toBe(1);
    // Signing out again with the ended token: 401, nothing else ends.
    expect((await user.api.post('auth/logout')).status).toBe(401);
    expect((await laptop.api.get('auth/me')).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.client().post('auth/logout');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(CREDENTIALS);
  });
});
