/** The server's configuration, read once from the environment (README: Configuration). */
import { resolve } from 'node:path';
import { parseEmbedOrigins } from './http/cors.ts';
import { mailFrom } from './mail/sender.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The built static site (Astro's output). */
  distDir: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Login sessions end after this long without use… */
  sessionIdleMs: number;
  /** …and at the latest this long after sign-in. */
  sessionAbsoluteMs: number;
  /** Log one line per request. */
  requestLog: boolean;
  /** SIGTERM: requests in flight, live streams and background work get this long before the process exits (SHUTDOWN_TIMEOUT_MS, default 10 s). */
  shutdownTimeoutMs: number;
  /**
   * Live notification streams (open pages and kiosks) one process holds at most (LIVE_STREAMS_PER_PROCESS,
   * default 2,000, about 150 MB of streams; issue #46, docs/performance.md); past it the next is answered 503 with Retry-After.
   */
  liveStreamsPerProcess: number;
  /** GET /metrics on the server's port for a scraper sending this bearer token (METRICS_TOKEN, at least 16 characters; unset: not there). */
  metricsToken: string | undefined;
  /** GET /metrics on a port of its own, without a token (METRICS_PORT; unset: none). */
  metricsPort: number | undefined;
  /**
   * Signs uploads and media addresses (UPLOAD_SIGNING_SECRET). Unset: a random secret kept under
   * DATA_DIR/secrets (storage/signing.ts); servers that share uploads must share this.
   */
  uploadSigningSecret: string | undefined;
  /**
   * Encrypts secrets kept in the database, such as two-factor secrets (APP_KEY). Unset: a random key kept
   * under DATA_DIR/secrets (auth/app-key.ts); every process of a cluster must share it, and losing it
   * loses the two-factor set-ups it sealed.
   */
  appKey: string | undefined;
  /** How often old sign-in and reset attempts are dropped from the throttle table (THROTTLE_PRUNE_INTERVAL_MS). */
  throttlePruneIntervalMs: number;
  /** How long an Idempotency-Key and its first answer are kept (IDEMPOTENCY_KEY_HOURS, default 24): a retry within it is answered again. */
  idempotencyKeyHours: number;
  /** How often keys older than that are dropped (IDEMPOTENCY_PRUNE_INTERVAL_MS, default 10 min). */
  idempotencyPruneIntervalMs: number;
  /** How long a repeat waits for the first request with its key to answer before 409 with Retry-After (IDEMPOTENCY_WAIT_MS, default 10 s). */
  idempotencyWaitMs: number;
  /**
   * Behind your own reverse proxy (TRUST_PROXY=1): the client's address is the first of X-Forwarded-For
   * and the request came over HTTPS when the first of X-Forwarded-Proto says so. Otherwise both are ignored.
   */
  trustProxy: boolean;
  /** Registrations taken from one IP address in an hour (REGISTRATIONS_PER_IP_PER_HOUR). */
  registrationsPerIpPerHour: number;
  /** Organisations created from one IP address in an hour (ORGANISATIONS_PER_IP_PER_HOUR). */
  organisationsPerIpPerHour: number;
  /**
   * Submissions through one share link in an hour (SHARE_SUBMISSIONS_PER_LINK_PER_HOUR, default 1000). Not
   * per address (issue #43): a kiosk station is one address filling all day.
   */
  shareSubmissionsPerLinkPerHour: number;
  /**
   * Files signed for upload through one share link in an hour (SHARE_UPLOADS_PER_LINK_PER_HOUR, default
   * 1000)… Counted at signing, in files (a call signs up to 20): a call asking for more than remain is
   * refused whole (429), nothing signed.
   */
  shareUploadsPerLinkPerHour: number;
  /** …and from one IP address through any share link (SHARE_UPLOADS_PER_IP_PER_HOUR, default 300). */
  shareUploadsPerIpPerHour: number;
  /**
   * Bytes signed for upload through one share link in an hour (SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR,
   * default 4 GiB)… Each file counts its signed size — the exact size the store will accept — at signing,
   * so what is refused never reaches the disk.
   */
  shareUploadBytesPerLinkPerHour: number;
  /** …and from one IP address through any share link (SHARE_UPLOAD_BYTES_PER_IP_PER_HOUR, default 1 GiB). */
  shareUploadBytesPerIpPerHour: number;
  /**
   * A signed upload that nothing uses this long after signing — no submission, document, presentation
   * page or avatar — is removed, its row and its file (UNUSED_UPLOAD_LIFETIME_MS, default 24 hours;
   * services/checklists/unused-uploads.ts)…
   */
  unusedUploadLifetimeMs: number;
  /** …by a pass this often (UPLOAD_CLEANUP_INTERVAL_MS, default 5 minutes), each removing at most 1,000. */
  uploadCleanupIntervalMs: number;
  /** Issue #44: how often occurrences are opened and closed, and overdue assignments told (SCHEDULE_INTERVAL_MS). */
  scheduleIntervalMs: number;
  /** How often the mail sender looks for mail that is due: retries, and mail queued by other processes (MAIL_DELIVERY_INTERVAL_MS). */
  mailDeliveryIntervalMs: number;
  /** A failed delivery is tried again after this (MAIL_RETRY_FIRST_MS)… */
  mailRetryFirstMs: number;
  /** …doubling after each failure up to this (MAIL_RETRY_MAX_MS). */
  mailRetryMaxMs: number;
  /**
   * A message the mail server refuses for good (a 5xx reply) is given up once it has been tried this many
   * times (MAIL_MAX_PERMANENT_FAILURES, default 3): marked failed, kept, shown in General Settings.
   */
  mailMaxPermanentFailures: number;
  /** The From of every message (MAIL_FROM; default `Ringbinder <no-reply@{host of PUBLIC_URL}>`, mail/sender.ts). */
  mailFrom: string;
  /**
   * Notifications by e-mail are grouped: a user's are mailed together once the oldest has waited this
   * long (NOTIFICATION_MAIL_WINDOW_MS, default 2 minutes).
   */
  notificationMailWindowMs: number;
  /** How often the notification mailer looks for mail that came due (NOTIFICATION_MAIL_INTERVAL_MS). */
  notificationMailIntervalMs: number;
  /** Billing through Stripe (issue #15); undefined without STRIPE_SECRET_KEY: billing is off and nothing expires. */
  billing: BillingConfig | undefined;
  /** A new organisation's free trial, in days (TRIAL_DAYS, default 7, 0 allowed); it gates only while billing is on. */
  trialDays: number;
  /** Where uploaded files live (STORAGE_DRIVER): local disk under DATA_DIR (default), or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * The origins whose pages embed the elements and the /embed/ pages (EMBED_ORIGINS, comma-separated):
   * CORS on /api/v1 and CSP frame-ancestors of /embed/* for exactly these (http/cors.ts). Empty: neither.
   */
  embedOrigins: string[];
  /** Outgoing webhooks (issue #34): a failed delivery is tried again after this (WEBHOOK_RETRY_BASE_MS, default 5 s), doubling, for a day. */
  webhookRetryBaseMs: number;
  /** Deliveries may go to private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=1; off by default: the SSRF rule). */
  webhookAllowPrivate: boolean;
  /** SSO issuers may be on private, loopback and link-local addresses (OIDC_ALLOW_PRIVATE=1: a provider on the organisation's own network). */
  oidcAllowPrivate: boolean;
  /** How often the webhook sender looks for due deliveries besides being woken at each commit (WEBHOOK_DELIVERY_INTERVAL_MS, default 5 s). */
  webhookDeliveryIntervalMs: number;
  /** After a secret is rotated, the old one keeps signing beside the new one this long (WEBHOOK_SECRET_OVERLAP_HOURS, default 24). */
  webhookSecretOverlapMs: number;
  /**
   * Deliveries one process's sender has in flight at most (WEBHOOK_MAX_IN_FLIGHT, default 64); one
   * organisation at most a quarter of them, one endpoint at most 4 (docs/webhooks.md "Fairness").
   */
  webhookMaxInFlight: number;
  /** Endpoints an organisation may register (WEBHOOK_MAX_ENDPOINTS_PER_ORG, default 20). */
  webhookMaxEndpointsPerOrg: number;
}

