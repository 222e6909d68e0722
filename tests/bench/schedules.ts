/**
 * Issue #44's benchmark: 10,000 schedules in one organisation. (1) The pass that opens due occurrences
 * (services/schedules/opening-pass.ts) with every schedule due at once: the statements each pass sends
 * (counted on the server's own handle, BEGIN and COMMIT included), how many passes open them all, and the
 * time of each — bounded per pass (OPENING_BATCH schedules a pass), not per schedule. (2) The dashboard's
 * due-today read (GET workflow/assignments, the open assignments Due Today and Overdue are drawn from) as a
 * member with 1 in 100 of the occurrences, beside a bare primary-key read measured in the same run: over
 * HTTP (GET documentation/documents/{id}) and through the handle (SELECT … WHERE id = $1). Goal: the
 * due-today read within 2× the HTTP primary-key read. Figures only: nothing here fails on a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDueOccurrences } from '../../src/server/services/schedules/opening-pass.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { spreadOf, type Spread } from './percentiles.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';

export const SCHEDULES = sized({ schedules: 10_000, members: 100, rounds: 100, warmup: 10 }, { schedules: 200, members: 10, rounds: 5, warmup: 2 });

const row = (name: string, s: Spread, extra = '') =>
  `${name.padEnd(64)} ${String(s.n).padStart(5)} ${s.p50.toFixed(2).padStart(9)} ${s.p95.toFixed(2).padStart(9)} ${s.max.toFixed(2).padStart(9)}  ${extra}`;

async function timed(rounds: number, warmup: number, run: () => Promise<unknown>): Promise<Spread> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return spreadOf(samples);
}

/** The organisation's members and its schedules, all due now: schedule i is given to member i mod members (the admin is member 0). */
async function seed(server: ApiServer, orgId: string, adminId: string, documentId: string): Promise<void> {
  const db = server.db;
  await db.execute(sql`
    INSERT INTO users (id, username, email, full_name, password_hash, is_active)
    SELECT gen_random_uuid(), 'bench_sm_' || lpad(i::text, 4, '0'), 'bench_sm_' || i || '@example.com', 'Bench Member ' || i,
           'not a hash: nobody signs in as them', true
      FROM generate_series(1, ${sql.raw(String(SCHEDULES.members - 1))}) i`);
  await db.execute(sql`INSERT INTO memberships (org_id, user_id) SELECT ${orgId}, u.id FROM users u WHERE u.username LIKE 'bench_sm\_%'`);
  await db.execute(sql`
    WITH people AS (
      SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM (
        SELECT ${adminId}::uuid AS id, 0 AS o UNION ALL SELECT u.id, 1 FROM users u WHERE u.username LIKE 'bench_sm\_%'
      ) p ORDER BY o, id
    )
    INSERT INTO schedules (id, org_id, document_id, assigned_to_type, assigned_to_id, rrule, timezone, window_minutes, starts_at, created_by, next_due_at)
    SELECT gen_random_uuid(), ${orgId}, ${documentId}, 'user', p.id,
           'FREQ=HOURLY', CASE WHEN i % 2 = 0 THEN 'UTC' ELSE 'Europe/Berlin' END, 30,
           date_trunc('minute', now()) - interval '1 minute', ${adminId}, date_trunc('minute', now()) - interval '1 minute'
      FROM generate_series(0, ${sql.raw(String(SCHEDULES.schedules - 1))}) i
      JOIN people p ON p.n = i % ${sql.raw(String(SCHEDULES.members))}`);
}

/** The bench's organisation, its admin (the reader: 1 in 100 of the schedules) and the checklist scheduled. */
export async function seedSchedules(server: ApiServer, target: DatabaseTarget): Promise<{ token: string; documentId: string; orgId: string; userId: string }> {
  const admin = await registerAndActivate(server, 'bench_sched_admin');
  const org = await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Schedules' }, expect: 201 });
  const me = await call(server, 'GET', 'auth/me', { token: admin.token, expect: 200 });
  const doc = await call(server, 'POST', 'documentation/documents', { token: admin.token, json: { folder_id: 'root', name: 'Cold room', doctype: 'form' }, expect: 201 });
  await seed(server, String(org.id), String(me.id), String(doc.id));
  if (target.kind === 'postgres') await server.db.execute(sql`ANALYZE`);
  return { token: admin.token, documentId: String(doc.id), orgId: String(org.id), userId: String(me.id) };
}

