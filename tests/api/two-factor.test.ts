/**
 * auth/set-otp and two-factor sign-in: enabling answers an otpauth URI, a 6-digit code confirms it, each
 * code is accepted once, disabling needs a code, and sign-in answers 'Incorrect OTP' until given a fresh code.
 * The server's clock is frozen and moved in whole 30-second steps, so codes never race the real clock.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { users } from '../../src/server/db/schema.ts';
import { startServer } from '../../src/server/server.ts';
import { registerAndActivate, requestAccessToken, shared, type TestUser } from './support/factories.ts';
import { ApiClient } from './support/http.ts';
import { useTestServer } from './support/harness.ts';

const server = useTestServer();
const someUser = shared(() => registerAndActivate(server));
const STEP = 30_000;

beforeEach(() => {
  // One second into a 30-second step.
  server.clock.freeze(new Date(Math.floor(Date.now() / STEP) * STEP + 1000));
  return () => server.clock.reset();
});

/** The code of the step `steps` away from the server's current time. */
function codeAt(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({
    timestamp: server.clock.now().getTime() + steps * STEP,
  });
}

async function startEnabling(user: TestUser): Promise<string> {
  const res = await user.api.post('auth/set-otp', { enabled: true });
  expect(res.status, res.text).toBe(200);
  const secret = new URL(res.body.uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${res.body.uri}`);
  return secret;
}

async function enableTwoFactor(user: TestUser): Promise<string> {
  const secret = await startEnabling(user);
  const res = await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(secret) });
  expect(res.status, res.text).toBe(200);
  return secret;
}

describe('POST auth/set-otp', () => {
  it('enabling answers an otpauth URI for the QR code; two-factor is on only after a code confirms it', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.post('auth/set-otp', { enabled: true });
    expect(res.status).toBe(200);
    expect(res.body.otp_enabled).toBe(false);
    const uri = new URL(res.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Ringbinder:${user.username}`);
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(false);
    // Not on yet: signing in needs no code.
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(200);

    const secret = uri.searchParams.get('secret')!;
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    const refused = await user.api.post('auth/set-otp', { enabled: true, verify_otp: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'Incorrect Code, Try Again' });

    const confirmed = await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ otp_enabled: true });
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(true);
  });

  it('refuses to enable twice', async () => {
    const user = await registerAndActivate(server);
    await enableTwoFactor(user);
    const res = await user.api.post('auth/set-otp', { enabled: true });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Two-factor authentication is already enabled');
  });

  it('refuses a code before enabling was started', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.post('auth/set-otp', { enabled: true, verify_otp: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Start enabling two-factor authentication first');
  });

  it('a new start replaces the secret: codes of the old one are refused', async () => {
    const user = await registerAndActivate(server);
    const first = await startEnabling(user);
    const second = await startEnabling(user);
    expect(second).not.toBe(first);
    if (codeAt(first) !== codeAt(second)) {
      expect((await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(first) })).status).toBe(400);
    }
    expect((await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(second) })).status).toBe(200);
  });

  it('disabling needs a fresh code', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);

    const noCode = await user.api.post('auth/set-otp', { enabled: false });
    expect(noCode.status).toBe(400);
    expect(noCode.body.detail).toBe('Incorrect Code, Try Again');
    // The code that enabled it was used already.
    const used = await user.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(secret) });
    expect(used.status).toBe(400);
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(true);

    server.clock.advance(STEP);
    const res = await user.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(secret) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ otp_enabled: false });
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(false);
    expect((await requestAccessToken(server, user.username, user.password)).status).toBe(200);
  });

  it('disabling when it is off changes nothing and needs no code', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.post('auth/set-otp', { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ otp_enabled: false });
  });

  it.each([
    [{}, 422, 'enabled: Field required'],
    [{ enabled: 'yes' }, 422, 'enabled: enabled must be true or false'],
    [{ enabled: true, verify_otp: '12345' }, 422, 'Incorrect Code, Try Again'],
    [{ enabled: true, verify_otp: 'abcdef' }, 422, 'Incorrect Code, Try Again'],
    [{ enabled: true, verify_otp: 123456 }, 422, undefined],
    [true, 422, undefined],
  ])('refuses the body %j', async (body, status, detail) => {
    const user = await someUser();
    const res = await user.api.post('auth/set-otp', body);
    expect(res.status).toBe(status);
    if (detail) expect(res.body.detail).toBe(detail);
    else expect(typeof res.body.detail).toBe('string');
  });

  it('needs a signed-in caller', async () => {
    const res = await server.client().post('auth/set-otp', { enabled: true });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ detail: 'Could not validate credentials' });
  });
});

