/** The mail queue: messages written in the transaction of the change that sends them, delivered after it commits. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';

/**
 * Mail waiting to be delivered (src/server/mail/mail-queue.ts): written in the transaction of the change
 * that causes it, delivered by the sender with retries, deleted once the mail server has taken it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    /** When a sender may next take it: now for new mail, later after a failure or while a sender holds it. */
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Notification mail: the https address of its List-Unsubscribe header (null: account mail, nothing to unsubscribe from). */
    listUnsubscribe: text('list_unsubscribe'),
    /** When the mail server refused it for good (a 5xx) too often: kept, never tried again, shown to admins. */
    failedAt: at('failed_at'),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt), index('mail_queue_failed_idx').on(t.failedAt).where(sql`${t.failedAt} is not null`)],
);
