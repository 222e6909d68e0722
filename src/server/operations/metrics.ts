/**
 * GET /metrics in the Prometheus text format (prom-client), off unless asked for: METRICS_TOKEN serves it
 * on the server's own port to a scraper that sends `Authorization: Bearer {METRICS_TOKEN}`; METRICS_PORT
 * serves it on a port of its own (no token: keep that port inside your network). What it tells:
 * - `http_request_duration_seconds` (histogram) by `route` PATTERN (never the address), `method`, `status`;
 * - `ringbinder_db_pool_connections` by `state` (open, idle, waiting) and `ringbinder_db_pool_max`;
 * - `ringbinder_queue_depth` and `ringbinder_queue_oldest_age_seconds` by `queue` (mail, webhooks);
 * - `ringbinder_live_streams_open`;
 * - `ringbinder_background_pass_last_run_timestamp_seconds`, `…_last_failed`, `…_failures_total`, `…_runs_total`
 *   by `pass` (operations/pass-stats.ts);
 * - Node's process metrics (`process_*`, `nodejs_*`: CPU, memory, event loop lag, handles, GC).
 * Each registry is the server's own (tests run several servers in one process).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/connection.ts';
import { queueDepths } from '../db/queries/queue-depths.ts';
import { routePatternOf } from '../http/request-log.ts';
import { openLiveStreams } from '../live/hub.ts';
import { passStats } from './pass-stats.ts';

/** Seconds: from a cached JSON read to a large export's first byte. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'route' | 'method' | 'status'>;

  constructor(database: DatabaseHandle) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: BUCKETS,
      registers,
    });
    new Gauge({
      name: 'ringbinder_db_pool_connections',
      help: 'Database connections of this process by state (open, idle; waiting: requests waiting for one)',
      labelNames: ['state'],
      registers,
      collect() {
        const use = database.poolUse();
        this.set({ state: 'open' }, use.open);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({ name: 'ringbinder_db_pool_max', help: 'Most database connections this process opens', registers, collect() {
      this.set(database.poolUse().max);
    } });
    this.queueGauges(database);
    new Gauge({ name: 'ringbinder_live_streams_open', help: 'Live notification streams open on this process', registers, collect() {
      this.set(openLiveStreams(database.db));
    } });
    this.passGauges();
  }

  private queueGauges(database: DatabaseHandle): void {
    const registers = [this.registry];
    // One read of both queues per scrape, shared by the two gauges.
    let read: Promise<Awaited<ReturnType<typeof queueDepths>>> | undefined;
    const depths = () => (read ??= queueDepths(database.db).finally(() => setTimeout(() => (read = undefined), 0)));
    new Gauge({ name: 'ringbinder_queue_depth', help: 'Work waiting in a queue (mail not yet sent, webhook deliveries pending)', labelNames: ['queue'], registers, async collect() {
      const d = await depths();
      this.set({ queue: 'mail' }, d.mail.depth);
      this.set({ queue: 'webhooks' }, d.webhooks.depth);
    } });
    new Gauge({ name: 'ringbinder_queue_oldest_age_seconds', help: 'Age of the oldest work waiting in a queue (0 when empty)', labelNames: ['queue'], registers, async collect() {
      const d = await depths();
      this.set({ queue: 'mail' }, d.mail.oldestSeconds);
      this.set({ queue: 'webhooks' }, d.webhooks.oldestSeconds);
    } });
  }

  private passGauges(): void {
    const registers = [this.registry];
    const each = (set: (pass: string, stat: ReturnType<typeof passStats> extends ReadonlyMap<string, infer S> ? S : never) => void) => {
      for (const [pass, stat] of passStats()) set(pass, stat);
    };
    new Gauge({ name: 'ringbinder_background_pass_last_run_timestamp_seconds', help: 'When a background pass last ended (Unix time)', labelNames: ['pass'], registers, collect() {
      each((pass, s) => this.set({ pass }, s.lastRunAt / 1000));
    } });
    new Gauge({ name: 'ringbinder_background_pass_last_failed', help: '1 when the last run of a background pass failed', labelNames: ['pass'], registers, collect() {
      each((pass, s) => this.set({ pass }, s.lastFailed ? 1 : 0));
    } });
    const failures = new Counter({ name: 'ringbinder_background_pass_failures_total', help: 'Failed runs of a background pass', labelNames: ['pass'], registers, collect() {
      failures.reset();
      each((pass, s) => failures.inc({ pass }, s.failures));
    } });
    const runs = new Counter({ name: 'ringbinder_background_pass_runs_total', help: 'Runs of a background pass', labelNames: ['pass'], registers, collect() {
      runs.reset();
      each((pass, s) => runs.inc({ pass }, s.runs));
    } });
  }

  /** Times every request into the histogram (put it early: it measures what runs after it). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const end = this.requests.startTimer();
      await next();
      end({ route: routePatternOf(c), method: c.req.method, status: String(c.res.status) });
    };
  }

  /** The text a scrape gets. */
  async answer(c: Context): Promise<Response> {
    return c.body(await this.registry.metrics(), 200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
  }
}

/** Whether `header` is `Bearer {token}`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
