/**
 * When the mail server refuses (issue #28, "Mail that reaches real inboxes"). A real SMTP server started
 * here (tests/api/support/smtp-server.ts) answers each recipient 250, 451 or 550 as the test decides.
 * - A temporary failure — a 4xx reply, a refused connection, a server that never greets — is retried
 *   with the backoff for as long as it lasts, never given up.
 * - A permanent failure (5xx) is retried until the message has been tried MAIL_MAX_PERMANENT_FAILURES
 *   times, then the message is marked failed (`failed_at`, keeping attempts and last error) and never
 *   tried again.
 * - General Settings' call (`GET settings/mail-failures`, org admins) counts the failed mail addressed
 *   to the organisation's people — its members and its pending invitations, the address matched ignoring
 *   case — with the last error and when; another organisation's failures never show, a member gets 403.
 *
 * Time is the test clock's: each test freezes it, moves it past a retry's delay and runs the sender's
 * pass itself (the timer's interval is an hour), so nothing sleeps.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/shared/ids.ts';
import { mailQueue } from '../../src/server/db/schema.ts';
import { memberOf, newRegistration, orgWithAdmin, uniqueName, type TestUser } from './support/factories.ts';
import { startTestServer, type TestServer } from './support/harness.ts';
import { startSmtpCatcher, type SmtpCatcher, type SmtpReply } from './support/smtp-server.ts';
import { workAfterAnswers } from '../../src/server/http/after-answer.ts';

const HOUR = 60 * 60 * 1000;
const FIRST_MS = 60_000;
const MAX_MS = 4 * 60_000;
const MAX_PERMANENT_FAILURES = 3;
const ENV = {
  MAIL_RETRY_FIRST_MS: String(FIRST_MS),
  MAIL_RETRY_MAX_MS: String(MAX_MS),
  MAIL_MAX_PERMANENT_FAILURES: String(MAX_PERMANENT_FAILURES),
  // The timer never fires during a test: each test runs the sender's pass itself.
  MAIL_DELIVERY_INTERVAL_MS: String(HOUR),
};

const GREYLISTED: SmtpReply = { code: 451, message: '4.7.1 Greylisted, try again later' };
const RELAY_DENIED: SmtpReply = { code: 550, message: '5.7.1 Relay access denied' };

let smtp: SmtpCatcher;
let server: TestServer;
/** How the SMTP server answers each address (lower case); others are accepted. */
const replies = new Map<string, SmtpReply>();

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  smtp.reply = (address) => replies.get(address);
  server = await startTestServer({ smtpUrl: smtp.url, env: ENV });
  smtp.outboxDir = server.outbox.dir;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

afterEach(() => server.clock.reset());

/** The sender's pass, as its timer would run it, with the clock moved on by `ms` first. */
async function passAfter(target: TestServer, ms: number): Promise<void> {
  target.clock.freeze(new Date(target.clock.now().getTime() + ms));
  target.deps.mail.deliverSoon();
  await target.deps.mail.idle();
}

async function queueRow(target: TestServer, recipient: string) {
  const rows = await target.db.select().from(mailQueue).where(eq(mailQueue.recipient, recipient));
  expect(rows, `one queued message to ${recipient}`).toHaveLength(1);
  return rows[0]!;
}

const address = (prefix: string) => `${uniqueName(prefix)}@example.com`.toLowerCase();

/** An org admin invites `email` (POST users): the invitation mail is queued and its first delivery tried. */
async function inviteAndTry(admin: TestUser, email: string): Promise<void> {
  const res = await admin.api.post('users', { email, roles: [] });
  expect(res.status, res.text).toBe(201);
  await server.deps.mail.idle();
}

describe('a temporary failure (451)', () => {
  it('is retried with the backoff for as long as it lasts, past the permanent failures’ bound, then delivered once', async () => {
    server.clock.freeze();
    const { admin } = await orgWithAdmin(server);
    const to = address('greylisted');
    replies.set(to, GREYLISTED);
    await inviteAndTry(admin, to);
    expect(smtp.tries(to)).toBe(1);

    // Not before its delay: a pass right away leaves it alone.
    await passAfter(server, 0);
    expect(smtp.tries(to)).toBe(1);
    for (let attempt = 2; attempt <= MAX_PERMANENT_FAILURES + 3; attempt++) {
      await passAfter(server, MAX_MS);
      expect(smtp.tries(to)).toBe(attempt);
    }
    const row = await queueRow(server, to);
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(MAX_PERMANENT_FAILURES + 3);
    expect(row.lastError).toMatch(/^451 4\.7\.1 Greylisted/);
    expect(row.nextAttemptAt.getTime()).toBe(server.clock.now().getTime() + MAX_MS);

    replies.delete(to);
    await passAfter(server, MAX_MS);
    expect(smtp.caught.filter((c) => c.to.includes(to))).toHaveLength(1);
    expect(await server.db.select().from(mailQueue).where(eq(mailQueue.recipient, to))).toEqual([]);
  });
});

