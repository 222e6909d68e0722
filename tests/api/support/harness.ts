/**
 * The API test harness: the real server (src/server/server.ts) listening on port 0 over real HTTP, on a
 * database cloned from the suite's migrated template (see global-setup.ts), with its mail read from
 * DATA_DIR/outbox and a clock the test can move.
 *
 *   const server = useTestServer();          // one server + database for the whole file
 *   const res = await server.client().get('_build-info');
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { readConfig, type Config } from '../../../src/server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../../src/server/db/connection.ts';
import type { Deps } from '../../../src/server/env.ts';
import { workAfterAnswers } from '../../../src/server/http/after-answer.ts';
import { outboxMailer } from '../../../src/server/mail/mailer.ts';
import type { Logger } from '../../../src/server/operations/logger.ts';
import { startServer } from '../../../src/server/server.ts';
import { ApiClient } from './http.ts';
import { readOutbox, type Mail } from './mail.ts';
import { cloneTemplate, dropDatabase } from './postgres.ts';
import { onS3, startLocalS3 } from './s3-server.ts';

/** Where e-mailed links point (PUBLIC_URL): deliberately not the address the server listens on. */
export const PUBLIC_URL = 'https://ringbinder.test';

/**
 * The built site the test server serves: a small fixture instead of ./dist, so the API suite neither
 * needs `astro build` nor races one. Shells as Astro writes them (one with an inline script), a hashed
 * asset and build-info.json.
 */
export const SITE_FIXTURE = {
  buildInfo: { version: '0.1.0', time: '2026-01-24T12:00:00.000Z' },
  inlineScript: "document.documentElement.dataset.shell = 'login';",
  asset: '/_astro/app.AbCd1234.js',
  firstAnswers: '<script type="application/json" id="rb-page-data"></script>',
  fillHeading:
    '<header><p class="fill-org" id="fill-org" data-first="organization_name" hidden></p>' +
    '<h1 class="fill-title" id="fill-title" data-first="name" hidden></h1>' +
    '<p class="fill-description" id="fill-description" data-first="description" hidden></p></header>',
  /** Home's dashboard as its shell has it (src/pages/index.astro): what the server draws into (first-paint/home.ts). */
  homeDashboard:
    '<section id="home-dashboard" hidden><h2 id="welcome-heading">Welcome to <span id="welcome-org"></span></h2><p id="welcome-trial" hidden></p>' +
    '<section id="home-invitations" hidden><ul id="home-invitation-list"></ul></section>' +
    '<section id="first-steps" hidden><ol id="first-steps-list"></ol></section>' +
    ['assignments', 'drafts', 'favourites', 'activity'].map((name) => `<ul data-dashboard-list="${name}" aria-busy="true"><li>Loading…</li></ul>`).join('') +
    '</section>',
  documentView:
    '<nav class="breadcrumbs" id="breadcrumbs" aria-label="Breadcrumbs" data-first-html="breadcrumbs"></nav>' +
    '<h1 class="page-heading" id="document-heading" data-first-html="document-heading"></h1>' +
    '<div class="document-body" id="document-body" data-first-html="document-body"></div>',
} as const;

async function writeSiteFixture(distDir: string): Promise<void> {
  const page = (title: string, body = '') =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  await mkdir(join(distDir, 'login'), { recursive: true });
  await mkdir(join(distDir, '_astro'), { recursive: true });
  await writeFile(join(distDir, 'build-info.json'), JSON.stringify(SITE_FIXTURE.buildInfo));
  await writeFile(join(distDir, 'login', 'index.html'), page('Login', `<script>${SITE_FIXTURE.inlineScript}</script>`));
  await writeFile(join(distDir, '404.html'), page('Not found'));
  // The fill pages' shells as the build makes them (src/pages/fill): the first answers' placeholder and the heading's slots.
  const fill = (heading: string) =>
    `<!doctype html><html lang="en"><head><title>Checklist</title>${SITE_FIXTURE.firstAnswers}</head><body>${heading}<rb-checklist></rb-checklist></body></html>`;
  await mkdir(join(distDir, 'fill'), { recursive: true });
  await mkdir(join(distDir, 'embed', 'fill'), { recursive: true });
  await writeFile(join(distDir, 'fill', 'index.html'), fill(SITE_FIXTURE.fillHeading));
  await writeFile(join(distDir, 'embed', 'fill', 'index.html'), fill(''));
  // A signed-in shell (src/layouts/SignedInLayout.astro): the first answers' placeholder before its early reads.
  await mkdir(join(distDir, 'documentation', 'browse'), { recursive: true });
  await writeFile(join(distDir, 'documentation', 'browse', 'index.html'), page('Documentation', '').replace('</title>', `</title>${SITE_FIXTURE.firstAnswers}`));
  await writeFile(join(distDir, 'index.html'), page('Dashboard', SITE_FIXTURE.homeDashboard).replace('</title>', `</title>${SITE_FIXTURE.firstAnswers}`));
  // The document page's shell (src/pages/documentation/view.astro): its first paint's slots.
  await mkdir(join(distDir, 'documentation', 'view'), { recursive: true });
  await writeFile(join(distDir, 'documentation', 'view', 'index.html'), page('View', SITE_FIXTURE.documentView).replace('</title>', `</title>${SITE_FIXTURE.firstAnswers}`));
  await writeFile(join(distDir, SITE_FIXTURE.asset), 'export const app = 1;\n');
}

