/**
 * Issue #3's benchmark: the first page of a 10,000-item folder and permission resolution at depth 20,
 * timed over HTTP against the real server, each beside two baselines measured in the same run on the
 * same database — a bare `SELECT 1` through the server's own database handle, and a trivial HTTP round
 * trip (`GET _build-info`: no sign-in, no SQL). Goal (issue #3): first page p95 ≤ 20 ms and ≤ 15 KB.
 *
 * Every call is made WARMUP times, then SAMPLES times, in rounds (one of each call per round) so that
 * a slow moment of the machine falls on all of them alike. Nothing here asserts on a time: a figure
 * over its goal is printed as OVER; only a wrong status or a crash stops the bench.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { buildDocumentationTree, CHAIN_DEPTH, type DocumentationTreeFixture } from './documentation-tree-fixture.ts';
import { ACCEPT_ENCODING, TimedClient, type Answer } from './http-timing.ts';
import { spreadOf, type Spread } from './percentiles.ts';
import { countQueries, type QueryCounter } from './query-counter.ts';
import { sized } from './smoke.ts';

const WARMUP = sized(30, 2);
const SAMPLES = sized(200, 5);
const PAGE = 100;
const GOAL = { p95Ms: 20, bytes: 15_000 } as const;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => value.toFixed(2);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

interface Probe {
  label: string;
  /** One call; answers the HTTP answer when there is one. */
  run(): Promise<{ ms: number; answer?: Answer }>;
  /** Compared with the goal p95. */
  goal?: boolean;
  times: number[];
  queries: number[];
  last?: Answer;
}

function httpProbe(client: TimedClient, label: string, path: string, token?: string, goal = false): Probe {
  return {
    label,
    goal,
    times: [],
    queries: [],
    run: async () => {
      const answer = await client.get(path, token);
      if (answer.status !== 200) throw new Error(`${label}: GET ${path} answered ${answer.status}: ${answer.body.toString('utf8')}`);
      return { ms: answer.ms, answer };
    },
  };
}

function probesOf(server: ApiServer, client: TimedClient, f: DocumentationTreeFixture): Probe[] {
  const api = '/api/v1/documentation';
  const contents = `${api}/folders/${f.bigFolder.id}/contents?limit=${PAGE}`;
  const deepest = f.chain.folderIds.at(-1)!;
  const shallowest = f.chain.folderIds[0]!;
  const member = f.member.token;
  return [
    {
      label: "SELECT 1 through the server's database handle",
      times: [],
      queries: [],
      run: async () => {
        const started = performance.now();
        await server.db.execute(sql`SELECT 1`);
        return { ms: performance.now() - started };
      },
    },
    httpProbe(client, 'GET _build-info (no sign-in, no SQL)', '/api/v1/_build-info'),
    httpProbe(client, `GET folders/{10k}/contents?limit=${PAGE} — org admin`, contents, f.admin.token, true),
    httpProbe(client, `GET folders/{10k}/contents?limit=${PAGE} — member by role`, contents, member, true),
    httpProbe(client, 'GET folders/{depth 1} — member', `${api}/folders/${shallowest}`, member),
    httpProbe(client, `GET folders/{depth ${CHAIN_DEPTH}} — member`, `${api}/folders/${deepest}`, member),
    httpProbe(client, 'GET documents/{at depth 1} — member', `${api}/documents/${f.chain.shallowDocumentId}`, member),
    httpProbe(client, `GET documents/{at depth ${CHAIN_DEPTH}} — member`, `${api}/documents/${f.chain.deepDocumentId}`, member),
  ];
}

async function measure(probes: Probe[], counter: QueryCounter): Promise<void> {
  for (let round = 0; round < WARMUP; round++) for (const probe of probes) await probe.run();
  for (let round = 0; round < SAMPLES; round++) {
    for (const probe of probes) {
      const before = counter.count;
      const { ms: took, answer } = await probe.run();
      probe.queries.push(counter.count - before);
      probe.times.push(took);
      if (answer) probe.last = answer;
    }
  }
}

/** "7" when every call sent the same number of statements, else "7–8". */
function statements(counts: readonly number[]): string {
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high ? String(low) : `${low}–${high}`;
}

function printTimes(probes: Probe[]): void {
  const spreads = new Map<Probe, Spread>(probes.map((p) => [p, spreadOf(p.times)]));
  const select1 = spreads.get(probes[0]!)!;
  const http = spreads.get(probes[1]!)!;
  const head = [
    pad('call', 58),
    padStart('SQL', 4),
    padStart('p50 ms', 8),
    padStart('p95 ms', 8),
    padStart('p99 ms', 8),
    padStart('max ms', 8),
    padStart('p50/SELECT 1', 13),
    padStart('p50/HTTP', 9),
    padStart('goal p95', 9),
    '  ',
    'status',
  ].join(' ');
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const probe of probes) {
    const s = spreads.get(probe)!;
    const status = probe.goal ? (s.p95 > GOAL.p95Ms ? 'OVER' : 'ok') : '';
    console.log(
      [
        pad(probe.label, 58),
        padStart(statements(probe.queries), 4),
        padStart(ms(s.p50), 8),
        padStart(ms(s.p95), 8),
        padStart(ms(s.p99), 8),
        padStart(ms(s.max), 8),
        padStart(`${(s.p50 / select1.p50).toFixed(1)}×`, 13),
        padStart(probe === probes[0] ? '' : `${(s.p50 / http.p50).toFixed(1)}×`, 9),
        padStart(probe.goal ? ms(GOAL.p95Ms) : '', 9),
        '  ',
        status,
      ].join(' '),
    );
  }
  const varied = probes.some((p) => Math.min(...p.queries) !== Math.max(...p.queries));
  console.log(
    `SQL: statements the server sent per call (counted on its database client${varied ? "; a range where a session's once-a-minute last-access UPDATE fell in" : ''}). ` +
      `p50/SELECT 1 and p50/HTTP: the call's median over the median of the bare SELECT 1 (${ms(select1.p50)} ms) and of the trivial ` +
      `HTTP round trip (${ms(http.p50)} ms).`,
  );
}