describe('a permanent failure (550)', () => {
  it('is retried a bounded number of times, then marked failed — attempts and last error kept — and never tried again', async () => {
    server.clock.freeze();
    const { admin } = await orgWithAdmin(server);
    const to = address('refused');
    replies.set(to, RELAY_DENIED);
    await inviteAndTry(admin, to);
    expect(smtp.tries(to)).toBe(1);
    expect((await queueRow(server, to)).failedAt).toBeNull();

    await passAfter(server, 0);
    expect(smtp.tries(to)).toBe(1);
    await passAfter(server, FIRST_MS);
    expect(smtp.tries(to)).toBe(2);
    expect((await queueRow(server, to)).failedAt).toBeNull();
    await passAfter(server, MAX_MS);
    expect(smtp.tries(to)).toBe(MAX_PERMANENT_FAILURES);
    const failedAt = server.clock.now();

    const row = await queueRow(server, to);
    expect(row.failedAt?.toISOString()).toBe(failedAt.toISOString());
    expect(row.attempts).toBe(MAX_PERMANENT_FAILURES);
    expect(row.lastError).toBe('550 5.7.1 Relay access denied');

    // Never claimed again, even once the server would take it.
    replies.delete(to);
    await passAfter(server, HOUR);
    await passAfter(server, 24 * HOUR);
    expect(smtp.tries(to)).toBe(MAX_PERMANENT_FAILURES);
    expect(smtp.caught.filter((c) => c.to.includes(to))).toHaveLength(0);
    expect(await queueRow(server, to)).toEqual(row);
  });

  it('a 5xx after temporary failures gives up once the message has been tried the bounded number of times in all', async () => {
    server.clock.freeze();
    const { admin } = await orgWithAdmin(server);
    const to = address('later-refused');
    replies.set(to, GREYLISTED);
    await inviteAndTry(admin, to);
    for (let i = 0; i < MAX_PERMANENT_FAILURES; i++) await passAfter(server, MAX_MS);
    expect(smtp.tries(to)).toBe(MAX_PERMANENT_FAILURES + 1);
    expect((await queueRow(server, to)).failedAt).toBeNull();
    replies.set(to, RELAY_DENIED);
    await passAfter(server, MAX_MS);
    const row = await queueRow(server, to);
    expect(row.failedAt).not.toBeNull();
    expect(row.attempts).toBe(MAX_PERMANENT_FAILURES + 2);
    expect(row.lastError).toBe('550 5.7.1 Relay access denied');
  });
});

