/**
 * Throttling of sign-in and reset requests: 429 with Retry-After. Failed sign-ins count per account and
 * address, so a stranger's guesses close the account to the stranger's address only; guesses spread over
 * many addresses close it to addresses it has never signed in from, never to the owner's own; and every
 * address has its own limit. A reset always lets the owner back in.
 * Each test comes from its own addresses (X-Forwarded-For, trusted with TRUST_PROXY=1).
 */
import { describe, expect, it } from 'vitest';
import { recordAttempt, throttleKeys, throttleRules } from '../../src/server/auth/throttle.ts';
import { newRegistration, register, registerAndActivate, tokenFromMail, uniqueName } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import type { ApiResponse } from './support/http.ts';

const server = useTestServer({ env: { TRUST_PROXY: '1' } });
const MINUTE = 60_000;
const THROTTLED = { detail: 'Too many attempts, please try again later' };

let lastOctet = 0;
/** A documentation address (RFC 5737) no other test uses. */
function newIp(): string {
  lastOctet += 1;
  return `203.0.${Math.floor(lastOctet / 250)}.${lastOctet % 250}`;
}

function signInFrom(ip: string, username: string, password: string): Promise<ApiResponse> {
  return server.client().postForm('auth/access-token', { username, password }, { headers: { 'x-forwarded-for': ip } });
}

function resetFrom(ip: string, email: string): Promise<ApiResponse> {
  return server.client().postForm('auth/send-password-reset', { email }, { headers: { 'x-forwarded-for': ip } });
}

function expectThrottled(res: ApiResponse, windowSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject(THROTTLED);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}


