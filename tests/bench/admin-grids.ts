/**
 * Issue #11's benchmark: the admin grids' first pages at scale, timed over HTTP against the real server,
 * beside a bare `SELECT 1` through the server's own database handle and a trivial HTTP round trip
 * (`GET _build-info`: no sign-in, no SQL), on PGlite and on PostgreSQL:
 * - the user grid's first page filtered by a role, `GET users?role_filters=<role>&limit=100`, in an
 *   organisation of 10,000 members (five roles, each held by 2,000 of them);
 * - the activity log's first page, `GET activity?limit=100`, over 1,000,000 events of that organisation
 *   naming its documents, folders, members and roles (every kind of target resolved on every page);
 *   and, for the record, its 100th page (skip 9,900).
 * Goals (issue #11): p95 ≤ 20 ms on PostgreSQL, ≤ 40 ms on PGlite. Figures only: nothing here fails on
 * a number; a wrong status during setup or measuring stops the bench.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from '../../src/shared/ids.ts';
import { documents, documentVersions, folders, roles } from '../../src/server/db/schema.ts';
import { startApiServer, type ApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { TimedClient } from './http-timing.ts';
import { signInAgain } from './kept-database.ts';
import { httpProbe, measure, printTimes, select1Probe, type Probe } from './probes.ts';
import { countQueries } from './query-counter.ts';
import { sized } from './smoke.ts';

export const ADMIN_GRIDS = sized(
  { members: 10_000, roles: 5, events: 1_000_000, folders: 100, documents: 1_000 },
  { members: 50, roles: 5, events: 1_000, folders: 10, documents: 20 },
);
const WARMUP = sized(30, 2);
const SAMPLES = sized(200, 5);
const PAGE = 100;
const EVENTS_PER_STATEMENT = 100_000;
/** Counts as SQL literals (not parameters, whose type PostgreSQL cannot guess in arithmetic). */
const N = Object.fromEntries(Object.entries(ADMIN_GRIDS).map(([k, v]) => [k, sql.raw(String(v))])) as Record<keyof typeof ADMIN_GRIDS, ReturnType<typeof sql.raw>>;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

interface Fixture {
  token: string;
  orgId: string;
  roleId: string;
  took: { members: string; items: string; events: string };
}

/** An array literal of ids for one parameter. */
const ids = (list: readonly string[]) => `{${list.join(',')}}`;

/** What a previous run seeded on a kept database (BENCH_KEEP), signed in again; undefined when it is not all there. */
async function keptFixture(server: ApiServer, events: number): Promise<Fixture | undefined> {
  const found = (await server.db.execute(sql`
    SELECT o.id AS org_id, (SELECT r.id FROM roles r WHERE r.org_id = o.id AND r.name = 'Bench role 1') AS role_id,
           (SELECT count(*)::int FROM activity_events e WHERE e.org_id = o.id) AS events
      FROM organisations o WHERE o.name = 'Bench Admin Grids' LIMIT 1`)) as unknown as { rows: { org_id: string; role_id: string | null; events: number }[] };
  const row = found.rows[0];
  if (!row || !row.role_id || Number(row.events) < events) return undefined;
  const token = await signInAgain(server, 'bench_grid_admin');
  return { token, orgId: row.org_id, roleId: row.role_id, took: { members: 'kept', items: 'kept', events: 'kept' } };
}