describe('POST auth/access-token with two-factor on', () => {
  it("answers 'Incorrect OTP' without a code or with a wrong one, and a token with a fresh code", async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    server.clock.advance(STEP);

    const noCode = await requestAccessToken(server, user.username, user.password);
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ detail: 'Incorrect OTP' });
    const blank = await requestAccessToken(server, user.username, user.password, '  ');
    expect(blank.body).toMatchObject({ detail: 'Incorrect OTP' });
    const wrongCode = codeAt(secret) === '000000' ? '111111' : '000000';
    expect((await requestAccessToken(server, user.username, user.password, wrongCode)).body).toMatchObject({ detail: 'Incorrect OTP' });
    expect((await requestAccessToken(server, user.username, user.password, 'abc')).body).toMatchObject({ detail: 'Incorrect OTP' });

    const res = await requestAccessToken(server, user.username, user.password, codeAt(secret));
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
  });

  it('accepts a code once even when several sign-ins bring it at the same moment', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    server.clock.advance(STEP);
    const code = codeAt(secret);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestAccessToken(server, user.username, user.password, code)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    // The others are refused: the code is used (or, while five attempts are still being checked, the throttle).
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect([400, 429]).toContain(res.status);
      if (res.status === 400) expect(res.body.detail).toBe('Incorrect OTP');
    }
  });

  it('a wrong password with a right code is still a wrong password', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    server.clock.advance(STEP);
    const res = await requestAccessToken(server, user.username, 'not the password', codeAt(secret));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Incorrect username or password');
  });

  it('accepts each code once, and none older than the last one used', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    // The code that confirmed the set-up cannot sign in.
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret))).body).toMatchObject({ detail: 'Incorrect OTP' });

    server.clock.advance(3 * STEP);
    const previous = codeAt(secret, -1);
    expect((await requestAccessToken(server, user.username, user.password, previous)).status).toBe(200);
    expect((await requestAccessToken(server, user.username, user.password, previous)).body).toMatchObject({ detail: 'Incorrect OTP' });
    // One step of drift ahead is accepted too…
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret, 1))).status).toBe(200);
    // …after which the current code is older than the last one used.
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret))).body).toMatchObject({ detail: 'Incorrect OTP' });
    // Codes two steps away are refused.
    server.clock.advance(3 * STEP);
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret, 2))).body).toMatchObject({ detail: 'Incorrect OTP' });
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret, -2))).body).toMatchObject({ detail: 'Incorrect OTP' });
  });
});

/** A six-digit code that is none of the codes the server would accept now (steps -1, 0 and +1). */
function wrongCodeFor(secret: string, n = 0): string {
  const valid = new Set([-1, 0, 1].map((step) => codeAt(secret, step)));
  for (let i = n; ; i += 1) {
    const code = String(100000 + ((i * 7919) % 900000)).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('POST auth/set-otp with wrong codes is throttled like sign-in (issue 28)', () => {
  const WRONG = { detail: 'Incorrect Code, Try Again' };

  it('turning two-factor off: 5 wrong codes answer 400, then 429 with Retry-After, even for the right code, until the window has passed', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    server.clock.advance(STEP);
    const answers = [];
    for (let i = 0; i < 25; i += 1) answers.push(await user.api.post('auth/set-otp', { enabled: false, verify_otp: wrongCodeFor(secret, i) }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const res of answers.slice(0, 5)) expect(res.body).toMatchObject(WRONG);
    for (const res of answers.slice(5)) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    }
    const right = await user.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(secret) });
    expect(right.status).toBe(429);
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(true);

    server.clock.advance(15 * 60_000 + STEP);
    const later = await user.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(secret) });
    expect(later.status, later.text).toBe(200);
    expect((await user.api.get('auth/me')).body.otp_enabled).toBe(false);
  });

  it('turning it on: wrong confirmation codes are throttled the same way', async () => {
    const user = await registerAndActivate(server);
    const secret = await startEnabling(user);
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await user.api.post('auth/set-otp', { enabled: true, verify_otp: wrongCodeFor(secret, i) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(secret) })).status).toBe(429);
  });

  it('counts wrong codes only, per account: a right code is no failure, starting or a missing code count nothing, and another account is not held back', async () => {
    const user = await registerAndActivate(server);
    const other = await registerAndActivate(server);
    const otherSecret = await enableTwoFactor(other);
    for (let i = 0; i < 4; i += 1) expect((await user.api.post('auth/set-otp', { enabled: true })).status).toBe(200);
    const secret = await startEnabling(user);
    for (let i = 0; i < 4; i += 1) expect((await user.api.post('auth/set-otp', { enabled: true, verify_otp: wrongCodeFor(secret, i) })).status).toBe(400);
    expect((await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(secret) })).status).toBe(200);
    server.clock.advance(STEP);
    // The right code cleared the count: five more wrong ones are refused with 400 before the limit closes.
    expect((await user.api.post('auth/set-otp', { enabled: false })).status).toBe(400);
    for (let i = 0; i < 5; i += 1) expect((await user.api.post('auth/set-otp', { enabled: false, verify_otp: wrongCodeFor(secret, i) })).status).toBe(400);
    expect((await user.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(secret) })).status).toBe(429);
    expect((await other.api.post('auth/set-otp', { enabled: false, verify_otp: codeAt(otherSecret) })).status).toBe(200);
  });

  it('wrong codes sent at the same moment cannot slip past the limit', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    server.clock.advance(STEP);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => user.api.post('auth/set-otp', { enabled: false, verify_otp: wrongCodeFor(secret, i) })),
    );
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
  });
});

