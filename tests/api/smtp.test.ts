/**
 * With SMTP_URL set, mail goes over SMTP to a real SMTP server started here (tests/api/support/smtp-server.ts),
 * and arrives as real relays want it (issue #28, "Mail that reaches real inboxes"): sent by MAIL_FROM
 * (envelope and From header), dated when it was queued (not when a retry finally delivered it),
 * multipart/alternative with a text/plain and a text/html part, and — notification mail only — with a
 * List-Unsubscribe address (https, no one-click POST). The activation link in it works; nothing is
 * written by the server's outbox transport.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDueNotifications } from '../../src/server/services/notifications/email.ts';
import { linkIn, makeDocument, makeFolder, memberOf, newRegistration, orgWithAdmin, tokenFromLink } from './support/factories.ts';
import { PUBLIC_URL, startTestServer, type TestServer } from './support/harness.ts';
import { startSmtpCatcher, type Caught, type SmtpCatcher } from './support/smtp-server.ts';
import { attr, select } from '../support/html.ts';

const MAIL_FROM = 'Ringbinder Alerts <alerts@mail.ringbinder.test>';
const WINDOW_MS = 60_000;
const HOUR = 60 * 60 * 1000;

let smtp: SmtpCatcher;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({
    smtpUrl: smtp.url,
    env: {
      MAIL_FROM,
      // Nothing runs by a timer during a test (an hour): each test moves the clock and runs a pass itself.
      MAIL_DELIVERY_INTERVAL_MS: String(HOUR),
      NOTIFICATION_MAIL_WINDOW_MS: String(WINDOW_MS),
      NOTIFICATION_MAIL_INTERVAL_MS: String(HOUR),
    },
  });
  // Accepted mail also lands in the outbox folder, where the factories read their links.
  smtp.outboxDir = server.outbox.dir;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The sender's pass, as its timer would run it. */
async function deliveryPass(): Promise<void> {
  server.deps.mail.deliverSoon();
  await server.deps.mail.idle();
}

const caughtFor = (email: string): Caught[] => smtp.caught.filter((c) => c.to.some((to) => to.toLowerCase() === email.toLowerCase()));

/** `Name <address>` or a bare address, the display name unquoted. */
function mailbox(header: string): { name: string; address: string } {
  const match = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<]*?))\s*<([^>]+)>\s*$/.exec(header);
  if (!match) return { name: '', address: header.trim() };
  return { name: (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1').trim(), address: match[3]!.trim() };
}

/** The message is multipart/alternative with a text/plain and a text/html part, both with content. */
function expectAlternativeParts({ mail, raw }: Caught): void {
  expect(mail.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()).toBe('multipart/alternative');
  const types = [...raw.matchAll(/^content-type:\s*([^;\s]+)/gim)].map((m) => m[1]!.toLowerCase());
  expect(types).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
  expect(mail.text.trim()).not.toBe('');
  expect(mail.html).toContain('<html');
}

describe('mail over SMTP', () => {
  it('delivers the activation mail from MAIL_FROM, multipart/alternative, without List-Unsubscribe; its link activates the account', async () => {
    const registration = newRegistration();
    const res = await server.client().post('auth/register', registration);
    expect(res.status, res.text).toBe(201);

    await server.deps.mail.idle(); // queued in the registration's transaction, delivered right after it
    const [caught] = caughtFor(registration.email);
    expect(caughtFor(registration.email)).toHaveLength(1);
    const { envelopeFrom, to, mail } = caught!;
    expect(envelopeFrom).toBe('alerts@mail.ringbinder.test');
    expect(mailbox(mail.from)).toEqual({ name: 'Ringbinder Alerts', address: 'alerts@mail.ringbinder.test' });
    expect(to).toEqual([registration.email]);
    expect(mail.to).toBe(registration.email);
    expect(mail.subject).toBe('Activate your Ringbinder account');
    expectAlternativeParts(caught!);
    expect(mail.text).toContain(registration.full_name);
    // Account mail is not list mail: nothing to unsubscribe from.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
    const link = linkIn(mail, '/auth/activate');
    expect(mail.html).toContain(link);

    const activated = await server.client().post('auth/activate', tokenFromLink(link));
    expect(activated.status, activated.text).toBe(200);
  });

  it('dates a message when it was queued, not when a retry delivered it', async () => {
    const registration = newRegistration();
    const address = registration.email.toLowerCase();
    // Queued three hours ago (a whole second: the Date header has no milliseconds)…
    const queuedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * HOUR);
    server.clock.freeze(queuedAt);
    smtp.reply = (to) => (to === address ? { code: 451, message: '4.7.1 Greylisted, try again later' } : undefined);
    try {
      expect((await server.client().post('auth/register', registration)).status).toBe(201);
      await server.deps.mail.idle();
      expect(smtp.tries(address)).toBe(1);
      expect(caughtFor(address)).toHaveLength(0);
      // …delivered two hours later.
      smtp.reply = () => undefined;
      server.clock.freeze(new Date(queuedAt.getTime() + 2 * HOUR));
      await deliveryPass();
    } finally {
      smtp.reply = () => undefined;
      server.clock.reset();
    }
    expect(smtp.tries(address)).toBe(2);
    const [caught] = caughtFor(address);
    expect(caught, 'the retry delivered it').toBeDefined();
    const date = caught!.mail.headers.get('date');
    expect(date).toBeDefined();
    expect(new Date(date!).toISOString()).toBe(queuedAt.toISOString());
  });

  it('mails notifications with a List-Unsubscribe address: the documentation area, where each item is unsubscribed (https, no one-click POST)', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const folder = await makeFolder(admin, 'root', 'Followed folder');
    const subscribed = await member.api.post(`documentation/folders/${folder.id}/subscription`, { email_notifications: true });
    expect(subscribed.status, subscribed.text).toBe(200);
    await makeDocument(admin, folder.id, 'form', 'New checklist');

    server.clock.advance(WINDOW_MS + 1000);
    try {
      expect(await mailDueNotifications({ db: server.db, config: server.config, mail: server.deps.mail, now: server.deps.now })).toBe(1);
      await server.deps.mail.idle();
    } finally {
      server.clock.reset();
    }
    const digests = caughtFor(member.email).filter((c) => /you follow on Ringbinder/.test(c.mail.subject));
    expect(digests).toHaveLength(1);
    const { mail, envelopeFrom } = digests[0]!;
    expect(envelopeFrom).toBe('alerts@mail.ringbinder.test');
    expect(mailbox(mail.from)).toEqual({ name: 'Ringbinder Alerts', address: 'alerts@mail.ringbinder.test' });
    expectAlternativeParts(digests[0]!);
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${PUBLIC_URL}/documentation/browse>`);
    expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
    // The body names the same address, in both parts.
    expect(mail.text).toContain(`${PUBLIC_URL}/documentation/browse`);
    expect(select(mail.html!, 'a').map((a) => attr(a, 'href'))).toContain(`${PUBLIC_URL}/documentation/browse`);
  });
});
