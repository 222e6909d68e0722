/**
 * The server's background jobs, started with it and stopped when it closes: planner statistics for the
 * embedded database (db/statistics.ts; PostgreSQL's autovacuum does it there), pruning the throttle
 * table of attempts older than every window (auth/throttle.ts) and the Idempotency-Keys older than
 * IDEMPOTENCY_KEY_HOURS (http/idempotency.ts), and delivering the mail queue — retries,
 * and mail another process queued (mail/mail-queue.ts; each request also starts a delivery right after
 * its commit), mailing notifications in groups (services/notifications/email.ts), and sending webhooks
 * (services/webhooks/sender.ts: woken at each commit that queued one, and on its timer), and removing
 * uploads nothing used (services/checklists/unused-uploads.ts). A new job is one more line here.
 */
import { keepAttemptsPruned } from './auth/throttle.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { keepStatistics } from './db/statistics.ts';
import { keepIdempotencyKeysPruned } from './http/idempotency.ts';
import type { MailQueue } from './mail/mail-queue.ts';
import { keepUnusedUploadsRemoved } from './services/checklists/unused-uploads.ts';
import { keepMailingNotifications } from './services/notifications/email.ts';
import { keepRunningSchedules } from './services/schedules/schedule-pass.ts';
import type { WebhookSender } from './services/webhooks/sender.ts';

/** Starts every job; the answer stops them all (and waits for passes under way). */
export function startBackgroundJobs(
  database: DatabaseHandle,
  config: Config,
  now: () => Date,
  mail: MailQueue,
  webhooks: WebhookSender,
): () => Promise<void> {
  const stops = [
    ...(database.kind === 'pglite' ? [keepStatistics(database.db)] : []),
    keepAttemptsPruned(database.db, now, config.throttlePruneIntervalMs),
    keepIdempotencyKeysPruned(database.db, config, now),
    mail.keepDelivering(config.mailDeliveryIntervalMs),
    keepMailingNotifications({ db: database.db, config, mail, now }, config.notificationMailIntervalMs),
    webhooks.keepDelivering(config.webhookDeliveryIntervalMs),
    keepUnusedUploadsRemoved({ db: database.db, config }, now, config.uploadCleanupIntervalMs),
    keepRunningSchedules({ db: database.db, now }, config.scheduleIntervalMs),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
