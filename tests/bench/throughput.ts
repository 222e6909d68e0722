/**
 * `npm run bench`, issue #8: what a folder open costs and how many requests a second the server answers.
 *
 * - SQL statements per call of a folder open, as the browse page makes it (the folder, the first page
 *   of its contents; the folder names the root for the breadcrumbs), for a plain member who reads the folder
 *   through a role grant — and for a checklist submission (BEGIN and COMMIT count); on every database.
 * - On PostgreSQL: throughput at 20 connections of a folder's first page of 100 items and of a checklist
 *   submission — req/s, p50, p99 from autocannon in a process of its own — each beside the minimal Hono +
 *   node-postgres route of minimal-server.ts that runs one statement for the same rows. Measured fairly
 *   (issue #46): ours as `npm start` runs it (the bundle, its request log on) and the minimal route each in
 *   a process of its own on the same database, alternated ROUNDS times in one run; the ratio of the medians
 *   printed beside the machine's load before and after.
 *
 * Goals: queries per folder open at least halved (issue #8, before: about 25); folder page and submission
 * each ≥ 0.8× the minimal route (issue #46).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Permission } from '../../src/shared/permissions/index.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call, fillFolder } from './documentation-tree-fixture.ts';
import { serverCommand, startBenchServer, type BenchServer } from './bench-server.ts';
import { load, type LoadOptions, type LoadResult } from './load.ts';
import { spawnMinimalServer } from './minimal-server.ts';
import { countQueries } from './query-counter.ts';
import { checklistContents, record } from './submissions.ts';
import { sized } from './smoke.ts';

const CONNECTIONS = 20;
const SECONDS = sized(8, 1);
const WARM_UP_SECONDS = sized(2, 1);
/** Each server measured this many times, in turns with the other (issue #46: at least twice). */
const ROUNDS = sized(3, 2);
/** 102 items, 2 with entries of their own naming the member (one hides it from them): a first page of 100 either way. */
const FOLDER = { folders: 20, documents: 82, ownEntriesEvery: 51 } as const;
/** Issue #46: ours ≥ 0.8× the minimal route's req/s (medians, same run); statements per folder open at least halved (issue #8). */
const GOAL = { ofCeiling: 0.8, twoProcesses: 1.6, queriesBefore: 25 } as const;
/** What a browser sends; both servers compress alike. */
const ACCEPT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

interface Setup {
  member: { token: string };
  admin: { id: string; token: string };
  orgId: string;
  folderId: string;
  checklistId: string;
}

export async function setUp(server: ApiServer): Promise<Setup> {
  const { admin, member, orgId, readersId } = await accounts(server);
  const folder = await call(server, 'POST', 'documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'A hundred items' }, expect: 201 });
  const folderId = String(folder.id);
  await call(server, 'PUT', `documentation/folders/${folderId}/acl`, {
    token: admin.token,
    json: [
      { subject: orgId, is_grant: false, permissions: Permission.Read },
      { subject: readersId, is_grant: true, permissions: Permission.Read },
    ],
  });
  await fillFolder(server, { orgId, folderId, adminId: admin.id, memberId: member.id, readersId }, FOLDER);
  const checklist = await call(server, 'POST', 'documentation/documents', {
    token: admin.token,
    json: { folder_id: folderId, name: 'Daily check', doctype: 'form', contents: checklistContents() },
    expect: 201,
  });
  await server.db.execute(sql`VACUUM ANALYZE`);
  return { member, admin, orgId, folderId, checklistId: String(checklist.id) };
}

/** Statements per call, each call made twice first so caches and the session's last-access write are settled. */
export async function countPerCall(server: ApiServer, setup: Setup): Promise<void> {
  const counter = countQueries(server.db);
  const calls: { label: string; method: 'GET' | 'POST'; path: string; json?: unknown; expect?: number }[] = [
    { label: 'GET folders/{id}', method: 'GET', path: `documentation/folders/${setup.folderId}` },
    { label: 'GET folders/{id}/contents?limit=100', method: 'GET', path: `documentation/folders/${setup.folderId}/contents?limit=100` },
  ];
  const submit = { label: 'POST documents/{id}/data (a submission)', method: 'POST' as const, path: `documentation/documents/${setup.checklistId}/data`, json: { record: record() }, expect: 201 };
  const countOf = async (c: (typeof calls)[number]) => {
    for (let i = 0; i < 2; i++) await call(server, c.method, c.path, { token: setup.member.token, ...(c.json ? { json: c.json } : {}), ...(c.expect ? { expect: c.expect } : {}) });
    const before = counter.count;
    await call(server, c.method, c.path, { token: setup.member.token, ...(c.json ? { json: c.json } : {}), ...(c.expect ? { expect: c.expect } : {}) });
    return counter.count - before;
  };
  console.log('  SQL statements per call, as a plain member who reads the folder through a role grant:');
  let open = 0;
  for (const c of calls) {
    const n = await countOf(c);
    open += n;
    console.log(`    ${c.label.padEnd(48)} ${String(n).padStart(3)}`);
  }
  console.log(
    `    ${'a folder open (the two calls, in parallel)'.padEnd(48)} ${String(open).padStart(3)}   goal ≤ ${GOAL.queriesBefore / 2} (half of about ${GOAL.queriesBefore} before issue #8)`,
  );
  const submitted = await countOf(submit);
  console.log(
    `    ${submit.label.padEnd(48)} ${String(submitted).padStart(3)}   (every statement, BEGIN and COMMIT included)`,
  );
}

const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.requests).padStart(8)}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const load1 = () => loadavg()[0]!.toFixed(1);