function printSizes(probes: Probe[]): void {
  const pages = probes.filter((p) => p.goal);
  console.log('');
  console.log(
    `Size of the first page (Accept-Encoding: ${ACCEPT_ENCODING}; 1 KB = 1000 B; goal ${kb(GOAL.bytes)} KB): the JSON as the server ` +
      'writes it, and what crosses the socket (status line, headers, chunk framing, body as sent)',
  );
  const head = [
    pad('call', 58),
    padStart('items', 6),
    padStart('total', 6),
    padStart('JSON KB', 8),
    pad('  status', 8),
    padStart('wire KB', 8),
    pad('  encoding', 11),
    'status',
  ].join(' ');
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const probe of pages) {
    const answer = probe.last!;
    const page = JSON.parse(answer.body.toString('utf8')) as { results: unknown[]; total: number };
    console.log(
      [
        pad(probe.label, 58),
        padStart(String(page.results.length), 6),
        padStart(String(page.total), 6),
        padStart(kb(answer.body.length), 8),
        pad(`  ${answer.body.length > GOAL.bytes ? 'OVER' : 'ok'}`, 8),
        padStart(kb(answer.wireBytes), 8),
        pad(`  ${answer.encoding || 'none'}`, 11),
        answer.wireBytes > GOAL.bytes ? 'OVER' : 'ok',
      ].join(' '),
    );
  }
}

/**
 * The state of the planner's statistics a measurement runs in. PostgreSQL's autovacuum analyses a table
 * soon after a bulk change, so there the settled state is measured. PGlite runs no autovacuum (single
 * user, no background workers) and the server runs no ANALYZE, so on PGlite the tables are never
 * analysed unless someone does it: measured as they are, then once more after VACUUM ANALYZE.
 */
interface Phase {
  label: string;
  prepare(server: ApiServer): Promise<void>;
}

const vacuumAnalyze = async (server: ApiServer) => {
  await server.db.execute(sql`VACUUM ANALYZE`);
};

/** pg_class.reltuples: -1 until the table is first vacuumed or analysed. */
async function plannerRows(server: ApiServer, table: string): Promise<string> {
  const result = (await server.db.execute(sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = ${table}`)) as unknown as {
    rows: { n: number }[];
  };
  const n = Number(result.rows[0]?.n ?? -1);
  return n < 0 ? 'unknown (never analysed)' : n.toLocaleString('en');
}

function phasesOf(target: DatabaseTarget): Phase[] {
  const analysed: Phase = { label: 'statistics: after VACUUM ANALYZE', prepare: vacuumAnalyze };
  if (target.kind === 'postgres') {
    return [{ ...analysed, label: `${analysed.label} (what autovacuum does by itself within about a minute of the bulk insert)` }];
  }
  return [
    {
      label: 'statistics: none — as PGlite keeps them (it runs no autovacuum and the server runs no ANALYZE, so tables are never analysed)',
      prepare: async () => undefined,
    },
    { ...analysed, label: `${analysed.label} (run by the bench; nothing does it in production on PGlite)` },
  ];
}

export async function benchDocumentationTree(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Documentation tree API (issue #3) on ${target.label}`);
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const fixture = await buildDocumentationTree(server);
    const { bigFolder, chain, took } = fixture;
    console.log(
      `  setup: accounts through the API ${(took.accounts / 1000).toFixed(1)} s; "Ten thousand items" — ${bigFolder.folders.toLocaleString('en')} folders + ` +
        `${bigFolder.documents.toLocaleString('en')} documents inserted in bulk, ${bigFolder.withOwnEntries} with ACL entries naming the member ` +
        `(${bigFolder.hiddenFromMember} hidden from them), the member reads the folder through a role grant only — ${(took.bulk / 1000).toFixed(1)} s; ` +
        `a chain of ${CHAIN_DEPTH} folders through the API with ${chain.entries} org/role/user grants and revokes on ${chain.levelsWithEntries} levels ` +
        `and the document — ${(took.chain / 1000).toFixed(1)} s`,
    );
    console.log(
      `  the real server in this process, over HTTP/1.1 on one kept-alive connection; ${SAMPLES} rounds after ${WARMUP} warm-up rounds, ` +
        'each round one of every call in turn; a time runs from the call to the last byte of the answer',
    );
    const counter = countQueries(server.db);
    let probes: Probe[] = [];
    for (const phase of phasesOf(target)) {
      await phase.prepare(server);
      console.log('');
      console.log(`  ${phase.label}; the planner's row count of documents: ${await plannerRows(server, 'documents')}`);
      probes = probesOf(server, client, fixture);
      const loadBefore = loadavg()[0]!;
      await measure(probes, counter);
      printTimes(probes);
      console.log(
        `Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs ` +
          '(tails above the medians mostly measure other work on the machine).',
      );
    }
    printSizes(probes);
    const deep = JSON.parse(probes.find((p) => p.label.startsWith(`GET folders/{depth ${CHAIN_DEPTH}}`))!.last!.body.toString('utf8')) as {
      user_permissions: number;
      ancestors: unknown[];
    };
    console.log(
      `  depth ${CHAIN_DEPTH} as the member: user_permissions ${deep.user_permissions}, ${deep.ancestors.length} readable ancestors ` +
        `(a sanity check of the setup, not a figure)`,
    );
  } finally {
    client.close();
    await server.stop();
  }
}