describe('the two-factor secret at rest (issue 28)', () => {
  const storedSecret = async (userId: string) => (await server.db.select({ s: users.otpSecret }).from(users).where(eq(users.id, userId)))[0]!.s;

  it('is stored encrypted (v1:…), never as the base32 secret; a sign-in with a code of the secret still works', async () => {
    const user = await registerAndActivate(server);
    const pending = await startEnabling(user);
    const whileStarting = await storedSecret(user.id);
    expect(whileStarting).toMatch(/^v1:[\w-]+$/);
    expect(whileStarting).not.toContain(pending);
    const res = await user.api.post('auth/set-otp', { enabled: true, verify_otp: codeAt(pending) });
    expect(res.status, res.text).toBe(200);
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(pending);
    server.clock.advance(STEP);
    expect((await requestAccessToken(server, user.username, user.password, codeAt(pending))).status).toBe(200);
  });

  it('the key is made once under DATA_DIR/secrets, readable by the server alone', async () => {
    const file = await stat(join(server.config.dataDir, 'secrets', 'app.key'));
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('a secret still stored as plain base32 signs in (read as it is), and is encrypted when a server starts', async () => {
    const user = await registerAndActivate(server);
    const secret = await enableTwoFactor(user);
    // A row as servers before issue 28 wrote it.
    await server.db.update(users).set({ otpSecret: secret }).where(eq(users.id, user.id));
    server.clock.advance(STEP);
    expect((await requestAccessToken(server, user.username, user.password, codeAt(secret))).status).toBe(200);
    expect(await storedSecret(user.id)).toBe(secret);

    // Another server starts on this database (PostgreSQL: the same one; PGlite: a copy of its files), with the same DATA_DIR.
    let database: DatabaseHandle;
    if (server.databaseUrl) database = await openDatabase({ databaseUrl: server.databaseUrl });
    else {
      const client = (server.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
      database = await openDatabase({ loadDataDir: await client.dumpDataDir('gzip') });
    }
    const restarted = await startServer({ ...server.config, port: 0 }, { database, now: server.clock.now });
    try {
      const [row] = await database.db.select({ s: users.otpSecret }).from(users).where(eq(users.id, user.id));
      expect(row!.s).toMatch(/^v1:/);
      expect(row!.s).not.toContain(secret);
      server.clock.advance(STEP);
      const signIn = await new ApiClient(`${restarted.url}/api/v1`).postForm('auth/access-token', {
        username: user.username,
        password: user.password,
        client_secret: codeAt(secret),
      });
      expect(signIn.status, signIn.text).toBe(200);
      // Starting again finds nothing left to encrypt and leaves the row as it is.
      const again = await startServer({ ...server.config, port: 0 }, { database: { ...database, close: () => Promise.resolve() }, now: server.clock.now });
      await again.close();
      const [same] = await database.db.select({ s: users.otpSecret }).from(users).where(eq(users.id, user.id));
      expect(same!.s).toBe(row!.s);
    } finally {
      await restarted.close();
    }
  });
});

