/** auth/send-password-reset and auth/reset-password: one answer for every address, single-use one-hour tokens, other sessions ended. */
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/operations/logger.ts';
import { linkIn, register, registerAndActivate, requestAccessToken, signIn, tokenFromMail, uniqueName } from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';

/** The server's log lines (a failed after-answer task is logged there, operations/logger.ts). */
const logged: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const server = useTestServer({ log: createLogger({ level: 'info', format: 'json', destination }) });
const HOUR = 60 * 60 * 1000;
const SENT = { detail: 'If this address belongs to an account, a password reset link has been sent to it.' };
const INVALID = { detail: 'This password reset link is invalid or has expired' };

async function requestReset(email: string) {
  return server.client().postForm('auth/send-password-reset', { email });
}

async function resetToken(email: string): Promise<string> {
  const res = await requestReset(email);
  expect(res.status, res.text).toBe(200);
  return tokenFromMail(server, email, '/reset-password');
}

describe('POST auth/send-password-reset', () => {
  it('e-mails a link to {PUBLIC_URL}/reset-password?token=… for an active account', async () => {
    const user = await registerAndActivate(server);
    const res = await requestReset(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(SENT);
    const mail = await server.outbox.last(user.email);
    expect(mail.subject).toBe('Reset your Ringbinder password');
    const link = linkIn(mail, '/reset-password');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=[\\w-]{43}$`));
    expect(mail.html).toContain(link);
  });

  it('answers the same for an unknown address and an inactive account, and sends nothing', async () => {
    const before = (await server.outbox.all()).length;
    const unknown = await requestReset(`${uniqueName('nobody')}@example.com`);
    const { registration } = await register(server);
    const inactiveBefore = (await server.outbox.to(registration.email)).length;
    const inactive = await requestReset(registration.email);
    for (const res of [unknown, inactive]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(SENT);
    }
    expect((await server.outbox.to(registration.email)).length).toBe(inactiveBefore);
    expect((await server.outbox.all()).length).toBe(before + 1); // the registration mail only
  });

  it('answers before it looks the address up, known or not: with the accounts out of reach both answer alike (issue 28: the same time either way)', async () => {
    const user = await registerAndActivate(server);
    const unknown = `${uniqueName('nobody')}@example.com`;
    const before = logged.length;
    // If either answer waited for the lookup, it would fail with the table gone (500), or take longer than the other.
    await server.db.execute(sql`alter table users rename to users_out_of_reach`);
    let lines: string;
    try {
      const known = await requestReset(user.email);
      const nobody = await requestReset(unknown);
      for (const res of [known, nobody]) {
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject(SENT);
      }
      await server.outbox.all(); // the work left for after the answers has run (and failed: no accounts table)
      lines = logged.slice(before).join('\n');
    } finally {
      await server.db.execute(sql`alter table users_out_of_reach rename to users`);
    }
    expect(lines).toContain('Password reset request');
    expect((await server.outbox.to(user.email)).map((m) => m.subject)).toEqual(['Activate your Ringbinder account']);
    // With the table back, the same request mails the link.
    await requestReset(user.email);
    expect((await server.outbox.last(user.email)).subject).toBe('Reset your Ringbinder password');
  });

  it('is form-encoded (JSON with the same field is accepted too)', async () => {
    const user = await registerAndActivate(server);
    const json = await server.client().post('auth/send-password-reset', { email: user.email });
    expect(json.status).toBe(200);
    const plain = await server.client().post('auth/send-password-reset', undefined, {
      body: `email=${user.email}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ detail: 'The request body must be form-encoded' });
  });

  it('refuses a missing or malformed address with 422', async () => {
    const missing = await server.client().postForm('auth/send-password-reset', {});
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe('email: Field required');
    const malformed = await requestReset('not-an-address');
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toBe('Invalid Email');
  });
});

