/**
 * Issue #47's organisation export benchmark: GET settings/export.zip of an organisation whose checklist
 * holds 10,000 and then 100,000 submissions (smoke: 200, then 2,000), on the real server over HTTP, on
 * PGlite and on PostgreSQL. The client counts the ZIP's bytes as they arrive (nothing kept); the server
 * runs in this process, whose resident memory (RSS) and heap are sampled every 20 ms during each download.
 * Memory flat: the peak above the start stays within a bound independent of the size (the 100,000 export's
 * peak about the 10,000 one's, while its ZIP is ~10× larger). With `node --expose-gc`, also the heap still in use
 * after full collections (what the export itself holds, apart from PGlite's WebAssembly memory, which grows
 * with the pages it reads and never shrinks). Figures only: nothing here fails on a number.
 *
 * Alone: `node --import tsx tests/bench/organisation-export-run.ts` (BENCH_DATABASE_URL adds PostgreSQL; BENCH_SMOKE=1 the small
 * sizes); `npm run bench` runs it too.
 */
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { settings } from '../../src/shared/api/paths.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call } from './documentation-tree-fixture.ts';
import { sized } from './smoke.ts';

const SIZES = sized([10_000, 100_000], [200, 2_000]);
const ROWS_PER_STATEMENT = 25_000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const question = (title: string, valueType: string, widget: string) => ({
  title,
  description: '',
  valueType,
  widget,
  choices: [],
  required: false,
  allowComments: true,
  photoVerification: false,
  validation: { enabled: false, roles: [], users: [] },
});

/** Submissions `from` … `to - 1` of the checklist, in bulk (each with a tag, a reading, a comment). */
async function insertSubmissions(server: ApiServer, orgId: string, checklistId: string, userId: string, from: number, to: number): Promise<void> {
  const answer = (value: string, comments = "''") => sql.raw(`jsonb_build_object('value', ${value}, 'comments', ${comments}, 'media', '[]'::jsonb, 'valid', true)`);
  for (let start = from; start < to; start += ROWS_PER_STATEMENT) {
    const end = Math.min(to, start + ROWS_PER_STATEMENT) - 1;
    await server.db.execute(sql`
      INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at)
      SELECT gen_random_uuid(), ${orgId}::uuid, ${checklistId}::uuid, 1,
             jsonb_build_object('tag', ${answer(`'A' || i`, `'checked by the night shift, ' || i`)}, 'reading', ${answer('(i % 1000) / 10.0')}),
             0, ${userId}::uuid, now() - make_interval(secs => i)
        FROM generate_series(${start}::bigint, ${end}::bigint) i`);
  }
}

interface Download {
  bytes: number;
  seconds: number;
  rssUp: number;
  heapUp: number;
  /** With --expose-gc: the heap still in use after a full collection, at its peak (what the export holds). */
  liveUp: number | undefined;
}

/** Downloads the export, counting its bytes (nothing kept), sampling this process's memory. */
async function download(server: ApiServer, token: string): Promise<Download> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakLive = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const live = global.gc
    ? setInterval(() => {
        global.gc!();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }, 500)
    : undefined;
  const started = performance.now();
  try {
    const bytes = await new Promise<number>((resolve, reject) => {
      // A connection of its own: a kept-alive one may have been closed by the server during the bulk inserts.
      const req = request(`${server.apiUrl}/${settings.export}`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export.zip answered ${res.statusCode}`));
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.byteLength));
        res.on('end', () => resolve(size));
        res.on('error', (err) => reject(new Error(`the download broke after ${size} bytes: ${err.message}`)));
      });
      req.on('error', reject);
      req.end();
    });
    const liveUp = global.gc ? peakLive - before.heapUsed : undefined;
    return { bytes, seconds: (performance.now() - started) / 1000, rssUp: peakRss - before.rss, heapUp: peakHeap - before.heapUsed, liveUp };
  } finally {
    clearInterval(timer);
    clearInterval(live);
  }
}

export async function benchOrganisationExport(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Organisation export (issue #47, GET settings/export.zip) on ${target.label}`);
  const server = await startApiServer(target);
  try {
    const { admin, orgId } = await accounts(server);
    const checklist = await call(server, 'POST', 'documentation/documents', {
      token: admin.token,
      json: {
        folder_id: 'root',
        name: 'Boiler check',
        doctype: 'form',
        contents: { questions: { tag: question('Asset tag', 'text', 'text'), reading: question('Reading', 'decimal', 'number') }, question_index: ['tag', 'reading'] },
      },
      expect: 201,
    });
    const loadBefore = loadavg()[0]!;
    let made = 0;
    const results: { size: number; d: Download }[] = [];
    for (const size of SIZES) {
      await insertSubmissions(server, orgId, String(checklist.id), admin.id, made, size);
      made = size;
      const d = await download(server, admin.token);
      results.push({ size, d });
      console.log(
        `  ${size.toLocaleString('en')} submissions: ZIP ${mb(d.bytes)} MB in ${d.seconds.toFixed(1)} s (${Math.round(size / d.seconds).toLocaleString('en')} submissions/s, JSON and CSV); ` +
          `process peak above its start: RSS +${mb(d.rssUp)} MB, heap +${mb(d.heapUp)} MB` +
          (d.liveUp === undefined ? ' (node --expose-gc adds the heap in use after collections)' : `, heap in use after a full GC +${mb(d.liveUp)} MB`),
      );
    }
    const [small, large] = results;
    if (small && large) {
      console.log(
        `  ${large.size / small.size}× the submissions: ZIP ${(large.d.bytes / small.d.bytes).toFixed(1)}×, RSS peak +${mb(large.d.rssUp)} vs +${mb(small.d.rssUp)} MB ` +
          `(memory flat when about the same, never ${large.size / small.size}×)`,
      );
    }
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    await server.stop();
  }
}
