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
import { sql } from 'drizzle-orm';
import { settings } from '../../src/shared/api/paths.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call } from './documentation-tree-fixture.ts';
import { benchQuestion, insertSubmissions, storedAnswer, withMemorySampled, type MemorySampled } from './bulk-submissions.ts';
import { sized } from './smoke.ts';

const SIZES = sized([10_000, 100_000], [200, 2_000]);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const question = (title: string, valueType: string, widget: string) => benchQuestion(title, valueType, widget, { allowComments: true });

/** Submissions `from` … `to - 1` of the checklist, in bulk (each with a tag, a reading, a comment). */
async function addSubmissions(server: ApiServer, orgId: string, checklistId: string, userId: string, from: number, to: number): Promise<void> {
  const tag = storedAnswer(`'A' || i`, `'checked by the night shift, ' || i`);
  const record = sql.raw(`jsonb_build_object('tag', ${tag}, 'reading', ${storedAnswer('(i % 1000) / 10.0')})`);
  await insertSubmissions(server, { orgId, documentId: checklistId, userId, from, to, record, createdAt: sql`now() - make_interval(secs => i)` });
}

/** The ZIP's size in bytes, and this process's memory meanwhile. */
type Download = MemorySampled<{ bytes: number }>;

/** Downloads the export, counting its bytes (nothing kept), sampling this process's memory. */
function download(server: ApiServer, token: string): Promise<Download> {
  return withMemorySampled(
    () =>
      new Promise<{ bytes: number }>((resolve, reject) => {
        // A connection of its own: a kept-alive one may have been closed by the server during the bulk inserts.
        const req = request(`${server.apiUrl}/${settings.export}`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`export.zip answered ${res.statusCode}`));
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.byteLength));
          res.on('end', () => resolve({ bytes: size }));
          res.on('error', (err) => reject(new Error(`the download broke after ${size} bytes: ${err.message}`)));
        });
        req.on('error', reject);
        req.end();
      }),
  );
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
      await addSubmissions(server, orgId, String(checklist.id), admin.id, made, size);
      made = size;
      const d = await download(server, admin.token);
      results.push({ size, d });
      console.log(
        `  ${size.toLocaleString('en')} submissions: ZIP ${mb(d.result.bytes)} MB in ${d.seconds.toFixed(1)} s (${Math.round(size / d.seconds).toLocaleString('en')} submissions/s, JSON and CSV); ` +
          `process peak above its start: RSS +${mb(d.rssUp)} MB, heap +${mb(d.heapUp)} MB` +
          (d.liveUp === undefined ? ' (node --expose-gc adds the heap in use after collections)' : `, heap in use after a full GC +${mb(d.liveUp)} MB`),
      );
    }
    const [small, large] = results;
    if (small && large) {
      console.log(
        `  ${large.size / small.size}× the submissions: ZIP ${(large.d.result.bytes / small.d.result.bytes).toFixed(1)}×, RSS peak +${mb(large.d.rssUp)} vs +${mb(small.d.rssUp)} MB ` +
          `(memory flat when about the same, never ${large.size / small.size}×)`,
      );
    }
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    await server.stop();
  }
}
