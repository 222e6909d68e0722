/**
 * Issue #12's search benchmark: `GET documentation/search` over 100,000 documents, timed over HTTP
 * against the real server, beside a bare `SELECT 1` through the server's own database handle and a
 * trivial HTTP round trip (`GET _build-info`), on PGlite and on PostgreSQL. The caller is a plain member
 * (the harder path: Read is resolved for every hit), in an organisation of 1,000 folders (100 under the
 * root, 9 under each of those) of which 10 top folders (and so 100 folders, 10,000 documents) are
 * revoked for the organisation, one of them granted back to the member's role.
 * - selective: a word in the names of 10 documents ("zircon");
 * - common: a word in every document's description ("routine": 100,000 hits, of which the member may
 *   read 91,000 — the answer holds the 1,000 most relevant, `total` counts them all);
 * - partial: the middle of a word in the question titles of 1 document in 20 ("peller" of "impeller").
 * Goals (issue #12), p95 on PostgreSQL: selective ≤ 25 ms, common ≤ 100 ms, partial ≤ 50 ms; PGlite
 * within 2× of those. Figures only: nothing here fails on a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Permission } from '../../src/shared/permissions/index.ts';
import { uuidv7 } from '../../src/shared/ids.ts';
import { aclEntries, folders } from '../../src/server/db/schema.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts } from './documentation-tree-fixture.ts';
import { TimedClient } from './http-timing.ts';
import { httpProbe, measure, printTimes, select1Probe, type Probe } from './probes.ts';
import { signInAgain } from './kept-database.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';

export const SEARCH_BENCH = sized(
  { documents: 100_000, topFolders: 100, subfoldersEach: 9, revokedTopFolders: 10 },
  { documents: 1_000, topFolders: 10, subfoldersEach: 2, revokedTopFolders: 2 },
);
const WARMUP = sized(20, 2);
const SAMPLES = sized(200, 5);
const DOCUMENTS_PER_STATEMENT = 20_000;

const VOCABULARY = (
  'annual boiler room inspection fire safety checklist kitchen hygiene audit forklift daily pre-start warehouse loading ' +
  'dock ladder scaffold electrical panel test tag emergency lighting exit signage first aid kit stock site induction ' +
  'contractor permit hot work confined space lockout tagout roof access guard rail chemical storage spill response ' +
  'ventilation noise survey hearing vehicle fleet service record north south east west building level basement ' +
  'workshop office reception car park cleaning schedule waste recycling pest control water quality legionella ' +
  'monthly weekly quarterly review report handover shift supervisor manager team training records incident near miss'
).split(' ');

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

interface Fixture {
  token: string;
  took: { folders: string; documents: string };
}

/** The fixture, inserted directly (a few statements; generated columns and indexes kept by PostgreSQL as it goes). */
export async function buildFixture(server: ApiServer): Promise<Fixture> {
  if (server.reused) {
    // A kept database (BENCH_KEEP) seeded by a previous run: the member signed in again.
    const found = (await server.db.execute(sql`
      SELECT count(*)::int AS n FROM documents d JOIN organisations o ON o.id = d.org_id WHERE o.name = 'Bench Org'`)) as unknown as { rows: { n: number }[] };
    if (Number(found.rows[0]?.n ?? 0) >= SEARCH_BENCH.documents) {
      return { token: await signInAgain(server, 'bench_member'), took: { folders: 'kept', documents: 'kept' } };
    }
  }
  const { admin, member, orgId, readersId } = await accounts(server);
  const db = server.db;
  const [root] = await db.select({ id: folders.id }).from(folders).where(and(eq(folders.orgId, orgId), isNull(folders.parentId)));
  if (!root) throw new Error('bench setup: the organisation has no root folder');

  let started = performance.now();
  const words = `{${VOCABULARY.join(',')}}`;
  const n = VOCABULARY.length;
  const top = Array.from({ length: SEARCH_BENCH.topFolders }, (_, i) => ({
    id: uuidv7(),
    orgId,
    parentId: root.id,
    name: `${VOCABULARY[(i * 7) % n]} ${VOCABULARY[(i * 13 + 5) % n]} ${i}`,
    description: `${VOCABULARY[(i * 17 + 3) % n]} area`,
  }));
  await db.insert(folders).values(top);
  const sub = top.flatMap((parent, t) =>
    Array.from({ length: SEARCH_BENCH.subfoldersEach }, (_, j) => ({
      id: uuidv7(),
      orgId,
      parentId: parent.id,
      name: `${VOCABULARY[(t * 11 + j * 3) % n]} ${VOCABULARY[(t + j * 19 + 7) % n]} ${j}`,
      description: '',
    })),
  );
  await db.insert(folders).values(sub);
  const all = [...top, ...sub];
  // Ten top folders revoked for the organisation; the first of them granted back to the member's role.
  const revoked = top.slice(0, SEARCH_BENCH.revokedTopFolders);
  await db.insert(aclEntries).values([
    ...revoked.map((f) => ({ id: uuidv7(), orgId, folderId: f.id, subjectType: 'org' as const, subjectId: orgId, isGrant: false, permissions: Permission.Read })),
    { id: uuidv7(), orgId, folderId: revoked[0]!.id, subjectType: 'role' as const, subjectId: readersId, isGrant: true, permissions: Permission.Read },
  ]);
  const foldersTook = seconds(started);

  // 100,000 checklists, document i in folder i mod 1,000, each with three question titles.
  started = performance.now();
  const folderIds = `{${all.map((f) => f.id).join(',')}}`;
  const w = (expr: string) => sql.raw(`(p.words)[(1 + ((${expr}) % ${n}))::int]`);
  for (let from = 0; from < SEARCH_BENCH.documents; from += DOCUMENTS_PER_STATEMENT) {
    const to = Math.min(SEARCH_BENCH.documents, from + DOCUMENTS_PER_STATEMENT) - 1;
    await db.execute(sql`
      WITH p AS (SELECT ${words}::text[] AS words, ${folderIds}::uuid[] AS folders)
      INSERT INTO documents (id, org_id, folder_id, name, description, doctype, contents, created_at, modified_at)
      SELECT gen_random_uuid(), ${orgId}::uuid, p.folders[(1 + i % ${sql.raw(String(all.length))})::int],
             initcap(${w('i * 7919')}) || ' ' || ${w('i * 104729 + 3')} || ' ' || CASE WHEN i % 10000 = 4321 THEN 'zircon' ELSE ${w('i * 31 + 11')} END || ' ' || i,
             'routine ' || ${w('i * 13 + 1')} || ' ' || ${w('i * 17 + 2')} || ' ' || ${w('i * 19 + 5')},
             'form',
             jsonb_build_object(
               'questions', jsonb_build_object(
                 'q1', jsonb_build_object('title', CASE WHEN i % 20 = 7 THEN 'Check the impeller wear' ELSE initcap(${w('i * 23 + 1')}) || ' ' || ${w('i * 29 + 2')} END, 'valueType', 'true/false'),
                 'q2', jsonb_build_object('title', initcap(${w('i * 37 + 3')}) || ' ' || ${w('i * 41 + 4')} || ' done', 'valueType', 'true/false'),
                 'q3', jsonb_build_object('title', 'Notes on ' || ${w('i * 43 + 5')}, 'valueType', 'text')),
               'question_index', jsonb_build_array('q1', 'q2', 'q3')),
             now() - make_interval(secs => i), now() - make_interval(secs => i)
        FROM p, generate_series(${from}::bigint, ${to}::bigint) i`);
  }
  void admin;
  return { token: member.token, took: { folders: foldersTook, documents: seconds(started) } };
}