describe('sign-in throttle per account and address', () => {
  it('after 5 failures from one address the account answers 429 there with Retry-After, even to the right password', async () => {
    const user = await registerAndActivate(server);
    const attacker = newIp();
    // The username and the e-mail are one account.
    for (const login of [user.username, user.email, user.username, user.email, user.username]) {
      expect((await signInFrom(attacker, login, 'guess guess')).status).toBe(400);
    }
    expectThrottled(await signInFrom(attacker, user.username, user.password), 15 * 60);
    expectThrottled(await signInFrom(attacker, user.email, user.password), 15 * 60);
    // Another account from the attacker's address is not affected.
    const other = await registerAndActivate(server);
    expect((await signInFrom(attacker, other.username, other.password)).status).toBe(200);
  });

  it("a stranger's failures do not lock the real user out: not on their usual device, not on a new one", async () => {
    const user = await registerAndActivate(server);
    const home = newIp();
    expect((await signInFrom(home, user.username, user.password)).status).toBe(200);
    const stranger = newIp();
    for (let i = 0; i < 5; i++) expect((await signInFrom(stranger, user.username, 'guess guess')).status).toBe(400);
    expectThrottled(await signInFrom(stranger, user.username, user.password), 15 * 60);
    expect((await signInFrom(home, user.username, user.password)).status).toBe(200);
    expect((await signInFrom(home, user.email, user.password)).status).toBe(200);
    expect((await signInFrom(newIp(), user.username, user.password)).status).toBe(200);
  });

  it('guesses sent all at once from one address get no more than 5 tries', async () => {
    const user = await registerAndActivate(server);
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signInFrom(ip, user.username, 'guess guess')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    expectThrottled(await signInFrom(ip, user.username, user.password), 15 * 60);
  });

  it('a right password without its two-factor code, or of an inactive account, is no failed guess', async () => {
    const ip = newIp();
    const user = await registerAndActivate(server);
    const { registration: inactive } = await register(server);
    for (let i = 0; i < 6; i++) {
      const res = await signInFrom(ip, inactive.username, inactive.password);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/not active/);
    }
    expect((await signInFrom(ip, user.username, user.password)).status).toBe(200);
  });

  it('counts unknown usernames too, so they answer like real ones', async () => {
    const ip = newIp();
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 5; i++) expect((await signInFrom(ip, ghost, 'guess guess')).status).toBe(400);
    expectThrottled(await signInFrom(ip, ghost.toUpperCase(), 'guess guess'), 15 * 60);
    expect((await signInFrom(newIp(), ghost, 'guess guess')).status).toBe(400);
  });

  it('a successful sign-in clears the count', async () => {
    const user = await registerAndActivate(server);
    const ip = newIp();
    for (let i = 0; i < 4; i++) await signInFrom(ip, user.username, 'guess guess');
    expect((await signInFrom(ip, user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signInFrom(ip, user.username, 'guess guess')).status).toBe(400);
    expect((await signInFrom(ip, user.username, user.password)).status).toBe(200);
  });

  it('lifts after the 15-minute window', async () => {
    const user = await registerAndActivate(server);
    const ip = newIp();
    for (let i = 0; i < 5; i++) await signInFrom(ip, user.username, 'guess guess');
    expect((await signInFrom(ip, user.username, user.password)).status).toBe(429);
    await server.clock.shifted(15 * MINUTE + 1000, async () => {
      expect((await signInFrom(ip, user.username, user.password)).status).toBe(200);
    });
  });

  it('a user locked out at their own address (someone behind the same address guessed) resets the password and signs in again', async () => {
    const user = await registerAndActivate(server);
    const home = newIp();
    for (let i = 0; i < 5; i++) await signInFrom(home, user.username, 'guess guess');
    expectThrottled(await signInFrom(home, user.username, user.password), 15 * 60);

    expect((await resetFrom(home, user.email)).status).toBe(200);
    const token = await tokenFromMail(server, user.email, '/reset-password');
    const reset = await server.client().post('auth/reset-password', { password: 'my new password', token }, {
      headers: { 'x-forwarded-for': home },
    });
    expect(reset.status).toBe(200);
    expect((await signInFrom(home, user.username, 'my new password')).status).toBe(200);
  });

  it(`guesses spread over many addresses: after ${throttleRules.signInAccount.limit} the account refuses addresses it has never signed in from, not its own; a reset lifts it`, async () => {
    const user = await registerAndActivate(server);
    const home = newIp();
    expect((await signInFrom(home, user.username, user.password)).status).toBe(200);
    const spread = throttleRules.signInAccount.limit;
    // As the server records them: most directly, the last four over HTTP from four more addresses.
    for (let i = 0; i < spread - 4; i++) await recordAttempt(server.db, throttleKeys.signInAccount(user.id), server.clock.now());
    for (let i = 0; i < 4; i++) expect((await signInFrom(newIp(), user.username, 'guess guess')).status).toBe(400);
    expectThrottled(await signInFrom(newIp(), user.username, user.password), 15 * 60);
    expect((await signInFrom(home, user.username, user.password)).status).toBe(200);

    expect((await resetFrom(home, user.email)).status).toBe(200);
    const token = await tokenFromMail(server, user.email, '/reset-password');
    expect((await server.client().post('auth/reset-password', { password: 'my new password', token })).status).toBe(200);
    expect((await signInFrom(newIp(), user.username, 'my new password')).status).toBe(200);
  });
});

describe('sign-in throttle per IP', () => {
  it('after 30 failures from one address, that address answers 429 for every account; others are unaffected', async () => {
    const user = await registerAndActivate(server);
    const attacker = newIp();
    // Each failure costs an argon2 check on purpose; 26 are recorded directly (as the server records
    // them), the last 4 go over HTTP with four different names, so only the address connects them.
    for (let i = 0; i < 26; i++) await recordAttempt(server.db, throttleKeys.signInIp(attacker), server.clock.now());
    const results = await Promise.all([1, 2, 3, 4].map((i) => signInFrom(attacker, uniqueName(`spray${i}`), 'guess guess')));
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expectThrottled(await signInFrom(attacker, user.username, user.password), 15 * 60);
    expectThrottled(await signInFrom(attacker, uniqueName('fresh'), 'guess guess'), 15 * 60);
    expect((await signInFrom(newIp(), user.username, user.password)).status).toBe(200);
  });

  it('a successful sign-in does not clear the count of its address', async () => {
    const user = await registerAndActivate(server);
    const attacker = newIp();
    for (let i = 0; i < 29; i++) await recordAttempt(server.db, throttleKeys.signInIp(attacker), server.clock.now());
    expect((await signInFrom(attacker, user.username, user.password)).status).toBe(200);
    expect((await signInFrom(attacker, uniqueName('spray'), 'guess guess')).status).toBe(400);
    expectThrottled(await signInFrom(attacker, user.username, user.password), 15 * 60);
  });
});