const HOUR = 60 * 60 * 1000;

/** The server's clock: real time, shifted by `advance`, or frozen at a moment. */
export class TestClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  readonly now = (): Date => new Date((this.frozenAt ?? Date.now()) + this.offsetMs);

  advance(ms: number): void {
    this.offsetMs += ms;
  }
  advanceHours(hours: number): void {
    this.advance(hours * HOUR);
  }
  freeze(at: Date = this.now()): void {
    this.offsetMs = 0;
    this.frozenAt = at.getTime();
  }
  /** Back to real time. */
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = undefined;
  }
  /** Runs `work` with the clock moved by `ms`, then puts it back. */
  async shifted<T>(ms: number, work: () => Promise<T>): Promise<T> {
    this.advance(ms);
    try {
      return await work();
    } finally {
      this.advance(-ms);
    }
  }
}

export interface Outbox {
  dir: string;
  /** Every message sent so far, oldest first. */
  all(): Promise<Mail[]>;
  /** Messages to one address, oldest first. */
  to(email: string): Promise<Mail[]>;
  /** The newest message to an address; fails when there is none. */
  last(email: string): Promise<Mail>;
}

export interface TestServer {
  /** Origin the server listens on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** METRICS_PORT's own server (env METRICS_PORT: '0'), when there is one. */
  metricsUrl: string | undefined;
  /** The API base, `${url}/api/v1`. */
  apiUrl: string;
  config: Config;
  deps: Deps;
  /** The server's database, for arranging rows the API cannot (yet) make and for checking effects. */
  db: Database;
  /** The database's address on PostgreSQL (another pool can open it, as another process would); undefined on PGlite. */
  databaseUrl: string | undefined;
  clock: TestClock;
  outbox: Outbox;
  /** An API client, signed in when a token is given. */
  client(token?: string): ApiClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Send mail over SMTP instead of writing the outbox. */
  smtpUrl?: string;
  /** More configuration, as environment variables (e.g. THROTTLE_PRUNE_INTERVAL_MS). */
  env?: Record<string, string>;
  /** The server's log (default: the process's, operations/logger.ts); the log tests read their own. */
  log?: Logger;
}

/** A fresh database for one test file: the template cloned (PGlite dump loaded, or CREATE DATABASE … TEMPLATE). */
async function cloneDatabase(): Promise<{ database: DatabaseHandle; url: string | undefined; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  if (template.kind === 'postgres') {
    const clone = await cloneTemplate(template.serverUrl, template.template);
    const database = await openDatabase({ databaseUrl: clone.url });
    return { database, url: clone.url, drop: () => dropDatabase(template.serverUrl, clone.name) };
  }
  const dump = await readFile(template.dumpFile);
  const database = await openDatabase({ loadDataDir: new Blob([dump], { type: 'application/x-gzip' }) });
  return { database, url: undefined, drop: async () => undefined };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rb-api-'));
  // The upload suite's second run (TEST_STORAGE_DRIVER=s3): files in a local S3-compatible server.
  const s3 = onS3() ? await startLocalS3() : undefined;
  const distDir = join(dataDir, 'dist');
  await writeSiteFixture(distDir);
  const config = readConfig({
    DIST_DIR: distDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    REQUEST_LOG: '0',
    // Every account and organisation of a file comes from 127.0.0.1 (throttling.test.ts sets its own limits).
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    ORGANISATIONS_PER_IP_PER_HOUR: '100000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...s3?.env,
    ...options.env,
  });
  const { database, url: databaseUrl, drop } = await cloneDatabase();
  const clock = new TestClock();
  const outboxDir = join(dataDir, 'outbox');
  const running = await startServer(config, {
    database,
    // The outbox mailer as the server would pick it, without logging every link into the test output.
    ...(options.smtpUrl ? {} : { mailer: outboxMailer(outboxDir, () => undefined) }),
    now: clock.now,
    ...(options.log ? { log: options.log } : {}),
  });
  const apiUrl = `${running.url}/api/v1`;
  // Mail is queued in the request's transaction (or by work it left for after its answer, as a reset
  // request does) and delivered right after it by the sender: read the outbox once that work is done and
  // the sender has done what it was asked to (retries after a failure come later).
  const delivered = async () => {
    await workAfterAnswers(running.deps.db);
    await running.deps.mail.idle();
    return readOutbox(outboxDir);
  };
  const outbox: Outbox = {
    dir: outboxDir,
    all: delivered,
    to: async (email) => (await delivered()).filter((m) => m.to.toLowerCase() === email.toLowerCase()),
    last: async (email) => {
      const mails = await outbox.to(email);
      const mail = mails.at(-1);
      if (!mail) throw new Error(`no mail to ${email} in the outbox`);
      return mail;
    },
  };
  return {
    url: running.url,
    metricsUrl: running.metricsUrl,
    apiUrl,
    config,
    deps: running.deps,
    db: running.deps.db,
    databaseUrl,
    clock,
    outbox,
    client: (token) => new ApiClient(apiUrl, token),
    close: async () => {
      await running.close();
      await drop();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One test server for the whole file: started before its first test, closed (and its database dropped) after the last. */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!current) throw new Error('the test server is not running yet (use it inside a test or hook)');
      return current[key as keyof TestServer];
    },
  });
}
