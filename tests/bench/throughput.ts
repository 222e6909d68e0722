/**
 * `npm run bench`, issue #8: what a folder open costs and how many requests a second the server answers.
 *
 * - SQL statements per call of a folder open, as the browse page makes it (the folder, the first page
 *   of its contents; the folder names the root for the breadcrumbs), for a plain member who reads the folder
 *   through a role grant — and for a checklist submission (BEGIN and COMMIT count); on every database.
 * - On PostgreSQL: throughput at 20 connections of a folder's first page of 100 items and of a checklist
 *   submission — req/s, p50, p99 from autocannon in a second process — each beside the minimal Hono +
 *   node-postgres route of minimal-server.ts that runs one statement for the same rows, measured in the
 *   same run. The ratio to that ceiling is the figure that survives a noisy machine.
 *
 * Goals (issue #8): queries per folder open at least halved (before: about 25); folder page and
 * submission each ≥ 1,600 req/s and within 2× of the minimal route.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Permission } from '../../src/shared/permissions/index.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { accounts, call, fillFolder } from './documentation-tree-fixture.ts';
import { load, type LoadResult } from './load.ts';
import { startMinimalServer } from './minimal-server.ts';
import { countQueries } from './query-counter.ts';
import { checklistContents, record } from './submissions.ts';
import { sized } from './smoke.ts';

const CONNECTIONS = 20;
const SECONDS = sized(8, 1);
const WARM_UP_SECONDS = sized(2, 1);
/** 102 items, 2 with entries of their own naming the member (one hides it from them): a first page of 100 either way. */
const FOLDER = { folders: 20, documents: 82, ownEntriesEvery: 51 } as const;
const GOAL = { perSecond: 1_600, ofCeiling: 2, queriesBefore: 25 } as const;
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

export async function benchThroughput(target: DatabaseTarget): Promise<void> {
  console.log(`\nA folder open and throughput (issue #8) on ${target.label}`);
  const server = await startApiServer(target);
  try {
    const setup = await setUp(server);
    await countPerCall(server, setup);
    if (target.kind !== 'postgres' || !server.databaseUrl) {
      console.log('  throughput: measured on PostgreSQL only (set BENCH_DATABASE_URL).');
      return;
    }
    const minimal = await startMinimalServer(server.databaseUrl, { orgId: setup.orgId, userId: setup.admin.id });
    try {
      const auth = { ...ACCEPT, authorization: `Bearer ${setup.member.token}` };
      const body = JSON.stringify({ record: record() });
      const json = { ...auth, 'content-type': 'application/json' };
      const routes = [
        {
          label: 'folder page: GET folders/{id}/contents?limit=100',
          ours: { url: `${server.apiUrl}/documentation/folders/${setup.folderId}/contents?limit=100`, options: { headers: auth } },
          ceiling: { url: `${minimal.url}/folders/${setup.folderId}/contents`, options: { headers: ACCEPT } },
        },
        {
          label: 'submission: POST documents/{id}/data',
          ours: { url: `${server.apiUrl}/documentation/documents/${setup.checklistId}/data`, options: { method: 'POST' as const, headers: json, body } },
          ceiling: { url: `${minimal.url}/documents/${setup.checklistId}/data`, options: { method: 'POST' as const, headers: json, body } },
        },
      ];
      console.log(
        `  throughput: autocannon in a second process, ${CONNECTIONS} kept-alive connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, loopback; ` +
          'Accept-Encoding gzip, deflate, br on both servers',
      );
      const head = `  ${'route'.padEnd(52)} ${'server'.padEnd(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(8)}`;
      console.log(head);
      console.log(`  ${'-'.repeat(head.length - 2)}`);
      const loadBefore = loadavg()[0]!;
      for (const route of routes) {
        const measured: Record<'ours' | 'ceiling', LoadResult | undefined> = { ours: undefined, ceiling: undefined };
        // The ceiling first, then ours, each warmed up just before it is measured.
        for (const which of ['ceiling', 'ours'] as const) {
          const { url, options } = route[which];
          await load(url, { ...options, connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
          measured[which] = await load(url, { ...options, connections: CONNECTIONS, seconds: SECONDS });
        }
        const ours = measured.ours!;
        const ceiling = measured.ceiling!;
        const ratio = ceiling.perSecond / ours.perSecond;
        console.log(`  ${route.label.padEnd(52)} ${'minimal'.padEnd(9)} ${fmt(ceiling)}`);
        console.log(
          `  ${''.padEnd(52)} ${'ours'.padEnd(9)} ${fmt(ours)}   ${ratio.toFixed(2)}× below the minimal route; ` +
            `goal ≥ ${GOAL.perSecond} req/s ${ours.perSecond >= GOAL.perSecond ? 'ok' : 'OVER'}, within ${GOAL.ofCeiling}× ${ratio <= GOAL.ofCeiling ? 'ok' : 'OVER'}`,
        );
      }
      console.log(
        `  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs; ` +
          'the load generator shares them. Read the ratio to the minimal route, measured minutes apart on the same machine, before the raw req/s.',
      );
    } finally {
      // Requests the generator left in flight when its time ran out finish before the pools close.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await minimal.stop();
    }
  } finally {
    await server.stop();
  }
}
