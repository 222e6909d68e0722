/** auth/register and auth/activate: an inactive account, the activation mail, the single-use 48-hour token. */
import { describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import {
  linkIn,
  newRegistration,
  register,
  registerAndActivate,
  requestAccessToken,
  tokenFromLink,
  tokenFromMail,
  uniqueName,
} from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';

const server = useTestServer();
const HOUR = 60 * 60 * 1000;

describe('POST auth/register', () => {
  it('creates an inactive account and answers the registration it received, without secrets or the account id', async () => {
    const registration = newRegistration();
    const res = await server.client().post('auth/register', registration);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      username: registration.username,
      email: registration.email,
      full_name: registration.full_name,
      is_active: false,
    });
    expect(res.text).not.toContain(registration.password);
    const [row] = await server.db.select().from(users).where(eq(users.email, registration.email));
    expect(row).toMatchObject({ username: registration.username, fullName: registration.full_name, isActive: false });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('e-mails an activation link to {PUBLIC_URL}/auth/activate?token=… in both bodies', async () => {
    const { registration } = await register(server);
    const mail = await server.outbox.last(registration.email);
    expect(mail.subject).toBe('Activate your Ringbinder account');
    const link = linkIn(mail, '/auth/activate');
    expect(link.startsWith(`${PUBLIC_URL}/auth/activate?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(link.replace(/&/g, '&#38;'));
    expect(mail.text).toContain(registration.full_name);
  });

  it('keeps the account inactive until activated: signing in is refused', async () => {
    const { registration } = await register(server);
    const res = await requestAccessToken(server, registration.username, registration.password);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/not active/);
  });

  it('trims names and stores the e-mail in lower case', async () => {
    const base = newRegistration();
    const res = await server.client().post('auth/register', {
      ...base,
      username: `  ${base.username}  `,
      email: `  ${base.email.toUpperCase()} `,
      full_name: `  ${base.full_name} `,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: base.username, email: base.email, full_name: base.full_name });
  });

  it('refuses a username or e-mail already taken, whatever the case', async () => {
    const registration = await registerAndActivate(server);
    const sameName = await server.client().post(
      'auth/register',
      newRegistration({ username: registration.username.toUpperCase(), email: `${uniqueName()}@example.com` }),
    );
    expect(sameName.status).toBe(400);
    expect(sameName.body).toMatchObject({ detail: 'A user with this username already exists' });
    const sameEmail = await server.client().post('auth/register', newRegistration({ email: registration.email.toUpperCase() }));
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body).toMatchObject({ detail: 'A user with this email already exists' });
  });

  it('refuses the username of an account not yet activated when the address is another', async () => {
    const { registration } = await register(server);
    const res = await server.client().post('auth/register', newRegistration({ username: registration.username, email: `${uniqueName()}@example.com` }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'A user with this username already exists' });
  });

  it("registering again with the address of an account not yet activated changes nothing: the owner's details stay, the mail is sent again, the answer is a new address's (issue 28)", async () => {
    const victim = await register(server, { email: `${uniqueName('victim')}@example.com` });
    const [before] = await server.db.select().from(users).where(eq(users.id, victim.id));
    const firstLink = await tokenFromMail(server, victim.registration.email, '/auth/activate');
    // The probe's request: the victim's address with the attacker's own username, name and password.
    const attacker = newRegistration({ email: victim.registration.email, full_name: 'Mallory Attacker', password: 'the attacker password' });
    const res = await server.client().post('auth/register', attacker);
    expect(res.status, res.text).toBe(201);
    // Exactly what a registration of a new address answers: the registration as received.
    const fresh = newRegistration();
    const newAddress = await server.client().post('auth/register', fresh);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(newAddress.body).sort());
    expect(res.body).toEqual({ username: attacker.username, email: attacker.email, full_name: attacker.full_name, is_active: false });
    expect(res.text).not.toContain(victim.id);
    expect(res.text).not.toContain(victim.registration.username);

    const [after] = await server.db.select().from(users).where(eq(users.id, victim.id));
    expect(after).toEqual(before);
    expect(await server.db.select().from(users).where(eq(users.username, attacker.username))).toEqual([]);
    // The activation mail goes again to the address, in the owner's name.
    const mails = await server.outbox.to(victim.registration.email);
    expect(mails.map((m) => m.subject)).toEqual(['Activate your Ringbinder account', 'Activate your Ringbinder account']);
    expect(mails[1]!.text).toContain(victim.registration.full_name);
    expect(mails[1]!.text).not.toContain(attacker.full_name);
    const secondLink = await tokenFromMail(server, victim.registration.email, '/auth/activate');
    expect(secondLink).not.toBe(firstLink);

    // The owner activates (either link works, once) and signs in with their own password; the attacker cannot.
    expect((await server.client().post('auth/activate', secondLink)).status).toBe(200);
    expect((await server.client().post('auth/activate', firstLink)).status).toBe(400);
    expect((await requestAccessToken(server, victim.registration.username, victim.registration.password)).status).toBe(200);
    expect((await requestAccessToken(server, victim.registration.email, attacker.password)).status).toBe(400);
    expect((await requestAccessToken(server, attacker.username, attacker.password)).status).toBe(400);
    // Nothing of the attacker's was kept: the username is free for anyone.
    expect((await server.client().post('auth/register', newRegistration({ username: attacker.username }))).status).toBe(201);
  });

  it('the username of an account not yet activated is taken, also when registering again with that account\'s own address', async () => {
    const { registration } = await register(server);
    const again = await server.client().post('auth/register', { ...registration, full_name: 'Someone Else', password: 'another password' });
    const elsewhere = await server.client().post('auth/register', newRegistration({ username: registration.username }));
    for (const res of [again, elsewhere]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'A user with this username already exists' });
    }
    expect(await server.outbox.to(registration.email)).toHaveLength(1);
  });

  it('refuses the address of an activated account, whatever the username (as before: the account is told apart by its owner only)', async () => {
    const owner = await registerAndActivate(server);
    const res = await server.client().post('auth/register', newRegistration({ email: owner.email }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'A user with this email already exists' });
    expect((await server.outbox.to(owner.email)).map((m) => m.subject)).toEqual(['Activate your Ringbinder account']);
  });

  it('a registration again cannot take the username another account holds', async () => {
    const { registration } = await register(server);
    const holder = await registerAndActivate(server);
    const res = await server.client().post('auth/register', newRegistration({ email: registration.email, username: holder.username }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'A user with this username already exists' });
    expect(await server.outbox.to(registration.email)).toHaveLength(1);
  });

  it('answers registrations of one address sent at the same moment with 201 each: one account, one working link, never a 500', async () => {
    const email = `${uniqueName('same')}@example.com`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.client().post('auth/register', newRegistration({ email }))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await server.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const mails = await server.outbox.to(email);
    expect(mails).toHaveLength(5);
    const activations = await Promise.all(
      mails.map((mail) => server.client().post('auth/activate', tokenFromLink(linkIn(mail, '/auth/activate')))),
    );
    expect(activations.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('answers two simultaneous registrations of one username with one account and one 400, never a 500', async () => {
    const username = uniqueName();
    const [a, b] = await Promise.all([
      server.client().post('auth/register', newRegistration({ username, email: `a.${username}@example.com` })),
      server.client().post('auth/register', newRegistration({ username, email: `b.${username}@example.com` })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect([a, b].find((r) => r.status === 400)?.body.detail).toBe('A user with this username already exists');
  });

  it.each([
    ['username missing', { username: undefined }, 'username: Field required'],
    ['email missing', { email: undefined }, 'email: Field required'],
    ['full_name missing', { full_name: undefined }, 'full_name: Field required'],
    ['password missing', { password: undefined }, 'password: Field required'],
    ['password too short', { password: 'seven77' }, 'Password must be at least 8 characters long'],
    ['password too long', { password: 'x'.repeat(257) }, 'Password must be at most 256 characters long'],
    ['e-mail without a domain', { email: 'someone@' }, 'Invalid Email'],
    ['e-mail with spaces', { email: 'some one@example.com' }, 'Invalid Email'],
    ['username with spaces', { username: 'two words' }, 'Username may contain only letters, digits and . @ + - _'],
    ['blank full name', { full_name: '   ' }, 'Full Name is required'],
    ['number as username', { username: 12345678 }, 'username: username must be a string'],
    ['object as password', { password: { value: 'secret123' } }, 'password: password must be a string'],
  ])('refuses %s with 422 naming the field', async (_, change, detail) => {
    const body = { ...newRegistration(), ...change };
    const res = await server.client().post('auth/register', body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('accepts a password of exactly 8 and of exactly 256 characters', async () => {
    for (const password of ['12345678', 'p'.repeat(256)]) {
      const res = await server.client().post('auth/register', newRegistration({ password }));
      expect(res.status, res.text).toBe(201);
    }
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [null, [], 'text', 42, true]) {
      const res = await server.client().post('auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await server.client().post('auth/register', undefined, {
      body: '{"username": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'The request body is not valid JSON' });
  });
});

describe('POST auth/activate', () => {
  it('takes the token as a JSON string, activates the account and signs it in', async () => {
    const { registration, id } = await register(server);
    const token = await tokenFromMail(server, registration.email, '/auth/activate');
    const res = await server.client().post('auth/activate', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const me = await server.client(res.body.access_token).get('auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, username: registration.username, email: registration.email, org: null });
    const signIn = await requestAccessToken(server, registration.username, registration.password);
    expect(signIn.status).toBe(200);
  });

  it('uses a token once', async () => {
    const { registration } = await register(server);
    const token = await tokenFromMail(server, registration.email, '/auth/activate');
    expect((await server.client().post('auth/activate', token)).status).toBe(200);
    const again = await server.client().post('auth/activate', token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ detail: 'This activation link is invalid or has expired' });
  });

  it('uses a token once even when it is sent several times at the same moment', async () => {
    const { registration } = await register(server);
    const token = await tokenFromMail(server, registration.email, '/auth/activate');
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.client().post('auth/activate', token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('accepts a token until 48 hours have passed, not after', async () => {
    const early = await register(server);
    const late = await register(server);
    const earlyToken = await tokenFromMail(server, early.registration.email, '/auth/activate');
    const lateToken = await tokenFromMail(server, late.registration.email, '/auth/activate');
    await server.clock.shifted(48 * HOUR - 60_000, async () => {
      expect((await server.client().post('auth/activate', earlyToken)).status).toBe(200);
    });
    await server.clock.shifted(48 * HOUR + 1000, async () => {
      const res = await server.client().post('auth/activate', lateToken);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('This activation link is invalid or has expired');
    });
    const [row] = await server.db.select().from(users).where(eq(users.id, late.id));
    expect(row?.isActive).toBe(false);
  });

  it('refuses a token whose row has expired in the database', async () => {
    const { registration, id } = await register(server);
    const token = await tokenFromMail(server, registration.email, '/auth/activate');
    await server.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, id));
    expect((await server.client().post('auth/activate', token)).status).toBe(400);
  });

  it('refuses unknown tokens and bodies that are not a JSON string', async () => {
    expect((await server.client().post('auth/activate', 'no-such-token')).status).toBe(400);
    for (const body of [{ token: 'x' }, 42, null, ['x'], '']) {
      const res = await server.client().post('auth/activate', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    const malformed = await server.client().post('auth/activate', undefined, { body: 'not-json-quoted' });
    expect(malformed.status).toBe(400);
  });

  it('does not accept a password-reset token', async () => {
    const user = await registerAndActivate(server);
    await server.client().postForm('auth/send-password-reset', { email: user.email });
    const resetToken = await tokenFromMail(server, user.email, '/reset-password');
    expect((await server.client().post('auth/activate', resetToken)).status).toBe(400);
  });
});
