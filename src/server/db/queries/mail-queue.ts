/**
 * The mail queue's statements (the sender's rules: src/server/mail/mail-queue.ts). A sender takes due
 * messages with `FOR UPDATE SKIP LOCKED`, so senders in several processes never take the same message,
 * and moves their next attempt past its claim in the same statement: a sender that dies holding a
 * message lets it go when the claim runs out. A message marked failed (`failed_at`) is never taken
 * again; it stays for General Settings (`mailFailuresOfOrg`).
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
         WHERE next_attempt_at <= ${v('now')}::timestamptz AND failed_at IS NULL
         ORDER BY next_attempt_at, id
         LIMIT ${v('limit')}::int
           FOR UPDATE SKIP LOCKED
      )
      UPDATE mail_queue AS m
         SET next_attempt_at = ${v('claimedUntil')}::timestamptz, attempts = m.attempts + 1
        FROM due
       WHERE m.id = due.id
   RETURNING m.id, m.recipient, m.subject, m.text_body, m.html_body, m.list_unsubscribe, m.created_at, m.next_attempt_at, m.attempts, m.last_error`,
);

interface RawMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  list_unsubscribe: string | null;
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
      listUnsubscribe: r.list_unsubscribe,
      createdAt: toDate(r.created_at),
      nextAttemptAt: toDate(r.next_attempt_at),
      attempts: Number(r.attempts),
      lastError: r.last_error,
      // Only messages not marked failed are taken.
      failedAt: null,
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


/** Refused for good too often: kept with its attempts and this last error, never taken again. Only while this sender holds it. */
export async function markMailFailed(db: Queryable, mail: QueuedMail, at: Date, error: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ failedAt: at, nextAttemptAt: at, lastError: error.slice(0, 1000) })
    .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.nextAttemptAt, mail.nextAttemptAt)));
}

/**
 * The failed mail an organisation's admins may see: addressed to its people — its members (any
 * membership) and the addresses of its pending invitations, ignoring case — and to nobody else's, so an
 * admin never learns another organisation's addresses or errors (an error may quote its recipient).
 */
const ORG_MAIL_FAILURES = namedStatement(
  'org_mail_failures',
  sql`WITH people AS (
        SELECT lower(u.email) AS email
          FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.org_id = ${v('orgId')}::uuid
        UNION
        SELECT lower(i.email) FROM invitations i
         WHERE i.org_id = ${v('orgId')}::uuid AND i.status = 'pending'
      )
      SELECT count(*)::int AS count,
             (array_agg(q.last_error ORDER BY q.failed_at DESC, q.id DESC))[1] AS last_error,
             max(q.failed_at) AS last_failed_at
        FROM mail_queue q
       WHERE q.failed_at >= ${v('since')}::timestamptz AND lower(q.recipient) IN (SELECT email FROM people)`,
);

export interface OrgMailFailures {
  count: number;
  lastError: string | null;
  lastFailedAt: Date | null;
}

/** Failures since `since` only: a warning about a relay that was fixed long ago would say mail is failing when it is not. */
export async function mailFailuresOfOrg(db: Queryable, orgId: string, since: Date): Promise<OrgMailFailures> {
  const [row] = await runStatement<{ count: number; last_error: string | null; last_failed_at: Date | string | null }>(db, ORG_MAIL_FAILURES, {
    orgId,
    since: since.toISOString(),
  });
  return {
    count: Number(row?.count ?? 0),
    lastError: row?.last_error ?? null,
    lastFailedAt: row?.last_failed_at ? toDate(row.last_failed_at) : null,
  };
}