interface Route {
  label: string;
  ours: { url: string; options: Omit<LoadOptions, 'connections' | 'seconds'> };
  ceiling: { url: string; options: Omit<LoadOptions, 'connections' | 'seconds'> };
}

/** Both warmed up, then measured in turns (minimal, ours) ROUNDS times; the ratio of the medians beside the load. */
async function measureRoute(route: Route): Promise<void> {
  const loadBefore = load1();
  for (const which of ['ceiling', 'ours'] as const) {
    const { url, options } = route[which];
    await load(url, { ...options, connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  }
  const measured: Record<'ours' | 'ceiling', LoadResult[]> = { ours: [], ceiling: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const which of ['ceiling', 'ours'] as const) {
      const { url, options } = route[which];
      measured[which].push(await load(url, { ...options, connections: CONNECTIONS, seconds: SECONDS }));
    }
  }
  console.log(`  ${route.label}`);
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`    round ${round + 1}  ${'minimal'.padEnd(9)} ${fmt(measured.ceiling[round]!)}`);
    console.log(`    ${''.padEnd(8)} ${'ours'.padEnd(9)} ${fmt(measured.ours[round]!)}`);
  }
  const ours = median(measured.ours.map((r) => r.perSecond));
  const ceiling = median(measured.ceiling.map((r) => r.perSecond));
  const ratio = ours / ceiling;
  console.log(
    `    medians: ours ${ours.toFixed(0)} req/s, minimal route (baseline) ${ceiling.toFixed(0)} req/s = ${ratio.toFixed(2)}× ` +
      `(goal ≥ ${GOAL.ofCeiling}× ${ratio >= GOAL.ofCeiling ? 'ok' : 'BELOW'}); load ${loadBefore} → ${load1()} on ${availableParallelism()} CPUs`,
  );
}

/**
 * Two processes on one PostgreSQL (the cluster README.md describes, same APP_KEY and signing secret): a
 * second server beside `ours`, autocannon's connections spread over the two ports in turn, measured in
 * turns with the one process; the ratio of the medians (goal ≥ 1.6×).
 */
