/**
 * With SMTP_URL set, mail goes over SMTP: an in-process smtp-server catches what the server sends, and
 * the activation link in it works. Nothing is written to the outbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, newRegistration, tokenFromLink } from './support/factories.ts';
import { startTestServer, type TestServer } from './support/harness.ts';
import { parseMail, type Mail } from './support/mail.ts';

interface Caught {
  from: string;
  to: string[];
  mail: Mail;
}

const caught: Caught[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no STARTTLS (its self-signed certificate would be refused), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        caught.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          mail: parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the activation mail, with plain-text and HTML bodies, and its link activates the account', async () => {
    const registration = newRegistration();
    const res = await server.client().post('auth/register', registration);
    expect(res.status).toBe(201);

    await server.deps.mail.idle(); // queued in the registration's transaction, delivered right after it
    expect(caught).toHaveLength(1);
    const [{ from, to, mail }] = caught as [Caught];
    expect(from).toBe('no-reply@ringbinder.local');
    expect(to).toEqual([registration.email]);
    expect(mail.to).toBe(registration.email);
    expect(mail.subject).toBe('Activate your Ringbinder account');
    expect(mail.text).toContain(registration.full_name);
    const link = linkIn(mail, '/auth/activate');
    expect(mail.html).toContain(link);

    const activated = await server.client().post('auth/activate', tokenFromLink(link));
    expect(activated.status).toBe(200);
    expect(await server.outbox.all()).toEqual([]);
  });
});
