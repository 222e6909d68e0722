/**
 * The transports that hand one message on: over SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file under DATA_DIR/outbox/ and its links are logged, so a developer can follow them.
 * Services never call them: they queue mail (mail-queue.ts), whose sender calls these with retries.
 * nodemailer is loaded by the first message, not at start (a server's idle memory; issue #10).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uuidv7 } from '../../shared/ids.ts';

/** A message as services queue it (messages.ts): always both a plain-text and an HTML body. */
export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Notification mail: the https address of its List-Unsubscribe header, kept with the message in the queue. */
  listUnsubscribe?: string;
}

/** A queued message as the sender hands it on (mail-queue.ts). */
export interface OutgoingMessage extends Message {
  /** MAIL_FROM (config.ts, sender.ts): the From header and the envelope's sender. */
  from: string;
  /** The Date header: when the message was queued, not when this attempt delivers it. */
  date: Date;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * nodemailer's fields: both bodies make a multipart/alternative message (text/plain, then text/html);
 * `list.unsubscribe` writes `List-Unsubscribe: <https://…>`. No List-Unsubscribe-Post: that promises a
 * one-click POST endpoint (RFC 8058), which Ringbinder does not have.
 */
function mailOf(message: OutgoingMessage) {
  const { listUnsubscribe, ...fields } = message;
  return listUnsubscribe ? { ...fields, list: { unsubscribe: listUnsubscribe } } : fields;
}

/**
 * nodemailer waits up to two minutes to connect and ten for a silent server; a delivery should fail
 * sooner and be retried (the queue's claim must outlast one delivery). Options in SMTP_URL's query win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/** What `make` answers, made once when first asked for, with nodemailer imported then. */
function lazily<T>(make: (nodemailer: typeof import('nodemailer')) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import('nodemailer').then(make));
}

export function smtpMailer(smtpUrl: string): Mailer {
  const transport = lazily((nodemailer) => nodemailer.createTransport(withTimeouts(smtpUrl)));
  return {
    async send(message) {
      await (await transport()).sendMail(mailOf(message));
    },
  };
}

export function outboxMailer(outboxDir: string, log: (line: string) => void = console.log): Mailer {
  const transport = lazily((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail(mailOf(message));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${uuidv7()}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${message.to}: "${message.subject}" → ${file}${links.map((l) => `\n  ${l}`).join('')}`);
    },
  };
}
