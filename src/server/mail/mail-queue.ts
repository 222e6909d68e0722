/**
 * Mail that is never lost. A message is written to the `mail_queue` table in the transaction of the
 * change that causes it (`add`), so it exists exactly when the change does. The sender delivers it
 * through the transport (SMTP, or the outbox folder) — right after the commit (`deliverSoon`) and on a
 * timer (background-jobs.ts), which also picks up retries and mail queued by other processes.
 *
 * - A failed delivery is tried again after a delay that doubles from `retry.firstMs` up to
 *   `retry.maxMs`; the message keeps its attempts and last error meanwhile. A failure never reaches the
 *   request that caused the mail: that request has already answered.
 * - A temporary failure — a 4xx reply, no connection, a timeout — is retried for as long as it lasts. A
 *   permanent one — a 5xx reply: the relay refuses the sender or the recipient — gives the message up
 *   once it has been tried `maxPermanentFailures` times in all (a few tries ride out a relay being
 *   reconfigured): it is marked failed (`failed_at`, keeping attempts and last error), never taken again,
 *   and shown to the admins of the recipient's organisations in General Settings.
 * - Each message goes out from `from` (MAIL_FROM), dated when it was queued, with both bodies
 *   (multipart/alternative) and, for notification mail, its List-Unsubscribe address (messages.ts).
 * - Senders in several processes share the queue: each takes due messages with FOR UPDATE SKIP LOCKED
 *   and holds them for `CLAIM_MS` (db/queries/mail-queue.ts), so none is taken twice; a sender that dies
 *   mid-delivery lets its messages go when the claim runs out.
 * - A delivered message is deleted: the links it carries (activation, reset) are kept nowhere.
 */
import { BackgroundPasses } from '../background-passes.ts';
import { uuidv7 } from '../../shared/ids.ts';
import type { Database, Queryable } from '../db/connection.ts';
import { claimDueMail, forgetDeliveredMail, markMailFailed, scheduleRetry, type QueuedMail } from '../db/queries/mail-queue.ts';
import { mailQueue } from '../db/schema.ts';
import type { Mailer, Message } from './mailer.ts';
import { logger } from '../operations/logger.ts';

export interface RetryPolicy {
  /** The delay before the second attempt… */
  firstMs: number;
  /** …doubling after each failure up to this. */
  maxMs: number;
}

/** How long a sender holds the messages it took: longer than the transport's own timeouts allow a delivery to take. */
export const CLAIM_MS = 10 * 60_000;
/** Messages taken at a time. */
const BATCH = 10;

/** The delay after the `attempts`-th failed attempt. */
export function retryDelay(attempts: number, retry: RetryPolicy): number {
  return Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, Math.min(attempts, 31) - 1));
}

/** nodemailer's error for a reply of the mail server carries its code and words; a connection or timeout error has neither. */
interface SmtpError {
  responseCode?: unknown;
  response?: unknown;
}

/** The mail server refused for good: a 5xx reply (4xx, no connection and timeouts are temporary). */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as SmtpError | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code <= 599;
}

/** What is kept and shown of a failure: the mail server's own reply ("550 5.7.1 Relay access denied") when there is one. */
export function failureText(err: unknown): string {
  const response = (err as SmtpError | null)?.response;
  if (typeof response === 'string' && /^[45]\d\d\b/.test(response.trim())) return response.trim();
  return err instanceof Error ? err.message : String(err);
}

export interface MailQueueOptions {
  db: Database;
  /** Hands a message to the mail server (or writes it to the outbox). */
  transport: Mailer;
  now: () => Date;
  retry: RetryPolicy;
  /** The From of every message (MAIL_FROM). */
  from: string;
  /** A 5xx reply gives a message up once it has been tried this many times (MAIL_MAX_PERMANENT_FAILURES). */
  maxPermanentFailures: number;
  log?: (line: string) => void;
}

export class MailQueue {
  private readonly db: Database;
  private readonly transport: Mailer;
  private readonly now: () => Date;
  private readonly retry: RetryPolicy;
  private readonly from: string;
  private readonly maxPermanentFailures: number;
  private readonly log: (line: string) => void;
  /** This process's delivery passes: one at a time, one more when asked during it (mail committed after it looked). */
  private readonly passes: BackgroundPasses;

  constructor(options: MailQueueOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.now = options.now;
    this.retry = options.retry;
    this.from = options.from;
    this.maxPermanentFailures = options.maxPermanentFailures;
    this.log = options.log ?? ((line) => logger().error(line));
    // The database unreachable: the timer's next pass tries again.
    this.passes = new BackgroundPasses(() => this.deliverDue(), this.log, 'Mail delivery pass failed');
  }

  /** Queues a message inside the caller's transaction; call `deliverSoon()` once it has committed. */
  async add(tx: Queryable, message: Message): Promise<void> {
    const now = this.now();
    await tx.insert(mailQueue).values({
      id: uuidv7(now.getTime()),
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      listUnsubscribe: message.listUnsubscribe ?? null,
      createdAt: now,
      nextAttemptAt: now,
    });
  }

  /** Starts delivering what is due, without waiting for it; a pass under way runs once more. Never throws. */
  deliverSoon(): void {
    this.passes.soon();
  }

  /** Resolves once this process's sender has done what it was asked (retries due later are not waited for). */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  /** One pass: delivers every message due now, batch by batch, until none is left; answers how many went out. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const now = this.now();
      const claimed = await claimDueMail(this.db, now, new Date(now.getTime() + CLAIM_MS), BATCH);
      if (claimed.length === 0) return delivered;
      for (const mail of claimed) {
        if (await this.deliver(mail)) delivered += 1;
      }
    }
  }

  /** Delivers now and at every `intervalMs`; the answer stops it (and waits for a pass under way). */
  keepDelivering(intervalMs: number): () => Promise<void> {
    this.deliverSoon();
    const timer = setInterval(() => this.deliverSoon(), intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.idle();
    };
  }

  private async deliver(mail: QueuedMail): Promise<boolean> {
    try {
      await this.transport.send({
        from: this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        date: mail.createdAt,
        listUnsubscribe: mail.listUnsubscribe ?? undefined,
      });
    } catch (err) {
      const error = failureText(err);
      const what = `Mail to ${mail.recipient} ("${mail.subject}")`;
      if (isPermanentFailure(err) && mail.attempts >= this.maxPermanentFailures) {
        this.log(`${what} was refused for good on attempt ${mail.attempts}, given up (marked failed): ${error}`);
        await markMailFailed(this.db, mail, this.now(), error);
        return false;
      }
      const delay = retryDelay(mail.attempts, this.retry);
      this.log(`${what} failed on attempt ${mail.attempts}, tried again in ${Math.round(delay / 1000)} s: ${error}`);
      await scheduleRetry(this.db, mail, new Date(this.now().getTime() + delay), error);
      return false;
    }
    await forgetDeliveredMail(this.db, mail.id);
    return true;
  }
}
