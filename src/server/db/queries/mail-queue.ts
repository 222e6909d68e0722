/**
 * The mail queue's statements (the sender's rules: src/server/mail/mail-queue.ts). A sender takes due
 * messages with `FOR UPDATE SKIP LOCKED`, so senders in several processes never take the same message,
 * and moves their next attempt past its claim in the same statement: a sender that dies holding a
 * message lets it go when the claim runs out.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { toDate } from '../rows.ts';
import { mailQueue } from '../schema.ts';
import { namedStatement, runStatement } from '../statements.ts';

export type QueuedMail = typeof mailQueue.$inferSelect;

const v = (name: string) => sql.placeholder(name);

const CLAIM_DUE_MAIL = namedStatement(
  'claim_due_mail',
  sql`WITH due AS (
        SELECT id FROM mail_queue
         WHERE next_attempt_at <= ${v('now')}::timestamptz
         ORDER BY next_attempt_at, id
         LIMIT ${v('limit')}::int
           FOR UPDATE SKIP LOCKED
      )
      UPDATE mail_queue AS m
         SET next_attempt_at = ${v('claimedUntil')}::timestamptz, attempts = m.attempts + 1
        FROM due
       WHERE m.id = due.id
   RETURNING m.id, m.recipient, m.subject, m.text_body, m.html_body, m.created_at, m.next_attempt_at, m.attempts, m.last_error`,
);

interface RawMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
  next_attempt_at: Date | string;
  attempts: number;
  last_error: string | null;
}

/** Takes up to `limit` messages due at `now` for this sender until `claimedUntil`, oldest first; their attempts counted. */
export async function claimDueMail(db: Queryable, now: Date, claimedUntil: Date, limit: number): Promise<QueuedMail[]> {
  const raw = await runStatement<RawMail>(db, CLAIM_DUE_MAIL, {
    now: now.toISOString(),
    claimedUntil: claimedUntil.toISOString(),
    limit,
  });
  return raw
    .map((r) => ({
      id: r.id,
      recipient: r.recipient,
      subject: r.subject,
      textBody: r.text_body,
      htmlBody: r.html_body,
      createdAt: toDate(r.created_at),
      nextAttemptAt: toDate(r.next_attempt_at),
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
}

/** The mail server took it: it leaves the queue (its links are no longer stored anywhere). */
export async function forgetDeliveredMail(db: Queryable, id: string): Promise<void> {
  await db.delete(mailQueue).where(eq(mailQueue.id, id));
}

/** A failed attempt: tried again at `at`. Only while this sender still holds it (`claimedUntil`). */
export async function scheduleRetry(db: Queryable, mail: QueuedMail, at: Date, error: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ nextAttemptAt: at, lastError: error.slice(0, 1000) })
    .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.nextAttemptAt, mail.nextAttemptAt)));
}