export async function benchSearch(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Search (issue #12) on ${target.label}`);
  const factor = target.kind === 'postgres' ? 1 : 2;
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const f = await buildFixture(server);
    console.log(
      `  setup: ${(SEARCH_BENCH.topFolders * (1 + SEARCH_BENCH.subfoldersEach)).toLocaleString('en')} folders ${f.took.folders}; ` +
        `${SEARCH_BENCH.documents.toLocaleString('en')} checklists (3 question titles each) in bulk ${f.took.documents}`,
    );
    console.log(`  ${SAMPLES} rounds after ${WARMUP} warm-up rounds, each round one of every call in turn, as a plain member, over one kept-alive HTTP/1.1 connection`);
    const counter = countQueries(server.db);
    const phases =
      target.kind === 'postgres'
        ? [{ label: 'statistics: after VACUUM ANALYZE (what autovacuum reaches by itself)', analyse: true }]
        : [
            { label: 'statistics: none — as the bulk insert left them', analyse: false },
            { label: 'statistics: after ANALYZE (the PGlite server runs it at start and every 10 minutes)', analyse: true },
          ];
    for (const phase of phases) {
      if (phase.analyse) await server.db.execute(sql`VACUUM ANALYZE`);
      await new Promise((resolve) => setImmediate(resolve));
      const probes: Probe[] = [
        select1Probe(server.db),
        httpProbe(client, 'GET _build-info (no sign-in, no SQL)', '/api/v1/_build-info', undefined),
        httpProbe(client, 'search selective: q=zircon (10 hits)', '/api/v1/documentation/search?q=zircon', f.token, 25 * factor),
        httpProbe(client, 'search common: q=routine (every document)', '/api/v1/documentation/search?q=routine', f.token, 100 * factor),
        httpProbe(client, 'search partial: q=peller (1 in 20, question titles)', '/api/v1/documentation/search?q=peller', f.token, 50 * factor),
      ];
      console.log('');
      console.log(`  ${phase.label}`);
      const loadBefore = loadavg()[0]!;
      await measure(probes, counter, { warmup: WARMUP, samples: SAMPLES });
      printTimes(probes);
      console.log(
        `  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs. ` +
          'SQL: statements the server sent per call, the sign-in included.',
      );
    }
  } finally {
    client.close();
    await server.stop();
  }
}