/** STORAGE_DRIVER=local (default) or s3 with S3_REGION, S3_BUCKET, and optionally S3_ENDPOINT, credentials, S3_FORCE_PATH_STYLE. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface BillingConfig {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: checks the Stripe-Signature of POST billing/webhook. */
  webhookSecret: string;
  /** STRIPE_API_BASE: another address for the Stripe API (a local Stripe-compatible server in tests). */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

const DAY = 24 * 60 * 60 * 1000;
const GIB = 1024 * 1024 * 1024;

function positiveNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number of milliseconds, not ${value}`);
  return n;
}

function positiveCount(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number, not ${value}`);
  return n;
}

function readBilling(env: NodeJS.ProcessEnv): BillingConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (secretKey === undefined) return undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (webhookSecret === undefined) {
    throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the subscription state comes only from signed webhooks)');
  }
  let apiBase: BillingConfig['apiBase'];
  if (env.STRIPE_API_BASE) {
    let url: URL;
    try {
      url = new URL(env.STRIPE_API_BASE);
    } catch {
      throw new Error(`STRIPE_API_BASE must be an address like http://127.0.0.1:12111, not ${env.STRIPE_API_BASE}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_BASE must be http or https, not ${env.STRIPE_API_BASE}`);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    apiBase = { protocol, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)) };
  }
  return { secretKey, webhookSecret, apiBase };
}

function readStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, not ${driver}`);
  const region = env.S3_REGION || undefined;
  const bucket = env.S3_BUCKET || undefined;
  if (!region || !bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_REGION and S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an address like https://s3.example.com, not ${endpoint}`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (both unset: the AWS SDK finds credentials itself)');
  }
  return {
    driver,
    endpoint,
    region,
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function trialDays(value: string | undefined): number {
  if (value === undefined || value === '') return 7;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`TRIAL_DAYS must be a whole number of days (0 or more), not ${value}`);
  return n;
}

function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return value;
}

function metricsPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number, not ${value}`);
  return port;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const uploadSigningSecret = env.UPLOAD_SIGNING_SECRET || undefined;
  if (uploadSigningSecret !== undefined && uploadSigningSecret.length < 32) {
    throw new Error('UPLOAD_SIGNING_SECRET must be at least 32 characters (unset, a random one is kept under DATA_DIR)');
  }
  const appKey = env.APP_KEY || undefined;
  if (appKey !== undefined && appKey.length < 32) {
    throw new Error('APP_KEY must be at least 32 characters (unset, a random one is kept under DATA_DIR)');
  }
  const mailRetryFirstMs = positiveNumber(env.MAIL_RETRY_FIRST_MS, 'MAIL_RETRY_FIRST_MS') ?? 30_000;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    distDir: resolve(env.DIST_DIR ?? './dist'),
    bodyLimit: 1024 * 1024,
    sessionIdleMs: 14 * DAY,
    sessionAbsoluteMs: 30 * DAY,
    requestLog: env.REQUEST_LOG !== '0',
    shutdownTimeoutMs: positiveNumber(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS') ?? 10_000,
    liveStreamsPerProcess: positiveCount(env.LIVE_STREAMS_PER_PROCESS, 'LIVE_STREAMS_PER_PROCESS') ?? 2_000,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: metricsPort(env.METRICS_PORT),
    uploadSigningSecret,
    appKey,
    throttlePruneIntervalMs: positiveNumber(env.THROTTLE_PRUNE_INTERVAL_MS, 'THROTTLE_PRUNE_INTERVAL_MS') ?? 10 * 60 * 1000,
    idempotencyKeyHours: positiveCount(env.IDEMPOTENCY_KEY_HOURS, 'IDEMPOTENCY_KEY_HOURS') ?? 24,
    idempotencyPruneIntervalMs: positiveNumber(env.IDEMPOTENCY_PRUNE_INTERVAL_MS, 'IDEMPOTENCY_PRUNE_INTERVAL_MS') ?? 10 * 60 * 1000,
    idempotencyWaitMs: positiveNumber(env.IDEMPOTENCY_WAIT_MS, 'IDEMPOTENCY_WAIT_MS') ?? 10_000,
    trustProxy: env.TRUST_PROXY === '1',
    registrationsPerIpPerHour: positiveCount(env.REGISTRATIONS_PER_IP_PER_HOUR, 'REGISTRATIONS_PER_IP_PER_HOUR') ?? 50,
    organisationsPerIpPerHour: positiveCount(env.ORGANISATIONS_PER_IP_PER_HOUR, 'ORGANISATIONS_PER_IP_PER_HOUR') ?? 10,
    shareSubmissionsPerLinkPerHour: positiveCount(env.SHARE_SUBMISSIONS_PER_LINK_PER_HOUR, 'SHARE_SUBMISSIONS_PER_LINK_PER_HOUR') ?? 1000,
    shareUploadsPerLinkPerHour: positiveCount(env.SHARE_UPLOADS_PER_LINK_PER_HOUR, 'SHARE_UPLOADS_PER_LINK_PER_HOUR') ?? 1000,
    shareUploadsPerIpPerHour: positiveCount(env.SHARE_UPLOADS_PER_IP_PER_HOUR, 'SHARE_UPLOADS_PER_IP_PER_HOUR') ?? 300,
    shareUploadBytesPerLinkPerHour: positiveCount(env.SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR, 'SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR') ?? 4 * GIB,
    shareUploadBytesPerIpPerHour: positiveCount(env.SHARE_UPLOAD_BYTES_PER_IP_PER_HOUR, 'SHARE_UPLOAD_BYTES_PER_IP_PER_HOUR') ?? GIB,
    unusedUploadLifetimeMs: positiveNumber(env.UNUSED_UPLOAD_LIFETIME_MS, 'UNUSED_UPLOAD_LIFETIME_MS') ?? DAY,
    uploadCleanupIntervalMs: positiveNumber(env.UPLOAD_CLEANUP_INTERVAL_MS, 'UPLOAD_CLEANUP_INTERVAL_MS') ?? 5 * 60 * 1000,
    scheduleIntervalMs: positiveNumber(env.SCHEDULE_INTERVAL_MS, 'SCHEDULE_INTERVAL_MS') ?? 60 * 1000,
    mailDeliveryIntervalMs: positiveNumber(env.MAIL_DELIVERY_INTERVAL_MS, 'MAIL_DELIVERY_INTERVAL_MS') ?? 10_000,
    webhookRetryBaseMs: positiveNumber(env.WEBHOOK_RETRY_BASE_MS, 'WEBHOOK_RETRY_BASE_MS') ?? 5_000,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    oidcAllowPrivate: env.OIDC_ALLOW_PRIVATE === '1' || env.OIDC_ALLOW_PRIVATE === 'true',
    webhookDeliveryIntervalMs: positiveNumber(env.WEBHOOK_DELIVERY_INTERVAL_MS, 'WEBHOOK_DELIVERY_INTERVAL_MS') ?? 5_000,
    webhookSecretOverlapMs: (positiveCount(env.WEBHOOK_SECRET_OVERLAP_HOURS, 'WEBHOOK_SECRET_OVERLAP_HOURS') ?? 24) * 60 * 60 * 1000,
    webhookMaxInFlight: positiveCount(env.WEBHOOK_MAX_IN_FLIGHT, 'WEBHOOK_MAX_IN_FLIGHT') ?? 64,
    webhookMaxEndpointsPerOrg: positiveCount(env.WEBHOOK_MAX_ENDPOINTS_PER_ORG, 'WEBHOOK_MAX_ENDPOINTS_PER_ORG') ?? 20,
    mailRetryFirstMs,
    mailRetryMaxMs: Math.max(mailRetryFirstMs, positiveNumber(env.MAIL_RETRY_MAX_MS, 'MAIL_RETRY_MAX_MS') ?? 60 * 60 * 1000),
    mailMaxPermanentFailures: positiveCount(env.MAIL_MAX_PERMANENT_FAILURES, 'MAIL_MAX_PERMANENT_FAILURES') ?? 3,
    mailFrom: mailFrom(env.MAIL_FROM, publicUrl),
    notificationMailWindowMs: positiveNumber(env.NOTIFICATION_MAIL_WINDOW_MS, 'NOTIFICATION_MAIL_WINDOW_MS') ?? 2 * 60 * 1000,
    notificationMailIntervalMs: positiveNumber(env.NOTIFICATION_MAIL_INTERVAL_MS, 'NOTIFICATION_MAIL_INTERVAL_MS') ?? 15_000,
    billing: readBilling(env),
    trialDays: trialDays(env.TRIAL_DAYS),
    storage: readStorage(env),
    embedOrigins: parseEmbedOrigins(env.EMBED_ORIGINS),
  };
}
