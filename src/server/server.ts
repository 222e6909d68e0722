/** Starts Ringbinder: opens and migrates the database, picks the mailer, listens. Used by main.ts and the tests. */
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { startBackgroundJobs } from './background-jobs.ts';
import { workAfterAnswers } from './http/after-answer.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import type { Deps } from './env.ts';
import { stopLiveHub } from './live/hub.ts';
import { MailQueue } from './mail/mail-queue.ts';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.ts';
import { sealStoredOtpSecrets } from './services/two-factor.ts';
import { WebhookSender } from './services/webhooks/sender.ts';
import { useLogger, type Logger } from './operations/logger.ts';
import { BackupDoor } from './operations/backup-door.ts';
import { Metrics } from './operations/metrics.ts';
import { Drain } from './operations/shutdown.ts';

export interface RunningServer {
  url: string;
  /** METRICS_PORT's own server, when there is one. */
  metricsUrl?: string;
  deps: Deps;
  database: DatabaseHandle;
  /**
   * The clean stop (operations/shutdown.ts): new requests refused 503 with Retry-After, those in flight
   * answered, live streams told to reconnect, background work finished or handed back, the database closed —
   * within SHUTDOWN_TIMEOUT_MS (what is still open then is cut).
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** An already opened database (tests clone one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** How mail is handed on (default: SMTP or the outbox, from the config); it goes through the queue either way. */
  mailer?: Mailer;
  now?: () => Date;
  /** THE log for this process from now on (default: made from LOG_LEVEL and LOG_FORMAT, operations/logger.ts). */
  log?: Logger;
}

export function mailerFor(config: Config): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(join(config.dataDir, 'outbox'));
}

/** The mail queue over `db`, delivering through `mailer` from MAIL_FROM with the configured retries. */
export function mailQueueFor(config: Config, db: DatabaseHandle['db'], mailer: Mailer, now: () => Date): MailQueue {
  return new MailQueue({
    db,
    transport: mailer,
    now,
    retry: { firstMs: config.mailRetryFirstMs, maxMs: config.mailRetryMaxMs },
    from: config.mailFrom,
    maxPermanentFailures: config.mailMaxPermanentFailures,
  });
}

function urlOf(server: ServerType, config: Config): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
}

/** METRICS_PORT: /metrics alone on a port of its own (no token: the port is the operator's to keep inside). */
function serveMetrics(metrics: Metrics, config: Config): Promise<ServerType> {
  const app = new Hono();
  app.get('/metrics', (c) => metrics.answer(c));
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.metricsPort ?? 0, hostname: config.host }, () => resolve(s));
  });
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  if (options.log) useLogger(options.log);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') }));
  await database.migrate();
  // The app key exists from the first start; two-factor secrets stored before it are sealed (issue 28).
  await sealStoredOtpSecrets(database.db, config);
  const now = options.now ?? (() => new Date());
  const mail = mailQueueFor(config, database.db, options.mailer ?? mailerFor(config), now);
  // PostgreSQL's autovacuum keeps planner statistics; the embedded database needs us to. Mail is delivered.
  const webhooks = new WebhookSender({ db: database.db, config, now, mail });
  const stopStatistics = startBackgroundJobs(database, config, now, mail, webhooks);
  const deps: Deps = { config, db: database.db, mail, webhooks, now };
  const drain = new Drain();
  const metrics = config.metricsToken !== undefined || config.metricsPort !== undefined ? new Metrics(database) : undefined;
  const backupDoor = database.dumpDataDir && !options.database ? new BackupDoor(config, database) : undefined;
  const app = createApp(deps, { drain, ...(metrics ? { metrics } : {}), ...(backupDoor ? { backupDoor } : {}) });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const metricsServer = metrics && config.metricsPort !== undefined ? await serveMetrics(metrics, config) : undefined;
  await backupDoor?.open(urlOf(server, config));
  return {
    url: urlOf(server, config),
    ...(metricsServer ? { metricsUrl: urlOf(metricsServer, config) } : {}),
    deps,
    database,
    close: async () => {
      const deadline = Date.now() + config.shutdownTimeoutMs;
      drain.begin();
      // Open event streams would hold the connections forever: the live hub tells them to reconnect (to
      // another process) and ends them, and its LISTEN, first.
      await stopLiveHub(database.db);
      metricsServer?.close();
      await drain.closeServer(server, deadline);
      await backupDoor?.close();
      await workAfterAnswers(database.db);
      // Mail and webhook senders finish the deliveries under way; what they had claimed and not begun is
      // left to its claim's expiry, for the next process (mail/mail-queue.ts, services/webhooks/sender.ts).
      await stopStatistics();
      await database.close();
    },
  };
}
