/**
 * Issue #45's benchmark: a checklist's results over time. One checklist with 10 questions (3 pass/fail,
 * 2 true/false, 1 single choice, 3 decimal with a validation range, 1 text) and 100,000 submissions spread
 * over two years, on the real server over HTTP, on PGlite and on PostgreSQL:
 * - GET …/analytics for the last year by week in Europe/Berlin (every question's buckets: counts, failing,
 *   each answer's count, min / median / max), p50/p95/p99, as a plain member;
 * - beside it, in the same rounds, a bare `SELECT date_trunc('week', created_at), count(*) … GROUP BY 1` over
 *   the same rows through the server's own database handle, and `SELECT 1` and `GET _build-info`.
 * Goal (issue #45): the analytics call's p95 ≤ 3× the bare count's p95. Figures only: nothing fails on a number.
 *
 * Alone: `node --import tsx tests/bench/analytics-run.ts` (BENCH_DATABASE_URL adds PostgreSQL).
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call } from './documentation-tree-fixture.ts';
import { TimedClient } from './http-timing.ts';
import { spreadOf } from './percentiles.ts';
import { httpProbe, measure, printTimes, select1Probe, type Probe } from './probes.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';
import { benchQuestion as question, insertSubmissions, storedAnswer } from './bulk-submissions.ts';

export const ANALYTICS_BENCH = sized({ submissions: 100_000, days: 730 }, { submissions: 500, days: 730 });
const SAMPLES = Number(process.env.ANALYTICS_BENCH_SAMPLES) > 0 ? Number(process.env.ANALYTICS_BENCH_SAMPLES) : sized(50, 5);
const WARMUP = Math.min(5, Math.ceil(SAMPLES / 10));
const DAY = 86_400;
const GOAL_RATIO = 3;

const QUESTIONS = {
  p1: question('Floor clean', 'pass/fail', 'radio buttons'),
  p2: question('Exit clear', 'pass/fail', 'radio buttons'),
  p3: question('Lights work', 'pass/fail', 'radio buttons'),
  b1: question('Door locked', 'true/false', 'radio buttons'),
  b2: question('Alarm set', 'true/false', 'radio buttons'),
  c1: question('Shift', 'single choice', 'dropdown', { choices: ['Early', 'Late', 'Night'] }),
  n1: question('Cold room °C', 'decimal', 'number', { validation: { enabled: true, min: 2, max: 8, roles: [], users: [] } }),
  n2: question('Freezer °C', 'decimal', 'number', { validation: { enabled: true, min: -25, max: -15, roles: [], users: [] } }),
  n3: question('Humidity %', 'decimal', 'number', { validation: { enabled: true, min: 30, max: 70, roles: [], users: [] } }),
  t1: question('Remarks', 'text', 'text'),
};

/** The stored answer of row `i` (SQL over the series' `i`): value and valid flag. */
const answer = (value: string, valid = 'true') => storedAnswer(value, "''", valid);
const RECORD = sql.raw(`jsonb_build_object(
  'p1', ${answer(`CASE WHEN i % 13 = 0 THEN 'fail' ELSE 'pass' END`, 'i % 13 <> 0')},
  'p2', ${answer(`CASE WHEN i % 17 = 0 THEN 'fail' ELSE 'pass' END`, 'i % 17 <> 0')},
  'p3', ${answer(`'pass'`)},
  'b1', ${answer('i % 2 = 0')},
  'b2', ${answer('i % 3 <> 0')},
  'c1', ${answer(`(ARRAY['Early','Late','Night'])[1 + i % 3]`)},
  'n1', ${answer('round(((i % 100) / 10.0)::numeric, 1)', '(i % 100) between 20 and 80')},
  'n2', ${answer('-30 + (i % 20)', '(i % 20) between 5 and 15')},
  'n3', ${answer('20 + (i % 60)', '(i % 60) between 10 and 50')},
  't1', ${answer(`'Row ' || i`)})`);
const ERRORS = sql.raw('(i % 13 = 0)::int + (i % 17 = 0)::int + ((i % 100) not between 20 and 80)::int + ((i % 20) not between 5 and 15)::int + ((i % 60) not between 10 and 50)::int');

async function buildFixture(server: ApiServer): Promise<{ token: string; id: string; orgId: string; now: number; took: string }> {
  const now = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const { admin, member, orgId } = await accounts(server);
  const doc = await call(server, 'POST', 'documentation/documents', {
    token: admin.token,
    json: { folder_id: 'root', name: 'Bench round', doctype: 'form', contents: { questions: QUESTIONS, question_index: Object.keys(QUESTIONS) } },
    expect: 201,
  });
  const started = performance.now();
  const span = ANALYTICS_BENCH.days * DAY;
  await insertSubmissions(server, {
    orgId,
    documentId: String(doc.id),
    userId: admin.id,
    from: 0,
    to: ANALYTICS_BENCH.submissions,
    record: RECORD,
    errors: ERRORS,
    createdAt: sql`to_timestamp(${now} - (i * ${span}::bigint / ${ANALYTICS_BENCH.submissions}) - 1)`,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return { token: member.token, id: String(doc.id), orgId, now, took: `${seconds} s` };
}

/** The bare count the goal is measured against: the same rows, the same weeks, nothing else. */
function bareCountProbe(server: ApiServer, f: { id: string; orgId: string }, start: number, end: number): Probe {
  return {
    label: "bare count(*) GROUP BY date_trunc('week', …) (SQL)",
    times: [],
    queries: [],
    run: async () => {
      const started = performance.now();
      await server.db.execute(sql`
        SELECT date_trunc('week', created_at) AS week, count(*) FROM checklist_submissions
         WHERE org_id = ${f.orgId}::uuid AND document_id = ${f.id}::uuid AND created_at >= to_timestamp(${start}) AND created_at < to_timestamp(${end})
         GROUP BY 1`);
      return performance.now() - started;
    },
  };
}

export async function benchAnalytics(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Checklist analytics (issue #45) on ${target.label}`);
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const f = await buildFixture(server);
    console.log(`  setup: ${ANALYTICS_BENCH.submissions.toLocaleString('en')} submissions × ${Object.keys(QUESTIONS).length} questions over ${ANALYTICS_BENCH.days} days, in bulk ${f.took}`);
    await server.db.execute(sql`VACUUM ANALYZE`);
    const start = f.now - 365 * DAY;
    const path = `/api/v1/documentation/documents/${f.id}/analytics?start_time=${start}&end_time=${f.now}&bucket=week&tz=Europe/Berlin`;
    const probes: Probe[] = [
      select1Probe(server.db),
      httpProbe(client, 'GET _build-info (no sign-in, no SQL)', '/api/v1/_build-info', undefined),
      bareCountProbe(server, f, start, f.now),
      httpProbe(client, 'analytics: a year by week, Europe/Berlin (HTTP)', path, f.token),
    ];
    console.log(`  ${SAMPLES} rounds after ${WARMUP} warm-up rounds, each round one of every call in turn, as a plain member; after VACUUM ANALYZE`);
    const loadBefore = loadavg()[0]!;
    await measure(probes, countQueries(server.db), { warmup: WARMUP, samples: SAMPLES });
    printTimes(probes);
    const bare = spreadOf(probes[2]!.times).p95;
    const analytics = spreadOf(probes[3]!.times).p95;
    const ratio = analytics / bare;
    console.log(`  analytics p95 / bare count p95: ${ratio.toFixed(1)}× (goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'ok' : 'OVER'})`);
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    client.close();
    await server.stop();
  }
}
