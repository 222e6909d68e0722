/**
 * The mail queue (issue 10, "mail that is never lost"): every message is written to `mail_queue` in the
 * transaction of the change that causes it and delivered by a sender with retries and backoff. An
 * in-process SMTP server (smtp-server) plays the mail server: one that refuses and then accepts, one that
 * is slow. Several senders over one queue (separate connection pools, as separate processes would have)
 * never send a message twice.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { mailQueue, users } from '../../src/server/db/schema.ts';
import { smtpMailer } from '../../src/server/mail/mailer.ts';
import { MailQueue } from '../../src/server/mail/mail-queue.ts';
import { linkIn, newRegistration, tokenFromLink, uniqueName } from './support/factories.ts';
import { startTestServer, type TestServer } from './support/harness.ts';
import { parseMail, type Mail } from './support/mail.ts';

interface Catcher {
  url: string;
  caught: Mail[];
  /** Refuse the next `n` messages with a temporary error (451). */
  refuseNext(n: number): void;
  /** Hold each message this long before accepting it. */
  delayMs: number;
  refused: number;
  close(): Promise<void>;
}

async function smtpCatcher(): Promise<Catcher> {
  let toRefuse = 0;
  const catcher = { caught: [] as Mail[], delayMs: 0, refused: 0 } as Catcher;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        catcher.refused += 1;
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          catcher.caught.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        }, catcher.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  catcher.url = `smtp://127.0.0.1:${port}`;
  catcher.refuseNext = (n) => {
    toRefuse = n;
  };
  catcher.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return catcher;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let catcher: Catcher;
let server: TestServer;

beforeAll(async () => {
  catcher = await smtpCatcher();
  server = await startTestServer({
    smtpUrl: catcher.url,
    env: { MAIL_RETRY_FIRST_MS: '100', MAIL_RETRY_MAX_MS: '400', MAIL_DELIVERY_INTERVAL_MS: '50' },
  });
});

afterAll(async () => {
  await server?.close();
  await catcher?.close();
});

const mailsTo = (email: string) => catcher.caught.filter((m) => m.to.toLowerCase() === email.toLowerCase());

describe('a mail server that refuses and then accepts', () => {
  it('the registration succeeds at once, and its activation mail arrives exactly once after the retries', async () => {
    catcher.refuseNext(3);
    const registration = newRegistration();
    const res = await server.client().post('auth/register', registration);
    expect(res.status, res.text).toBe(201);
    await until(() => mailsTo(registration.email).length > 0);
    expect(catcher.refused).toBeGreaterThanOrEqual(3);
    // Nothing more comes, and nothing is left in the queue.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mailsTo(registration.email)).toHaveLength(1);
    expect(await server.db.select().from(mailQueue)).toEqual([]);
    const token = tokenFromLink(linkIn(mailsTo(registration.email)[0]!, '/auth/activate'));
    expect((await server.client().post('auth/activate', token)).status).toBe(200);
  });

  it('keeps a refused message in the queue with its attempts and error until it is delivered', async () => {
    catcher.refuseNext(1_000_000);
    const registration = newRegistration();
    expect((await server.client().post('auth/register', registration)).status).toBe(201);
    await until(async () => ((await server.db.select().from(mailQueue))[0]?.attempts ?? 0) >= 2);
    const [row] = await server.db.select().from(mailQueue);
    expect(row).toMatchObject({ recipient: registration.email, subject: 'Activate your Ringbinder account' });
    expect(row?.lastError).toMatch(/451/);
    const [user] = await server.db.select().from(users).where(eq(users.email, registration.email));
    expect(user?.isActive).toBe(false);
    catcher.refuseNext(0);
    await until(() => mailsTo(registration.email).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(registration.email)).toHaveLength(1);
  });
});

describe('a slow mail server', () => {
  it('a reset request answers as fast for an existing address as for an unknown one (the mail is queued)', async () => {
    const user = newRegistration();
    expect((await server.client().post('auth/register', user)).status).toBe(201);
    await until(() => mailsTo(user.email).length > 0);
    const activation = tokenFromLink(linkIn(mailsTo(user.email)[0]!, '/auth/activate'));
    expect((await server.client().post('auth/activate', activation)).status).toBe(200);
    catcher.delayMs = 1500;
    try {
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await server.client().postForm('auth/send-password-reset', { email });
        expect(res.status).toBe(200);
        return performance.now() - started;
      };
      const existing: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        existing.push(await timed(user.email));
        unknown.push(await timed(`${uniqueName('nobody')}@example.com`));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
      // Sent inline, each existing-address request waited for the 1.5 s of the mail server.
      expect(median(existing), `existing ${existing.join(', ')} / unknown ${unknown.join(', ')}`).toBeLessThan(median(unknown) + 300);
      await until(() => mailsTo(user.email).length >= 4, 20_000);
    } finally {
      catcher.delayMs = 0;
    }
  });
});

describe('several senders over one queue', () => {
  let others: DatabaseHandle[] = [];

  afterAll(async () => {
    await Promise.all(others.map((d) => d.close()));
  });

  it('never send one message twice', async () => {
    // Other processes: their own connection pools to the same database (PGlite: the same single connection).
    const databaseUrl = server.databaseUrl;
    others = databaseUrl ? await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]) : [];
    const dbs = [server.db, ...others.map((d) => d.db)];
    const retry = { firstMs: 100, maxMs: 400 };
    const senders = [
      server.deps.mail,
      ...dbs.map(
        (db) =>
          new MailQueue({
            db,
            transport: smtpMailer(catcher.url),
            now: () => new Date(),
            retry,
            from: server.config.mailFrom,
            maxPermanentFailures: server.config.mailMaxPermanentFailures,
            log: () => undefined,
          }),
      ),
    ];
    const batch = uniqueName('batch');
    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) {
        await server.deps.mail.add(tx, { to: `${batch}-${i}@example.com`, subject: `${batch} ${i}`, text: `message ${i}`, html: `<p>message ${i}</p>` });
      }
    });
    // Every sender works the queue at once, twice over, while the server's own sender is kicked too.
    await Promise.all(senders.flatMap((s) => [s.deliverDue(), s.deliverDue()]));
    await until(() => catcher.caught.filter((m) => m.subject.startsWith(batch)).length >= 60);
    await Promise.all(senders.map((s) => s.idle()));
    const subjects = catcher.caught.filter((m) => m.subject.startsWith(batch)).map((m) => m.subject);
    expect(subjects).toHaveLength(60);
    expect(new Set(subjects).size).toBe(60);
    expect(await server.db.select().from(mailQueue)).toEqual([]);
  });
});
