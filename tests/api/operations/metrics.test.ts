/**
 * GET /metrics (issue #47, operations/metrics.ts), read as Prometheus reads it (a text-format parser):
 * requests by route PATTERN (a share link's token never becomes a label), method and status with a
 * duration histogram; the database pool; the mail and webhook queues' depth and oldest age; open live
 * streams; background passes; Node's process metrics. Off without METRICS_TOKEN or METRICS_PORT; with the
 * token it wants the token.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { makeChecklist, makeShareLink, orgWithAdmin, question } from '../support/factories.ts';
import { startTestServer, useTestServer } from '../support/harness.ts';

const TOKEN = 'scrape-me-please-0123456789';
const server = useTestServer({ env: { METRICS_TOKEN: TOKEN } });

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; contentType: string | null }> {
  const res = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
}

/**
 * The parser folds the series of a labelled histogram into one (its known limitation): each series' `_count`
 * line is read on its own, as a counter, to see the labels.
 */
function histogramSeries(text: string, name: string): PrometheusFamily['metrics'] {
  const counts = text.split('\n').filter((line) => line.startsWith(`${name}_count{`));
  const [parsed] = parsePrometheusTextFormat(`# TYPE ${name}_count counter\n${counts.join('\n')}\n`);
  return parsed?.metrics ?? [];
}

const family = (families: PrometheusFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in ${families.map((f) => f.name).join(', ')}`);
  return found;
};

describe('GET /metrics with METRICS_TOKEN', () => {
  it('asks for the token', async () => {
    expect((await scrape(server.url)).status).toBe(401);
    expect((await scrape(server.url, 'not-the-token-at-all-xx')).status).toBe(401);
  });

  it('answers the Prometheus text format with requests by route pattern, the pool, the queues, streams, passes and the process', async () => {
    const { admin } = await orgWithAdmin(server);
    const checklist = await makeChecklist(admin, { done: question('pass/fail') });
    const link = await makeShareLink(admin, checklist.id as string);
    expect((await fetch(`${server.url}/fill/${link.token as string}`)).status).toBe(200);
    expect((await admin.api.get(`documentation/documents/${checklist.id as string}`)).status).toBe(200);
    await server.outbox.all();

    const res = await scrape(server.url, TOKEN);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).not.toContain(link.token as string);
    expect(res.text).not.toContain(checklist.id as string);
    const families = parsePrometheusTextFormat(res.text);

    const requests = family(families, 'http_request_duration_seconds');
    expect(requests.type).toBe('HISTOGRAM');
    expect(Object.keys(requests.metrics[0]!.buckets ?? {})).toContain('+Inf');
    const series = histogramSeries(res.text, 'http_request_duration_seconds');
    const labels = series.map((m) => m.labels);
    expect(labels).toContainEqual({ route: '/fill/:token', method: 'GET', status: '200' });
    expect(labels).toContainEqual({ route: '/api/v1/documentation/documents/:id', method: 'GET', status: '200' });
    expect(Number(series.find((m) => m.labels?.route === '/fill/:token')!.value)).toBeGreaterThanOrEqual(1);
    for (const m of series) expect(Object.keys(m.labels ?? {}).sort()).toEqual(['method', 'route', 'status']);

    const pool = family(families, 'ringbinder_db_pool_connections');
    expect(pool.metrics.map((m) => m.labels?.state).sort()).toEqual(['idle', 'open', 'waiting']);
    expect(Number(family(families, 'ringbinder_db_pool_max').metrics[0]!.value)).toBeGreaterThanOrEqual(1);

    for (const name of ['ringbinder_queue_depth', 'ringbinder_queue_oldest_age_seconds']) {
      const queues = family(families, name);
      expect(queues.metrics.map((m) => m.labels?.queue).sort()).toEqual(['mail', 'webhooks']);
      for (const m of queues.metrics) expect(Number(m.value)).toBeGreaterThanOrEqual(0);
    }
    expect(family(families, 'ringbinder_live_streams_open').metrics[0]!.value).toBe('0');

    const lastRun = family(families, 'ringbinder_background_pass_last_run_timestamp_seconds');
    expect(lastRun.metrics.map((m) => m.labels?.pass)).toContain('mail_delivery_pass');
    for (const m of lastRun.metrics) expect(Number(m.value)).toBeGreaterThan(Date.now() / 1000 - 3600);
    expect(family(families, 'ringbinder_background_pass_failures_total').type).toBe('COUNTER');
    expect(family(families, 'ringbinder_background_pass_last_failed').type).toBe('GAUGE');

    expect(Number(family(families, 'process_resident_memory_bytes').metrics[0]!.value)).toBeGreaterThan(0);
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
  });

  it('counts a queued mail with its age', async () => {
    await server.db.execute(
      (await import('drizzle-orm')).sql`insert into mail_queue (id, recipient, subject, text_body, html_body, created_at, next_attempt_at)
        values (gen_random_uuid(), 'late@example.com', 'Late', 'x', 'x', now() - interval '90 seconds', now() + interval '1 hour')`,
    );
    const families = parsePrometheusTextFormat((await scrape(server.url, TOKEN)).text);
    const mail = (name: string) => Number(family(families, name).metrics.find((m) => m.labels?.queue === 'mail')!.value);
    expect(mail('ringbinder_queue_depth')).toBeGreaterThanOrEqual(1);
    expect(mail('ringbinder_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(89);
  });
});

describe('/metrics off and on a port of its own', () => {
  it('is not there without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await startTestServer();
    try {
      expect((await scrape(plain.url)).status).toBe(404);
      expect(plain.metricsUrl).toBeUndefined();
    } finally {
      await plain.close();
    }
  }, 120_000);

  it('with METRICS_PORT answers there without a token, and not on the server’s own port', async () => {
    const own = await startTestServer({ env: { METRICS_PORT: '0' } });
    try {
      expect(own.metricsUrl).toBeDefined();
      expect(own.metricsUrl).not.toBe(own.url);
      const res = await scrape(own.metricsUrl!);
      expect(res.status).toBe(200);
      expect(parsePrometheusTextFormat(res.text).map((f) => f.name)).toContain('http_request_duration_seconds');
      expect((await scrape(own.url)).status).toBe(404);
    } finally {
      await own.close();
    }
  }, 120_000);
});