describe('POST auth/reset-password', () => {
  it('sets the new password: the old one stops working', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    const res = await server.client().post('auth/reset-password', { password: 'a brand new secret', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ detail: 'Password Has Been Reset' });
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(400);
    expect((await requestAccessToken(server, user.username, 'a brand new secret')).status).toBe(200);
  });

  it('accepts the token also sent as the bearer token (the client sends both)', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    const res = await server.client(token).post('auth/reset-password', { password: 'bearer and body', token });
    expect(res.status).toBe(200);
  });

  it('uses a token once', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    expect((await server.client().post('auth/reset-password', { password: 'first new one', token })).status).toBe(200);
    const again = await server.client().post('auth/reset-password', { password: 'second new one', token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(INVALID);
    expect((await requestAccessToken(server, user.username, 'first new one')).status).toBe(200);
  });

  it('uses a token once even when it is sent several times at the same moment', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    const answers = await Promise.all(
      ['first racer', 'second racer', 'third racer'].map((password) => server.client().post('auth/reset-password', { password, token })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('accepts a token for one hour, not after', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    await server.clock.shifted(HOUR + 1000, async () => {
      const res = await server.client().post('auth/reset-password', { password: 'too late now', token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(INVALID);
    });
    await server.clock.shifted(HOUR - 60_000, async () => {
      expect((await server.client().post('auth/reset-password', { password: 'just in time', token })).status).toBe(200);
    });
  });

  it('voids every other outstanding reset link of the account, older and newer alike', async () => {
    const user = await registerAndActivate(server);
    const other = await registerAndActivate(server);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    const third = await resetToken(user.email);
    const othersLink = await resetToken(other.email);
    expect((await server.client().post('auth/reset-password', { password: 'the middle one', token: second })).status).toBe(200);
    for (const token of [first, third]) {
      const res = await server.client().post('auth/reset-password', { password: 'an older or newer link', token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(INVALID);
    }
    expect((await requestAccessToken(server, user.username, 'the middle one')).status).toBe(200);
    // Another account's link is its own.
    expect((await server.client().post('auth/reset-password', { password: 'still works here', token: othersLink })).status).toBe(200);
  });

  it("ends the user's sessions at once, and only that user's", async () => {
    const user = await registerAndActivate(server);
    const laptop = await signIn(server, user);
    const other = await registerAndActivate(server);
    const token = await resetToken(user.email);
    expect((await user.api.get('auth/me')).status).toBe(200);
    expect((await server.client().post('auth/reset-password', { password: 'sessions all end', token })).status).toBe(200);
    for (const api of [user.api, laptop.api]) {
      const res = await api.get('auth/me');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ detail: 'Could not validate credentials' });
    }
    expect((await other.api.get('auth/me')).status).toBe(200);
  });

  it('refuses unknown tokens and activation tokens', async () => {
    expect((await server.client().post('auth/reset-password', { password: 'whatever123', token: 'nope' })).body).toMatchObject(INVALID);
    const { registration } = await register(server);
    const activation = await tokenFromMail(server, registration.email, '/auth/activate');
    const res = await server.client().post('auth/reset-password', { password: 'whatever123', token: activation });
    expect(res.status).toBe(400);
    // The activation token was not spent by the attempt.
    expect((await server.client().post('auth/activate', activation)).status).toBe(200);
  });

  it('checks the new password and the token before using the token', async () => {
    const user = await registerAndActivate(server);
    const token = await resetToken(user.email);
    const short = await server.client().post('auth/reset-password', { password: 'short', token });
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe('Password must be at least 8 characters long');
    const noToken = await server.client().post('auth/reset-password', { password: 'long enough' });
    expect(noToken.status).toBe(422);
    expect(noToken.body.detail).toBe('token: Field required');
    const wrongType = await server.client().post('auth/reset-password', { password: 12345678, token });
    expect(wrongType.status).toBe(422);
    expect((await server.client().post('auth/reset-password', 'just a string')).status).toBe(422);
    expect((await server.client().post('auth/reset-password', undefined, { body: '{' })).status).toBe(400);
    // The token still works after all those refusals.
    expect((await server.client().post('auth/reset-password', { password: 'long enough', token })).status).toBe(200);
  });
});