async function measureTwoProcesses(ours: BenchServer, second: BenchServer, path: string, headers: Record<string, string>): Promise<void> {
  const loadBefore = load1();
  const one = [`${ours.url}/api/v1/${path}`];
  const two = [...one, `${second.url}/api/v1/${path}`];
  for (const urls of [one, two]) await load(urls, { headers, connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  const measured: Record<'one' | 'two', LoadResult[]> = { one: [], two: [] };
  for (let round = 0; round < ROUNDS; round++) {
    measured.one.push(await load(one, { headers, connections: CONNECTIONS, seconds: SECONDS }));
    measured.two.push(await load(two, { headers, connections: CONNECTIONS, seconds: SECONDS }));
  }
  console.log('  folder page on two server processes (one PostgreSQL), connections alternated between their ports');
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`    round ${round + 1}  ${'one'.padEnd(9)} ${fmt(measured.one[round]!)}`);
    console.log(`    ${''.padEnd(8)} ${'two'.padEnd(9)} ${fmt(measured.two[round]!)}`);
  }
  const oneMedian = median(measured.one.map((r) => r.perSecond));
  const twoMedian = median(measured.two.map((r) => r.perSecond));
  const ratio = twoMedian / oneMedian;
  console.log(
    `    medians: two processes ${twoMedian.toFixed(0)} req/s, one (baseline) ${oneMedian.toFixed(0)} req/s = ${ratio.toFixed(2)}× ` +
      `(goal ≥ ${GOAL.twoProcesses}× ${ratio >= GOAL.twoProcesses ? 'ok' : 'BELOW'}); load ${loadBefore} → ${load1()} on ${availableParallelism()} CPUs`,
  );
}

/**
 * On PostgreSQL: the server under test as `npm start` runs it (`node dist-server/main.mjs`, request log on)
 * and the minimal route, each in a process of its own on the same database, measured in turns.
 */
async function measureThroughput(server: ApiServer, setup: Setup): Promise<void> {
  const databaseUrl = server.databaseUrl!;
  // The in-process server made the fixture; it stops here, so nothing but the two measured processes serves.
  await server.close();
  // What a cluster's processes share (README.md): the same keys.
  const cluster = { APP_KEY: randomBytes(24).toString('hex'), UPLOAD_SIGNING_SECRET: randomBytes(24).toString('hex') };
  const ourServer = await startBenchServer({ databaseUrl, requestLog: true, env: cluster });
  const minimal = await spawnMinimalServer(databaseUrl, { orgId: setup.orgId, userId: setup.admin.id });
  try {
    const auth = { ...ACCEPT, authorization: `Bearer ${setup.member.token}` };
    const body = JSON.stringify({ record: record() });
    const json = { ...auth, 'content-type': 'application/json' };
    const api = `${ourServer.url}/api/v1`;
    const routes: Route[] = [
      {
        label: 'folder page: GET folders/{id}/contents?limit=100',
        ours: { url: `${api}/documentation/folders/${setup.folderId}/contents?limit=100`, options: { headers: auth } },
        ceiling: { url: `${minimal.url}/folders/${setup.folderId}/contents`, options: { headers: ACCEPT } },
      },
      {
        label: 'submission: POST documents/{id}/data',
        ours: { url: `${api}/documentation/documents/${setup.checklistId}/data`, options: { method: 'POST', headers: json, body } },
        ceiling: { url: `${minimal.url}/documents/${setup.checklistId}/data`, options: { method: 'POST', headers: json, body } },
      },
    ];
    console.log(
      `  throughput: autocannon in a process of its own, ${CONNECTIONS} kept-alive connections, ${SECONDS} s per measure after ${WARM_UP_SECONDS} s of warm-up, ` +
        `${ROUNDS} rounds in turns (minimal, ours), loopback, Accept-Encoding gzip, deflate, br. Ours: ${serverCommand.label} with its request log; ` +
        'the minimal route: a Hono + node-postgres process of its own writing the same table.',
    );
    console.log(`    ${''.padEnd(8)} ${'server'.padEnd(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(8)}`);
    for (const route of routes) await measureRoute(route);
    const second = await startBenchServer({ databaseUrl, requestLog: true, env: cluster });
    try {
      await measureTwoProcesses(ourServer, second, `documentation/folders/${setup.folderId}/contents?limit=100`, auth);
    } finally {
      await second.stop();
    }
  } finally {
    // Requests the generator left in flight when its time ran out finish before the processes stop.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await minimal.stop();
    await ourServer.stop();
  }
}

export async function benchThroughput(target: DatabaseTarget): Promise<void> {
  console.log(`\nA folder open and throughput (issues #8, #46) on ${target.label}`);
  const server = await startApiServer(target);
  try {
    const setup = await setUp(server);
    await countPerCall(server, setup);
    if (target.kind !== 'postgres' || !server.databaseUrl) {
      console.log('  throughput: measured on PostgreSQL only (set BENCH_DATABASE_URL).');
      return;
    }
    await measureThroughput(server, setup);
  } finally {
    await server.stop();
  }
}