describe('reset-request throttle', () => {
  it('after 5 requests for one address it answers 429 — alike for known and unknown addresses', async () => {
    const user = await registerAndActivate(server);
    const unknown = `${uniqueName('nobody')}@example.com`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await resetFrom(newIp(), email.toUpperCase())).status).toBe(200);
      expectThrottled(await resetFrom(newIp(), email), 60 * 60);
    }
    expect(await server.outbox.to(user.email)).toHaveLength(1 + 5); // activation + five reset links
  });

  it('requests sent all at once send no more than 5 mails', async () => {
    const user = await registerAndActivate(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => resetFrom(newIp(), user.email)));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(5).fill(429)]);
    expect(await server.outbox.to(user.email)).toHaveLength(1 + 5);
  });

  it('after 20 requests from one address it answers 429 for any e-mail', async () => {
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => resetFrom(ip, `${uniqueName(`r${i}`)}@example.com`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expectThrottled(await resetFrom(ip, `${uniqueName('late')}@example.com`), 60 * 60);
    expect((await resetFrom(newIp(), `${uniqueName('other')}@example.com`)).status).toBe(200);
  });
});

describe('registration and organisation creation throttle per IP', () => {
  const limited = useTestServer({ env: { TRUST_PROXY: '1', REGISTRATIONS_PER_IP_PER_HOUR: '3', ORGANISATIONS_PER_IP_PER_HOUR: '2' } });

  const registerFrom = (ip: string) => limited.client().post('auth/register', newRegistration(), { headers: { 'x-forwarded-for': ip } });

  /** An active account registered from an address of its own. */
  async function accountFrom(ip: string): Promise<string> {
    const registration = newRegistration();
    expect((await limited.client().post('auth/register', registration, { headers: { 'x-forwarded-for': ip } })).status).toBe(201);
    const token = await tokenFromMail(limited, registration.email, '/auth/activate');
    const res = await limited.client().post('auth/activate', token);
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  }

  it('registrations: the limit from one address in an hour, then 429 with Retry-After; other addresses are unaffected; it lifts after the hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await registerFrom(ip)).status).toBe(201);
    expectThrottled(await registerFrom(ip), 60 * 60);
    expect((await registerFrom(newIp())).status).toBe(201);
    await limited.clock.shifted(60 * MINUTE + 1000, async () => {
      expect((await registerFrom(ip)).status).toBe(201);
    });
  });

  it('registrations sent all at once get no more than the limit', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 7 }, () => registerFrom(ip)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429]);
  });

  it('organisations: the limit from one address in an hour, whoever asks, then 429; other addresses are unaffected', async () => {
    const [first, second] = [await accountFrom(newIp()), await accountFrom(newIp())];
    const office = newIp();
    const createFrom = (token: string, ip: string) =>
      limited.client(token).post('auth/create-org', { name: uniqueName('Org') }, { headers: { 'x-forwarded-for': ip } });
    expect((await createFrom(first!, office)).status).toBe(201);
    expect((await createFrom(second!, office)).status).toBe(201);
    expectThrottled(await createFrom(first!, office), 60 * 60);
    expectThrottled(await createFrom(second!, office), 60 * 60);
    expect((await createFrom(second!, newIp())).status).toBe(201);
  });
});