describe('no answer at all', () => {
  /** A port nothing listens on. */
  async function closedPort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  let silent: Server;
  beforeAll(async () => {
    // Takes the connection and never says a word (no 220 greeting).
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.close();
  });

  it.each([
    ['a refused connection', async () => `smtp://127.0.0.1:${await closedPort()}`, /ECONNREFUSED|connect/i],
    ['a server that never greets (timeout)', async () => `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}?greetingTimeout=300&connectionTimeout=300`, /timeout|greeting/i],
  ])('%s is a temporary failure: retried past the bound, never marked failed', async (_, smtpUrl, error) => {
    const other = await startTestServer({ smtpUrl: await smtpUrl(), env: ENV });
    try {
      other.clock.freeze();
      const registration = newRegistration();
      expect((await other.client().post('auth/register', registration)).status).toBe(201);
      await other.deps.mail.idle();
      for (let i = 0; i < MAX_PERMANENT_FAILURES + 1; i++) await passAfter(other, MAX_MS);
      const rows = await other.db.select().from(mailQueue).where(eq(mailQueue.recipient, registration.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.attempts).toBe(MAX_PERMANENT_FAILURES + 2);
      expect(rows[0]!.failedAt).toBeNull();
      expect(rows[0]!.lastError).toMatch(error);
    } finally {
      await other.close();
    }
  });
});

describe("General Settings: the organisation's failing mail (GET settings/mail-failures)", () => {
  /** A message already marked failed (550) at `failedAt`, as the sender leaves one. */
  async function storeFailedMail(recipient: string, failedAt: Date): Promise<void> {
    await server.db.insert(mailQueue).values({
      id: uuidv7(),
      recipient,
      subject: 'Reset your Ringbinder password',
      textBody: 'text',
      htmlBody: '<p>html</p>',
      createdAt: failedAt,
      nextAttemptAt: failedAt,
      attempts: MAX_PERMANENT_FAILURES,
      lastError: '550 5.1.1 Mailbox unavailable',
      failedAt,
    });
  }

  /** Fails every delivery to `to` until the message is marked failed; answers when that was. */
  async function failForGood(to: string, reply: SmtpReply, queue: () => Promise<void>): Promise<Date> {
    replies.set(to, reply);
    await queue();
    // A reset request queues its mail after its answer (http/after-answer.ts): wait for that work first.
    await workAfterAnswers(server.deps.db);
    await server.deps.mail.idle();
    for (let i = 1; i < MAX_PERMANENT_FAILURES; i++) await passAfter(server, MAX_MS);
    const row = await queueRow(server, to);
    expect(row.failedAt, `mail to ${to} failed`).not.toBeNull();
    return row.failedAt!;
  }

  it('shows an org admin the count, the last error and when — of mail to its members and invitees only; a member gets 403', async () => {
    server.clock.freeze();
    const a = await orgWithAdmin(server);
    const b = await orgWithAdmin(server);
    const quiet = await orgWithAdmin(server);
    const member = await memberOf(server, a.admin);

    // Nothing has failed yet: nothing to show.
    const none = { count: 0, last_error: null, last_failed_at: null };
    expect((await a.admin.api.get('settings/mail-failures')).body).toEqual(none);

    // A's invitation to an address the relay refuses.
    const invitee = address('invitee');
    await failForGood(invitee, { code: 550, message: `5.1.1 <${invitee}>: Recipient address rejected` }, async () => {
      expect((await a.admin.api.post('users', { email: invitee, roles: [] })).status).toBe(201);
    });
    // A password reset for A's member, refused later on.
    server.clock.freeze(new Date(server.clock.now().getTime() + HOUR));
    const memberFailedAt = await failForGood(member.email.toLowerCase(), RELAY_DENIED, async () => {
      expect((await server.client().postForm('auth/send-password-reset', { email: member.email })).status).toBe(200);
    });
    // B's own invitation fails after both: A must not see it (nor its address), B sees only it.
    server.clock.freeze(new Date(server.clock.now().getTime() + HOUR));
    const stranger = address('stranger');
    const strangerFailedAt = await failForGood(stranger, { code: 554, message: `5.7.1 <${stranger}>: Sender blocked` }, async () => {
      expect((await b.admin.api.post('users', { email: stranger, roles: [] })).status).toBe(201);
    });
    // Mail to nobody's people (a registration's activation) shows to no organisation.
    server.clock.freeze(new Date(server.clock.now().getTime() + HOUR));
    const loner = newRegistration();
    await failForGood(loner.email.toLowerCase(), RELAY_DENIED, async () => {
      expect((await server.client().post('auth/register', loner)).status).toBe(201);
    });

    const ofA = await a.admin.api.get('settings/mail-failures');
    expect(ofA.status, ofA.text).toBe(200);
    expect(ofA.body).toEqual({ count: 2, last_error: '550 5.7.1 Relay access denied', last_failed_at: memberFailedAt.toISOString() });
    expect(ofA.text).not.toContain(stranger);

    const ofB = await b.admin.api.get('settings/mail-failures');
    expect(ofB.body).toEqual({ count: 1, last_error: `554 5.7.1 <${stranger}>: Sender blocked`, last_failed_at: strangerFailedAt.toISOString() });
    expect((await quiet.admin.api.get('settings/mail-failures')).body).toEqual(none);

    const refused = await member.api.get('settings/mail-failures');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: 'Only organization admins can do this' });
  });

  it('matches a recipient to a member ignoring case, and forgets an invitee once the invitation is cancelled', async () => {
    server.clock.freeze();
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const failedAt = server.clock.now();
    // A failed message whose recipient was written in another case than the account's address.
    await storeFailedMail(member.email.toUpperCase(), failedAt);
    expect((await admin.api.get('settings/mail-failures')).body).toEqual({
      count: 1,
      last_error: '550 5.1.1 Mailbox unavailable',
      last_failed_at: failedAt.toISOString(),
    });

    const invitee = address('cancelled');
    server.clock.freeze(new Date(failedAt.getTime() + HOUR));
    let invitation = '';
    await failForGood(invitee, RELAY_DENIED, async () => {
      const invited = await admin.api.post('users', { email: invitee, roles: [] });
      expect(invited.status, invited.text).toBe(201);
      invitation = invited.body.id as string;
    });
    expect((await admin.api.get('settings/mail-failures')).body).toMatchObject({ count: 2, last_error: '550 5.7.1 Relay access denied' });
    expect((await admin.api.delete(`auth/org-invites/${invitation}`)).status).toBe(204);
    expect((await admin.api.get('settings/mail-failures')).body).toMatchObject({ count: 1, last_error: '550 5.1.1 Mailbox unavailable' });
  });

  it('shows only the last week of failures: a relay fixed long ago no longer says mail is failing', async () => {
    server.clock.freeze();
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const failedAt = server.clock.now();
    await storeFailedMail(member.email, failedAt);
    server.clock.freeze(new Date(failedAt.getTime() + 7 * 24 * HOUR - 1000));
    expect((await admin.api.get('settings/mail-failures')).body).toMatchObject({ count: 1 });
    server.clock.freeze(new Date(failedAt.getTime() + 7 * 24 * HOUR + 1000));
    expect((await admin.api.get('settings/mail-failures')).body).toEqual({ count: 0, last_error: null, last_failed_at: null });
  });
});
