/**
 * Issue #13's result sheet benchmark: a sheet joining two checklists — "Asset register" (100,000 root
 * submissions spread over a year, one per asset tag) and "Weekly inspection" (300,000 submissions, three
 * per asset, each within 14 days after its register entry), the inspection's tag linked to the register's
 * — on the real server over HTTP, beside a bare `SELECT 1` through the server's own database handle and
 * a trivial HTTP round trip (`GET _build-info`), on PGlite and on PostgreSQL:
 * - `sheet-data` of the last 30 days, first batch (limit 100) with its total, as the results grid first
 *   asks (documentation §4: the last 30 days first, then batches of 100), p50/p95/p99;
 * - `sheet-data` of the last 30 days, limit 10 (one screen page);
 * - `export.csv` of every row (300,000 lines): rows/s, and the process's peak resident memory and heap
 *   above what they were before (the server runs in this process; the client only counts the bytes).
 * Goals (issue #13) on PostgreSQL: first page p95 ≤ 25 ms; export ≥ 50,000 rows/s with memory flat;
 * PGlite within 2× of those. Figures only: nothing here fails on a number.
 *
 * Alone: `node --import tsx tests/bench/sheets-run.ts` (BENCH_DATABASE_URL adds PostgreSQL,
 * SHEETS_BENCH_ONLY=postgres|pglite keeps one, BENCH_KEEP=<name> keeps the seeded database).
 */
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call } from './documentation-tree-fixture.ts';
import { benchQuestion as question, insertSubmissions, storedAnswer, withMemorySampled, type MemorySampled } from './bulk-submissions.ts';
import { TimedClient } from './http-timing.ts';
import { httpProbe, measure, printTimes, select1Probe, type Probe } from './probes.ts';
import { signInAgain } from './kept-database.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';

export const SHEETS_BENCH = sized({ roots: 100_000, childrenEach: 3, days: 365, windowDays: 30 }, { roots: 200, childrenEach: 3, days: 365, windowDays: 30 });
/** SHEETS_BENCH_SAMPLES=n: fewer rounds on a busy machine (default 100 after 10 warm-up rounds; the smoke 5). */
const SAMPLES = Number(process.env.SHEETS_BENCH_SAMPLES) > 0 ? Number(process.env.SHEETS_BENCH_SAMPLES) : sized(100, 5);
const WARMUP = Math.min(10, Math.ceil(SAMPLES / 10));
const DAY = 86_400;

const took = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface Fixture {
  token: string;
  sheetId: string;
  /** The moment "now" of the data (epoch seconds); the window is the 30 days before it. */
  now: number;
  took: string;
}

async function buildFixture(server: ApiServer): Promise<Fixture> {
  const now = Math.floor(Date.now() / 1000 / DAY) * DAY;
  if (server.reused) {
    const found = (await server.db.execute(sql`SELECT id FROM documents WHERE name = 'Bench assets' AND doctype = 'sheet'`)) as unknown as { rows: { id: string }[] };
    if (found.rows[0]) return { token: await signInAgain(server, 'bench_member'), sheetId: found.rows[0].id, now, took: 'kept' };
  }
  const { admin, member, orgId } = await accounts(server);
  const register = await call(server, 'POST', 'documentation/documents', {
    token: admin.token,
    json: {
      folder_id: 'root',
      name: 'Asset register',
      doctype: 'form',
      contents: { questions: { reg_tag: question('Asset tag', 'text', 'text'), reg_loc: question('Location', 'text', 'text') }, question_index: ['reg_tag', 'reg_loc'] },
    },
    expect: 201,
  });
  const inspection = await call(server, 'POST', 'documentation/documents', {
    token: admin.token,
    json: {
      folder_id: 'root',
      name: 'Weekly inspection',
      doctype: 'form',
      contents: {
        questions: { insp_tag: question('Asset tag', 'text', 'text'), insp_result: question('Result', 'pass/fail', 'radio buttons') },
        question_index: ['insp_tag', 'insp_result'],
      },
    },
    expect: 201,
  });
  const sheet = await call(server, 'POST', 'documentation/documents', {
    token: admin.token,
    json: {
      folder_id: 'root',
      name: 'Bench assets',
      doctype: 'sheet',
      contents: {
        questions: {
          reg_tag: { ...question('Asset tag', 'text', 'text'), form_id: register.id },
          reg_loc: { ...question('Location', 'text', 'text'), form_id: register.id },
          insp_tag: { ...question('Asset tag', 'text', 'text'), form_id: inspection.id },
          insp_result: { ...question('Result', 'pass/fail', 'radio buttons'), form_id: inspection.id },
        },
        question_index: ['reg_tag', 'reg_loc', 'insp_tag', 'insp_result'],
        form_links: { insp_tag: 'reg_tag' },
        form_ids: [register.id, inspection.id],
      },
    },
    expect: 201,
  });
  const started = performance.now();
  const answer = (value: string) => sql.raw(storedAnswer(value));
  const span = SHEETS_BENCH.days * DAY;
  // Root i at now − (i / roots) of a year; its tag A<i>.
  await insertSubmissions(server, {
    orgId,
    documentId: String(register.id),
    userId: admin.id,
    from: 0,
    to: SHEETS_BENCH.roots,
    record: sql`jsonb_build_object('reg_tag', ${answer(`'A' || i`)}, 'reg_loc', ${answer(`'Hall ' || (i % 50)`)})`,
    createdAt: sql`to_timestamp(${now} - (i * ${span}::bigint / ${SHEETS_BENCH.roots}) - 1)`,
  });
  // Child i inspects asset i % roots, 0–14 days after its register entry (never after now).
  await insertSubmissions(server, {
    orgId,
    documentId: String(inspection.id),
    userId: admin.id,
    from: 0,
    to: SHEETS_BENCH.roots * SHEETS_BENCH.childrenEach,
    record: sql`jsonb_build_object('insp_tag', ${answer(`'A' || (i % ${SHEETS_BENCH.roots})`)}, 'insp_result', ${answer(`CASE WHEN i % 7 = 0 THEN 'fail' ELSE 'pass' END`)})`,
    createdAt: sql`to_timestamp(least(${now} - 1, ${now} - ((i % ${SHEETS_BENCH.roots}) * ${span}::bigint / ${SHEETS_BENCH.roots}) - 1 + (i * 7919) % (14 * ${DAY})))`,
  });
  return { token: member.token, sheetId: String(sheet.id), now, took: took(started) };
}

