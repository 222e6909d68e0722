/**
 * Mail that is never lost. A message is written to the `mail_queue` table in the transaction of the
 * change that causes it (`add`), so it exists exactly when the change does. The sender delivers it
 * through the transport (SMTP, or the outbox folder) — right after the commit (`deliverSoon`) and on a
 * timer (background-jobs.ts), which also picks up retries and mail queued by other processes.
 *
 * - A failed delivery is tried again after a delay that doubles from `retry.firstMs` up to
 *   `retry.maxMs`, for as long as it takes; the message keeps its attempts and last error meanwhile. A
 *   failure never reaches the request that caused the mail: that request has already answered.
 * - Senders in several processes share the queue: each takes due messages with FOR UPDATE SKIP LOCKED
 *   and holds them for `CLAIM_MS` (db/queries/mail-queue.ts), so none is taken twice; a sender that dies
 *   mid-delivery lets its messages go when the claim runs out.
 * - A delivered message is deleted: the links it carries (activation, reset) are kept nowhere.
 */
import { uuidv7 } from '../../shared/ids.ts';
import type { Database, Queryable } from '../db/connection.ts';
import { claimDueMail, forgetDeliveredMail, scheduleRetry, type QueuedMail } from '../db/queries/mail-queue.ts';
import { mailQueue } from '../db/schema.ts';
import type { Mailer, Message } from './mailer.ts';

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

export interface MailQueueOptions {
  db: Database;
  /** Hands a message to the mail server (or writes it to the outbox). */
  transport: Mailer;
  now: () => Date;
  retry: RetryPolicy;
  log?: (line: string) => void;
}

export class MailQueue {
  private readonly db: Database;
  private readonly transport: Mailer;
  private readonly now: () => Date;
  private readonly retry: RetryPolicy;
  private readonly log: (line: string) => void;
  /** The delivery pass under way in this process, if any. */
  private pass: Promise<void> | undefined;
  /** Asked for another pass while one was under way (mail committed after it looked). */
  private again = false;

  constructor(options: MailQueueOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.now = options.now;
    this.retry = options.retry;
    this.log = options.log ?? ((line) => console.error(line));
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
      createdAt: now,
      nextAttemptAt: now,
    });
  }

  /** Starts delivering what is due, without waiting for it; a pass under way runs once more. Never throws. */
  deliverSoon(): void {
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.passes().finally(() => {
      this.pass = undefined;
    });
  }

  /** Resolves once this process's sender has done what it was asked (retries due later are not waited for). */
  async idle(): Promise<void> {
    while (this.pass) await this.pass;
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

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.deliverDue();
      } catch (err) {
        // The database is unreachable: the timer's next pass tries again.
        this.log(`Mail delivery pass failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    } while (this.again);
  }

  private async deliver(mail: QueuedMail): Promise<boolean> {
    try {
      await this.transport.send({ to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const delay = retryDelay(mail.attempts, this.retry);
      this.log(`Mail to ${mail.recipient} ("${mail.subject}") failed on attempt ${mail.attempts}, tried again in ${Math.round(delay / 1000)} s: ${error}`);
      await scheduleRetry(this.db, mail, new Date(this.now().getTime() + delay), error);
      return false;
    }
    await forgetDeliveredMail(this.db, mail.id);
    return true;
  }
}
