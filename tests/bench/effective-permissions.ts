/**
 * Issue #33's benchmark: who can do what on a folder at depth 20 in an organisation of 10,000 members with
 * 50 roles, timed over HTTP against the real server on PGlite and PostgreSQL, in the same rounds as
 * `SELECT 1` (the server's own database handle) and `GET documentation/folders/{id}` of the same folder
 * for one member (the read the goal is measured against):
 * - the first page, `GET …/effective-permissions?limit=50` (the org admin asks: Edit Permissions needed);
 * - and, for the record, a search for one member (`q`) and the 100th page (skip 4,950).
 * The members (each holding two of the 50 roles), the roles and the chain of 20 folders under the root
 * (every level with a grant to one role, a revoke from another and a grant to one member) are inserted in
 * bulk, as the admin grids' bench seeds its members; the admin and the reading member are made through
 * the API. Goal (issue #33): the first page's p95 ≤ 5× the member's folder read's. Figures only: nothing
 * here fails on a number; a wrong status stops the bench.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from '../../src/shared/ids.ts';
import { Permission } from '../../src/shared/permissions/index.ts';
import { aclEntries, folders, roles } from '../../src/server/db/schema.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { TimedClient } from './http-timing.ts';
import { spreadOf } from './percentiles.ts';
import { httpProbe, measure, printTimes, select1Probe, type Probe } from './probes.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';

export const EFFECTIVE_PERMISSIONS = sized({ members: 10_000, roles: 50, depth: 20, page: 50 }, { members: 100, roles: 50, depth: 20, page: 50 });
const WARMUP = sized(20, 2);
const SAMPLES = sized(150, 5);
const GOAL_RATIO = 5;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const ids = (list: readonly string[]) => `{${list.join(',')}}`;

interface Fixture {
  adminToken: string;
  memberToken: string;
  deepFolderId: string;
  took: { accounts: string; members: string; chain: string };
}

async function buildFixture(server: ApiServer): Promise<Fixture> {
  const { members, depth } = EFFECTIVE_PERMISSIONS;
  let started = performance.now();
  const admin = await registerAndActivate(server, 'bench_ep_admin');
  const org = await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Effective Permissions' }, expect: 201 });
  const orgId = String(org.id);
  const roleRows = Array.from({ length: EFFECTIVE_PERMISSIONS.roles }, (_, i) => ({ id: uuidv7(), orgId, name: `Bench role ${i + 1}` }));
  await server.db.insert(roles).values(roleRows);
  const roleIds = roleRows.map((r) => r.id);
  // The reading member, as people join: an invitation holding role 1, accepted.
  const invitation = await call(server, 'POST', 'users', { token: admin.token, json: { email: 'bench_ep_reader@example.com', roles: [roleIds[0]] }, expect: 201 });
  const reader = await registerAndActivate(server, 'bench_ep_reader');
  await call(server, 'POST', `auth/invite/${String(invitation.id)}`, { token: reader.token, json: true });
  const accountsTook = seconds(started);

  // 10,000 members in three statements; member i holds roles i mod 50 and (7i + 3) mod 50.
  started = performance.now();
  const db = server.db;
  await db.execute(sql`
    INSERT INTO users (id, username, email, full_name, password_hash, is_active)
    SELECT gen_random_uuid(), 'bench_ep_member_' || lpad(i::text, 5, '0'), 'bench_ep_member_' || i || '@example.com',
           'Bench Member ' || i, 'not a hash: nobody signs in as them', true
      FROM generate_series(1, ${sql.raw(String(members))}) i`);
  await db.execute(sql`
    INSERT INTO memberships (org_id, user_id, created_at)
    SELECT ${orgId}, u.id, now() FROM users u WHERE u.username LIKE 'bench_ep_member_%'`);
  await db.execute(sql`
    INSERT INTO user_roles (role_id, user_id)
    SELECT DISTINCT r.role_id, u.id
      FROM users u
     CROSS JOIN LATERAL (VALUES ((${ids(roleIds)}::uuid[])[1 + (substr(u.username, 17)::int % 50)]),
                                ((${ids(roleIds)}::uuid[])[1 + ((substr(u.username, 17)::int * 7 + 3) % 50)])) r(role_id)
     WHERE u.username LIKE 'bench_ep_member_%'`);
  const memberIds = (
    (await db.execute(sql`SELECT u.id FROM users u WHERE u.username LIKE 'bench_ep_member_%' ORDER BY u.username LIMIT ${depth}`)) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const membersTook = seconds(started);

  // The chain: 20 folders below the root; on every level a grant of Write to one role, a revoke of
  // Delete from another and a grant of Edit Permissions to one member.
  started = performance.now();
  const [root] = await db.select({ id: folders.id }).from(folders).where(and(eq(folders.orgId, orgId), isNull(folders.parentId)));
  if (!root) throw new Error('bench setup: the organisation has no root folder');
  const chain: string[] = [];
  for (let d = 1; d <= depth; d++) chain.push(uuidv7());
  await db.insert(folders).values(chain.map((id, i) => ({ id, orgId, parentId: i === 0 ? root.id : chain[i - 1]!, name: `Level ${i + 1}` })));
  await db.insert(aclEntries).values(
    chain.flatMap((folderId, i) => [
      { id: uuidv7(), orgId, folderId, documentId: null, subjectType: 'role' as const, subjectId: roleIds[i % 50]!, isGrant: true, permissions: Permission.Write | Permission.Read },
      { id: uuidv7(), orgId, folderId, documentId: null, subjectType: 'role' as const, subjectId: roleIds[(i + 25) % 50]!, isGrant: false, permissions: Permission.Delete },
      { id: uuidv7(), orgId, folderId, documentId: null, subjectType: 'user' as const, subjectId: memberIds[i]!, isGrant: true, permissions: Permission.EditPermissions },
    ]),
  );
  return { adminToken: admin.token, memberToken: reader.token, deepFolderId: chain.at(-1)!, took: { accounts: accountsTook, members: membersTook, chain: seconds(started) } };
}

export async function benchEffectivePermissions(target: DatabaseTarget): Promise<void> {
  const { members, roles: roleCount, depth, page } = EFFECTIVE_PERMISSIONS;
  console.log('');
  console.log(`Effective permissions (issue #33) on ${target.label}`);
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const f = await buildFixture(server);
    // PGlite runs in this process: the bulk inserts blocked the event loop; one turn lets idle connections close.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.db.execute(sql`VACUUM ANALYZE`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(
      `  setup: two accounts through the API ${f.took.accounts}; ${members.toLocaleString('en')} members with ${roleCount} roles (two each) in bulk ${f.took.members}; ` +
        `a chain of ${depth} folders with 3 entries on each level ${f.took.chain}; then VACUUM ANALYZE`,
    );
    console.log(`  ${SAMPLES} rounds after ${WARMUP} warm-up rounds, each round one of every call in turn, over one kept-alive HTTP/1.1 connection`);
    const address = `/api/v1/documentation/folders/${f.deepFolderId}`;
    const counter = countQueries(server.db);
    const probes: Probe[] = [
      select1Probe(server.db),
      httpProbe(client, `GET folders/{id} at depth ${depth} — one member`, address, f.memberToken),
      httpProbe(client, `GET …/effective-permissions?limit=${page} — first page`, `${address}/effective-permissions?limit=${page}`, f.adminToken),
      httpProbe(client, `GET …/effective-permissions?q=<one member>`, `${address}/effective-permissions?q=bench_ep_member_04321`, f.adminToken),
      httpProbe(client, `GET …/effective-permissions?skip=4950 — its 100th page`, `${address}/effective-permissions?skip=4950&limit=${page}`, f.adminToken),
    ];
    const loadBefore = loadavg()[0]!;
    await measure(probes, counter, { warmup: WARMUP, samples: SAMPLES });
    printTimes(probes);
    const folderRead = spreadOf(probes[1]!.times).p95;
    const firstPage = spreadOf(probes[2]!.times).p95;
    const ratio = firstPage / folderRead;
    console.log(
      `  first page p95 / the member's folder read p95: ${firstPage.toFixed(2)} / ${folderRead.toFixed(2)} ms = ${ratio.toFixed(2)}× ` +
        `(goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'ok' : 'OVER'})`,
    );
    console.log(
      `  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs. ` +
        'SQL: statements the server sent per call, the sign-in included.',
    );
  } finally {
    client.close();
    await server.stop();
  }
}
