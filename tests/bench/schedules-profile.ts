/**
 * Where the dashboard's due-today read spends its time (issue #44): `BENCH_DATABASE_URL=… node --import tsx
 * tests/bench/schedules-profile.ts` makes schedules.ts's fixture (10,000 schedules, all opened), then records
 * each statement one `GET workflow/assignments` sends and prints it with PostgreSQL's EXPLAIN ANALYZE (its
 * values bound as the server bound them), and times the call beside a primary-key read.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { ListAssignmentsParsed } from '../../src/shared/api/assignments-schemas.ts';
import type { Deps } from '../../src/server/env.ts';
import { listAssignments } from '../../src/server/services/assignments/assignments.ts';
import { databaseTargets, startApiServer } from './api-server.ts';
import { call } from './documentation-tree-fixture.ts';
import { spreadOf } from './percentiles.ts';
import { openAll, seedSchedules } from './schedules.ts';

interface Sent { text: string; values: unknown[]; name?: string }

const target = databaseTargets().find((t) => t.kind === (process.env.SCHEDULES_BENCH_ONLY ?? 'postgres'));
if (!target) throw new Error('set BENCH_DATABASE_URL');
const server = await startApiServer(target, { env: { SCHEDULE_INTERVAL_MS: String(60 * 60 * 1000) } });
try {
  const fixture = await seedSchedules(server, target);
  await openAll(server);
  // The state autovacuum reaches a minute after the passes inserted 10,000 assignments (PROFILE_ANALYZE=0: before it).
  if (target.kind === 'postgres' && process.env.PROFILE_ANALYZE !== '0') await server.db.execute(sql`ANALYZE`);
  await call(server, 'GET', 'auth/me', { token: fixture.token, expect: 200 }).catch(() => undefined);
  const sent: Sent[] = [];
  let recording = false;
  const client = (server.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown>; connect?: unknown } }).$client;
  const record = (args: unknown[]) => {
    if (!recording) return;
    const [first, second] = args as [unknown, unknown];
    if (typeof first === 'string') sent.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object') {
      const q = first as { text: string; values?: unknown[]; name?: string };
      sent.push({ text: q.text, values: q.values ?? (second as unknown[]) ?? [], ...(q.name ? { name: q.name } : {}) });
    }
  };
  const wrap = (target: { query: (...a: unknown[]) => Promise<unknown> }) => {
    const original = target.query;
    if ((original as { wrapped?: boolean }).wrapped) return;
    const wrapped = (...args: unknown[]) => {
      record(args);
      return original.apply(target, args);
    };
    (wrapped as { wrapped?: boolean }).wrapped = true;
    target.query = wrapped;
  };
  wrap(client);
  const pool = client as unknown as { on?: (event: string, f: (c: never) => void) => void; _clients?: { query: (...a: unknown[]) => Promise<unknown> }[] };
  for (const c of pool._clients ?? []) wrap(c);
  pool.on?.('connect', (c) => wrap(c));
  const read = () => call(server, 'GET', 'workflow/assignments', { token: fixture.token, expect: 200 });
  for (let i = 0; i < 10; i++) await read();
  for (const c of pool._clients ?? []) wrap(c);
  recording = true;
  const found = await read();
  recording = false;
  console.log(`GET workflow/assignments: ${(found.results as unknown[]).length} results, ${sent.length} statements`);
  for (const s of sent) {
    console.log(`\n--- ${s.name ?? '(unnamed)'}: ${s.text.slice(0, 400)}${s.text.length > 400 ? '…' : ''}\n    values: ${JSON.stringify(s.values).slice(0, 300)}`);
    if (target.kind !== 'postgres' || !/^\s*(select|with)/i.test(s.text)) continue;
    try {
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values)) as { rows: { 'QUERY PLAN': string }[] };
      console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    } catch (err) {
      console.log(`    EXPLAIN failed: ${String(err)}`);
    }
  }
  const member = { userId: fixture.userId, orgId: fixture.orgId, roleIds: new Set<string>(), isOrgAdmin: true, orgName: '', username: '' };
  const deps = { db: server.db, now: () => new Date() } as unknown as Deps;
  if (target.kind === 'postgres') {
    // Each statement prepared on a connection of its own, executed 20 times (PostgreSQL plans the first five
    // with their values, then may keep a generic plan): the time of each run, then the plan it settled on.
    const pg = (await import('pg')).default;
    const own = new pg.Client({ connectionString: server.databaseUrl });
    await own.connect();
    for (const [i, s] of sent.filter((x, j) => x.name && sent.findIndex((y) => y.name === x.name) === j).entries()) {
      const casts = s.values.map(() => 'unknown').join(', ');
      await own.query(`PREPARE p${i} (${casts}) AS ${s.text}`).catch(async () => own.query(`PREPARE p${i} AS ${s.text}`));
      const args = s.values.map((v) => (v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
      const runs: number[] = [];
      for (let k = 0; k < 20; k++) {
        const started = performance.now();
        await own.query(`EXECUTE p${i}(${args})`);
        runs.push(performance.now() - started);
      }
      const plan = (await own.query(`EXPLAIN (ANALYZE) EXECUTE p${i}(${args})`)) as { rows: { 'QUERY PLAN': string }[] };
      const summary = plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Planning Time|Execution Time|Index Cond|Rows Removed by Filter/.test(l));
      console.log(`\n${s.name} prepared: runs (ms) ${runs.map((r) => r.toFixed(1)).join(' ')}\n  ${summary.join('\n  ')}`);
    }
    await own.end();
  }
  const times = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return spreadOf(samples);
  };
  const inProcess = await times(() => listAssignments(deps, member, {} as ListAssignmentsParsed));
  const bodyBytes = JSON.stringify(await listAssignments(deps, member, {} as ListAssignmentsParsed)).length;
  console.log(`listAssignments in process p50 ${inProcess.p50.toFixed(2)} ms (answer ${bodyBytes} B of JSON)`);
  const pk = await times(() => call(server, 'GET', `documentation/documents/${fixture.documentId}`, { token: fixture.token, expect: 200 }));
  const due = await times(read);
  if (process.env.PROFILE_CPU) {
    // The due-today read under V8's profiler, 200 calls: PROFILE_CPU names the .cpuprofile written.
    const session = new Session();
    session.connect();
    const post = (method: string, params?: object) =>
      new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
    for (let i = 0; i < 200; i++) await (process.env.PROFILE_IN_PROCESS ? listAssignments(deps, member, {} as ListAssignmentsParsed) : read());
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(process.env.PROFILE_CPU, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(`\nprimary-key read p50 ${pk.p50.toFixed(2)} ms; due today p50 ${due.p50.toFixed(2)} ms (${(due.p50 / pk.p50).toFixed(2)}×)`);
} finally {
  await server.stop();
}