/** The opening passes, until none is due: each one's statements (counted on the server's handle), occurrences opened and time. */
export async function openAll(server: ApiServer): Promise<{ statements: number; opened: number; ms: number }[]> {
  const counter = countQueries(server.db);
  const passes: { statements: number; opened: number; ms: number }[] = [];
  for (;;) {
    const before = counter.count;
    const started = performance.now();
    const opened = await openDueOccurrences({ db: server.db, now: () => new Date() });
    passes.push({ statements: counter.count - before, opened, ms: performance.now() - started });
    if (opened === 0) return passes;
  }
}

export async function benchSchedules(target: DatabaseTarget): Promise<void> {
  // The server's own schedule pass waits an hour: only this bench's passes run.
  const server = await startApiServer(target, { env: { SCHEDULE_INTERVAL_MS: String(60 * 60 * 1000) } });
  try {
    const admin = await seedSchedules(server, target);
    const doc = { id: admin.documentId };

    const loadBefore = loadavg()[0]!;
    // (1) The opening passes, until none is due.
    const passes = await openAll(server);
    const working = passes.filter((p) => p.opened > 0);
    const opened = working.reduce((n, p) => n + p.opened, 0);
    // The passes inserted 10,000 assignments: on PostgreSQL autovacuum analyses the table within a minute, and
    // the reads are measured in that state (planned with the table counted empty, the due-today read scanned them all).
    if (target.kind === 'postgres') await server.db.execute(sql`ANALYZE`);

    // (2) The dashboard's due-today read beside the primary-key reads. The passes held the event loop for
    // seconds: the client's kept-alive socket may have been closed meanwhile (one ECONNRESET), so one call first.
    await call(server, 'GET', 'auth/me', { token: admin.token, expect: 200 }).catch(() => undefined);
    const { rounds, warmup } = SCHEDULES;
    const pkSql = await timed(rounds, warmup, () => server.db.execute(sql`SELECT * FROM documents WHERE id = ${String(doc.id)}`));
    const pkHttp = await timed(rounds, warmup, () => call(server, 'GET', `documentation/documents/${String(doc.id)}`, { token: admin.token, expect: 200 }));
    let mine = 0;
    const dueToday = await timed(rounds, warmup, async () => {
      const found = await call(server, 'GET', 'workflow/assignments', { token: admin.token, expect: 200 });
      mine = (found.results as unknown[]).length;
    });

    console.log(`\nSchedules at scale (issue #44) on ${target.label}: ${SCHEDULES.schedules} schedules in one organisation, all due at once`);
    for (const [i, p] of passes.entries()) {
      console.log(`  opening pass ${i + 1}: ${p.opened} occurrences opened, ${p.statements} statements, ${p.ms.toFixed(0)} ms`);
    }
    console.log(
      `  ${opened} opened in ${working.length} passes; statements per pass (with occurrences to open): ${[...new Set(working.map((p) => p.statements))].join(', ')}` +
        ` — bounded per pass, not per schedule (${(working.reduce((n, p) => n + p.statements, 0) / Math.max(1, opened)).toFixed(3)} per schedule)`,
    );
    console.log(`${'read (ms)'.padEnd(64)} ${'n'.padStart(5)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}`);
    console.log(row("SELECT a document by its primary key through the server's handle", pkSql));
    console.log(row('GET documentation/documents/{id} (a primary-key read over HTTP)', pkHttp));
    console.log(
      row(
        `GET workflow/assignments: the dashboard's due today (${mine} open)`,
        dueToday,
        `${(dueToday.p50 / pkHttp.p50).toFixed(2)}× the HTTP primary-key read at p50; goal ≤ 2×`,
      ),
    );
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    await server.stop();
  }
}