export async function buildFixture(server: ApiServer, events: number = ADMIN_GRIDS.events): Promise<Fixture> {
  if (server.reused) {
    const kept = await keptFixture(server, events);
    if (kept) return kept;
  }
  const admin = await registerAndActivate(server, 'bench_grid_admin');
  const org = await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Admin Grids' }, expect: 201 });
  const orgId = String(org.id);
  const db = server.db;

  let started = performance.now();
  const roleRows = Array.from({ length: ADMIN_GRIDS.roles }, (_, i) => ({ id: uuidv7(), orgId, name: `Bench role ${i + 1}`, listFilterable: true }));
  await db.insert(roles).values(roleRows);
  const roleIds = roleRows.map((r) => r.id);
  // 10,000 members inserted in three statements; member i holds role i mod 5.
  await db.execute(sql`
    INSERT INTO users (id, username, email, full_name, password_hash, is_active)
    SELECT gen_random_uuid(), 'bench_member_' || lpad(i::text, 5, '0'), 'bench_member_' || i || '@example.com',
           'Bench Member ' || i, 'not a hash: nobody signs in as them', true
      FROM generate_series(1, ${ADMIN_GRIDS.members}) i`);
  await db.execute(sql`
    INSERT INTO memberships (org_id, user_id, created_at)
    SELECT ${orgId}, u.id, now() FROM users u WHERE u.username LIKE 'bench_member_%'`);
  await db.execute(sql`
    INSERT INTO user_roles (role_id, user_id)
    SELECT (${ids(roleIds)}::uuid[])[1 + (substr(u.username, 14)::int % ${ADMIN_GRIDS.roles})], u.id
      FROM users u WHERE u.username LIKE 'bench_member_%'`);
  const memberIds = (
    (await db.execute(sql`SELECT u.id FROM users u WHERE u.username LIKE 'bench_member_%' ORDER BY u.username`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
  const membersTook = seconds(started);

  // The items the events name: 100 folders under the root, 1,000 documents among them; a tenth of each in the trash.
  started = performance.now();
  // The root read directly: after the bulk inserts a kept-alive fetch connection may have been closed by the server.
  const [root] = await db.select({ id: folders.id }).from(folders).where(and(eq(folders.orgId, orgId), isNull(folders.parentId)));
  if (!root) throw new Error('bench setup: the organisation has no root folder');
  const now = Date.now();
  const folderRows = Array.from({ length: ADMIN_GRIDS.folders }, (_, i) => ({
    id: uuidv7(now),
    orgId,
    parentId: root.id,
    name: `Bench folder ${i}`,
    deletedAt: i % 10 === 9 ? new Date(now) : null,
  }));
  await db.insert(folders).values(folderRows);
  const documentRows = Array.from({ length: ADMIN_GRIDS.documents }, (_, i) => ({
    id: uuidv7(now),
    orgId,
    folderId: folderRows[i % ADMIN_GRIDS.folders]!.id,
    name: `Bench document ${i}`,
    doctype: 'form' as const,
    contents: { questions: {}, question_index: [] },
    deletedAt: i % 10 === 3 ? new Date(now) : null,
  }));
  for (let i = 0; i < documentRows.length; i += 500) {
    const part = documentRows.slice(i, i + 500);
    await db.insert(documents).values(part);
    await db.insert(documentVersions).values(part.map((d) => ({ documentId: d.id, version: 1, name: d.name, contents: d.contents })));
  }
  const itemsTook = seconds(started);

  // 1,000,000 events, one a second back from now, in statements of 100,000: of every ten, five about a
  // document (with its folder), one submission, two about a folder, one about a member, one about a role;
  // the actor one of the members.
  started = performance.now();
  const documentIds = ids(documentRows.map((d) => d.id));
  const documentFolders = ids(documentRows.map((d) => d.folderId));
  const folderIds = ids(folderRows.map((f) => f.id));
  const members = ids(memberIds);
  const t0 = now - events * 1000;
  for (let from = 0; from < events; from += EVENTS_PER_STATEMENT) {
    const to = Math.min(events, from + EVENTS_PER_STATEMENT) - 1;
    await db.execute(sql`
      WITH p AS (SELECT ${documentIds}::uuid[] AS docs, ${documentFolders}::uuid[] AS doc_folders, ${folderIds}::uuid[] AS folders,
                        ${members}::uuid[] AS members, ${ids(roleIds)}::uuid[] AS roles, ${root.id}::uuid AS root)
      INSERT INTO activity_events (id, org_id, type, actor_id, at, folder_id, document_id, context)
      SELECT gen_random_uuid(), ${orgId}::uuid, k.type, p.members[1 + i % ${N.members}],
             to_timestamp((${t0}::float8 + i * 1000) / 1000),
             CASE WHEN k.kind = 'document' THEN p.doc_folders[1 + i % ${N.documents}]
                  WHEN k.kind = 'folder' THEN p.folders[1 + i % ${N.folders}] END,
             CASE WHEN k.kind = 'document' THEN p.docs[1 + i % ${N.documents}] END,
             CASE k.kind
               WHEN 'document' THEN jsonb_build_object('name', 'Bench document ' || (i % ${N.documents}), 'doctype', 'form',
                                                      'folder_id', p.doc_folders[1 + i % ${N.documents}], 'folder_name', 'a folder')
               WHEN 'folder' THEN jsonb_build_object('name', 'Bench folder ' || (i % ${N.folders}), 'folder_id', p.root, 'folder_name', 'Root')
               WHEN 'user' THEN jsonb_build_object('user_id', p.members[1 + (i * 7) % ${N.members}], 'username', 'someone',
                                                  'full_name', 'Some One', 'email', 'someone@example.com')
               ELSE jsonb_build_object('role_id', p.roles[1 + i % ${N.roles}], 'name', 'a role', 'description', '', 'list_filterable', true)
             END
        FROM p, generate_series(${from}::int, ${to}::int) i
        CROSS JOIN LATERAL (SELECT (ARRAY['DocumentCreated','DocumentUpdated','DocumentMoved','DocumentDeleted','DocumentACLUpdated','DataSubmitted',
                                          'FolderCreated','FolderUpdated','UserUpdated','RoleUpdated'])[1 + i % 10] AS type,
                                   (ARRAY['document','document','document','document','document','document',
                                          'folder','folder','user','role'])[1 + i % 10] AS kind) k`);
  }
  return { token: admin.token, orgId, roleId: roleIds[0]!, took: { members: membersTook, items: itemsTook, events: seconds(started) } };
}

export async function benchAdminGrids(target: DatabaseTarget): Promise<void> {
  console.log('');
  console.log(`Admin grids (issue #11) on ${target.label}`);
  const goalMs = target.kind === 'postgres' ? 20 : 40;
  const server = await startApiServer(target);
  const client = new TimedClient(server.url);
  try {
    const f = await buildFixture(server);
    // PGlite runs in this process: the bulk inserts blocked the event loop past the server's keep-alive
    // timeout; one turn of the loop lets it close idle connections before the timed client opens its own.
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(
      `  setup: ${ADMIN_GRIDS.members.toLocaleString('en')} members with ${ADMIN_GRIDS.roles} roles (${(ADMIN_GRIDS.members / ADMIN_GRIDS.roles).toLocaleString('en')} each) in bulk ${f.took.members}; ` +
        `${ADMIN_GRIDS.folders} folders and ${ADMIN_GRIDS.documents.toLocaleString('en')} documents (a tenth of each in the trash) ${f.took.items}; ` +
        `${ADMIN_GRIDS.events.toLocaleString('en')} events ${f.took.events}`,
    );
    console.log(`  ${SAMPLES} rounds after ${WARMUP} warm-up rounds, each round one of every call in turn, over one kept-alive HTTP/1.1 connection`);

    const counter = countQueries(server.db);
    const phases =
      target.kind === 'postgres'
        ? [{ label: 'statistics: after VACUUM ANALYZE (what autovacuum reaches by itself)', analyse: true }]
        : [
            { label: 'statistics: none — as PGlite keeps them (no autovacuum; the server runs no ANALYZE)', analyse: false },
            { label: 'statistics: after VACUUM ANALYZE (run by the bench; nothing does it in production on PGlite)', analyse: true },
          ];
    for (const phase of phases) {
      if (phase.analyse) {
        await server.db.execute(sql`VACUUM ANALYZE`);
        await new Promise((resolve) => setTimeout(resolve, 100)); // as after the inserts: PGlite blocked the loop
      }
      const probes: Probe[] = [
        select1Probe(server.db),
        httpProbe(client, 'GET _build-info (no sign-in, no SQL)', '/api/v1/_build-info', undefined),
        httpProbe(client, `GET users?role_filters=<1 of ${ADMIN_GRIDS.roles} roles>&limit=${PAGE} — ${ADMIN_GRIDS.members.toLocaleString('en')} members`, `/api/v1/users?role_filters=${f.roleId}&limit=${PAGE}`, f.token, goalMs),
        httpProbe(client, `GET activity?limit=${PAGE} — ${ADMIN_GRIDS.events.toLocaleString('en')} events`, `/api/v1/activity?limit=${PAGE}`, f.token, goalMs),
        httpProbe(client, `GET activity?skip=9900&limit=${PAGE} — its 100th page`, `/api/v1/activity?skip=9900&limit=${PAGE}`, f.token),
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