/** One GET (expecting 200), its time in ms. */
async function timedGet(client: TimedClient, path: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await client.get(path, token);
  if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}`);
  return performance.now() - started;
}

/** Downloads the CSV, counting lines and bytes as they arrive (nothing kept), sampling this process's memory. */
async function exportCsv(server: ApiServer, f: Fixture): Promise<{ lines: number; bytes: number } & Omit<MemorySampled<unknown>, 'result'>> {
  const { result, ...memory } = await withMemorySampled(
    () =>
      new Promise<{ lines: number; bytes: number }>((resolve, reject) => {
        const req = request(`${server.apiUrl}/documentation/documents/${f.sheetId}/export.csv`, { headers: { authorization: `Bearer ${f.token}` } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`export.csv answered ${res.statusCode}`));
          let count = 0;
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.byteLength;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count++;
          });
          res.on('end', () => resolve({ lines: count, bytes: size }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      }),
  );
  return { ...result, ...memory };
}

export async function benchSheets(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Result sheets (issue #13) on ${target.label}`);
  const factor = target.kind === 'postgres' ? 1 : 2;
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const f = await buildFixture(server);
    console.log(
      `  setup: ${SHEETS_BENCH.roots.toLocaleString('en')} register and ${(SHEETS_BENCH.roots * SHEETS_BENCH.childrenEach).toLocaleString('en')} inspection submissions over ${SHEETS_BENCH.days} days, in bulk ${f.took}`,
    );
    await server.db.execute(sql`VACUUM ANALYZE`);
    const start = f.now - SHEETS_BENCH.windowDays * DAY;
    const firstPage = `/api/v1/documentation/documents/${f.sheetId}/sheet-data?start_time=${start}&limit=100`;
    // The first read builds the sheet's rows (sheet_rows); on a kept database they are marked for a rebuild first.
    await server.db.execute(sql`UPDATE sheet_row_builds SET rebuild = true WHERE sheet_id = ${f.sheetId}::uuid`);
    const built = await timedGet(client, firstPage, f.token);
    console.log(`  first read, building the sheet's ${SHEETS_BENCH.roots * SHEETS_BENCH.childrenEach} rows: ${built.toFixed(0)} ms`);
    await server.db.execute(sql`VACUUM ANALYZE sheet_rows`);
    const counter = countQueries(server.db);
    const probes: Probe[] = [
      select1Probe(server.db),
      httpProbe(client, 'GET _build-info (no sign-in, no SQL)', '/api/v1/_build-info', undefined),
      httpProbe(client, 'sheet-data last 30 days, limit 100 (+ total)', `/api/v1/documentation/documents/${f.sheetId}/sheet-data?start_time=${start}&limit=100`, f.token, 25 * factor),
      httpProbe(client, 'sheet-data last 30 days, limit 10 (+ total)', `/api/v1/documentation/documents/${f.sheetId}/sheet-data?start_time=${start}&limit=10`, f.token, 25 * factor),
    ];
    console.log(`  ${SAMPLES} rounds after ${WARMUP} warm-up rounds, each round one of every call in turn, as a plain member, over one kept-alive HTTP/1.1 connection; after VACUUM ANALYZE`);
    const loadBefore = loadavg()[0]!;
    await measure(probes, counter, { warmup: WARMUP, samples: SAMPLES });
    printTimes(probes);
    // A read after new submissions catches up on them (the rows of the roots they reach are built again).
    const inspection = (await server.db.execute(sql`SELECT id FROM documents WHERE name = 'Weekly inspection' AND doctype = 'form'`)) as unknown as { rows: { id: string }[] };
    const catchUps: number[] = [];
    for (let i = 0; i < 5; i++) {
      await call(server, 'POST', `documentation/documents/${inspection.rows[0]!.id}/data`, {
        token: f.token,
        json: { record: { insp_tag: { value: `A${i * 7}` }, insp_result: { value: 'pass' } } },
        expect: 201,
      });
      catchUps.push(await timedGet(client, firstPage, f.token));
    }
    console.log(`  read after one new submission (catching up on it): ${catchUps.map((t) => t.toFixed(1)).join(', ')} ms`);
    const csv = await exportCsv(server, f);
    const rows = csv.lines - 1;
    const rate = rows / csv.seconds;
    console.log(
      `  export.csv of every row: ${rows.toLocaleString('en')} rows, ${mb(csv.bytes)} MB in ${csv.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} rows/s ` +
        `(goal ≥ ${(50_000 / factor).toLocaleString('en')}: ${rate >= 50_000 / factor ? 'ok' : 'UNDER'}); ` +
        `process peak above its start: RSS +${mb(csv.rssUp)} MB, heap +${mb(csv.heapUp)} MB` +
        (csv.liveUp === undefined ? ' (run node with --expose-gc for the heap in use after collections)' : `, heap in use after a full GC +${mb(csv.liveUp)} MB`),
    );
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    client.close();
    await server.stop();
  }
}
