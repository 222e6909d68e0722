/**
 * A real SMTP server for the API tests (the `smtp-server` package): it answers each recipient as the
 * test decides — 250 by default, or a reply such as 451 (try later) or 550 (refused for good) — counts
 * the tries per address, and keeps every message it accepts, raw and parsed. Given the test server's
 * outbox folder, it also writes each accepted message there as an .eml file, so the factories that read
 * the outbox (activation, invitation links) work unchanged while mail goes over SMTP.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail, type Mail } from './mail.ts';

export interface SmtpReply {
  /** 4xx: a temporary failure; 5xx: a permanent one. */
  code: number;
  message: string;
}

export interface Caught {
  /** The envelope's MAIL FROM. */
  envelopeFrom: string;
  /** The envelope's RCPT TO. */
  to: string[];
  raw: string;
  mail: Mail;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:{port} */
  url: string;
  /** Every message accepted, in order. */
  caught: Caught[];
  /** How RCPT TO is answered for an address (lower case); undefined: accepted (250). */
  reply: (address: string) => SmtpReply | undefined;
  /** RCPT TO commands seen for an address (any case), accepted or not. */
  tries(address: string): number;
  /** Also writes each accepted message into this folder (the test server's outbox). */
  outboxDir: string | undefined;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const tried = new Map<string, number>();
  let written = 0;
  const catcher: SmtpCatcher = {
    url: '',
    caught: [],
    reply: () => undefined,
    tries: (address) => tried.get(address.toLowerCase()) ?? 0,
    outboxDir: undefined,
    close: async () => undefined,
  };
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no STARTTLS (its self-signed certificate would be refused), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      tried.set(key, (tried.get(key) ?? 0) + 1);
      const reply = catcher.reply(key);
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        catcher.caught.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mail: parseMail(raw),
        });
        // Written before the 250, so the sender's delivery is over only once the file is there.
        const dir = catcher.outboxDir;
        if (!dir) return callback();
        const name = `${String(Date.now()).padStart(15, '0')}-${String((written += 1)).padStart(6, '0')}.eml`;
        mkdir(dir, { recursive: true })
          .then(() => writeFile(join(dir, name), raw))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  catcher.url = `smtp://127.0.0.1:${port}`;
  catcher.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return catcher;
}
