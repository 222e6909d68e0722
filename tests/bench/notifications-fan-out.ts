/**
 * Issue #12's benchmark: fan-out to 1,000 subscribers — the time until every notification is stored.
 * Notifications are written synchronously in the change's transaction (services/notifications/fan-out.ts),
 * so that time is the write's own round trip over HTTP: `POST documentation/documents` into a folder five
 * levels deep whose chain carries 1,000 subscriptions (to the folder and the folders above, a fifth
 * of them by members a role revoke on one level hides, so THE rule is exercised), beside the same write
 * into a folder nobody subscribes to and a bare `SELECT 1` through the server's own handle, on PGlite
 * and PostgreSQL. After each write the notifications are counted. Goal: ≤ 1 s on PostgreSQL, PGlite
 * within 2×. Figures only: nothing here fails on a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApiServer, type DatabaseTarget } from './api-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { spreadOf, type Spread } from './percentiles.ts';
import { sized } from './smoke.ts';

export const FAN_OUT = sized({ subscribers: 1_000, depth: 5, rounds: 15, warmup: 3 }, { subscribers: 20, depth: 5, rounds: 2, warmup: 1 });
const SELECT_ROUNDS = sized(200, 10);

const row = (name: string, s: Spread, extra = '') =>
  `${name.padEnd(64)} ${String(s.n).padStart(5)} ${s.p50.toFixed(2).padStart(9)} ${s.p95.toFixed(2).padStart(9)} ${s.max.toFixed(2).padStart(9)}  ${extra}`;

const first = <T>(result: unknown): T => ((result as { rows: T[] }).rows[0] as T);

export async function benchNotificationsFanOut(target: DatabaseTarget): Promise<void> {
  const server = await startApiServer(target);
  try {
    const admin = await registerAndActivate(server, 'bench_fanout_admin');
    const org = await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Fan-out' }, expect: 201 });
    const orgId = String(org.id);
    const db = server.db;

    // The chain: root → L1 → … → L5 (the target); a quiet sibling folder nobody subscribes to.
    let parent = 'root';
    const chain: string[] = [];
    for (let i = 1; i <= FAN_OUT.depth; i++) {
      const folder = await call(server, 'POST', 'documentation/folders', { token: admin.token, json: { parent_id: parent, name: `Level ${i}` }, expect: 201 });
      parent = String(folder.id);
      chain.push(parent);
    }
    const quiet = await call(server, 'POST', 'documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Quiet' }, expect: 201 });
    const role = await call(server, 'POST', 'roles', { token: admin.token, json: { name: 'Bench hidden' }, expect: 201 });

    // 1,000 members; every fifth holds the role that loses Read at level 3.
    await db.execute(sql`
      INSERT INTO users (id, username, email, full_name, password_hash, is_active)
      SELECT gen_random_uuid(), 'bench_sub_' || lpad(i::text, 5, '0'), 'bench_sub_' || i || '@example.com', 'Bench Subscriber ' || i,
             'not a hash: nobody signs in as them', true
        FROM generate_series(1, ${sql.raw(String(FAN_OUT.subscribers))}) i`);
    await db.execute(sql`INSERT INTO memberships (org_id, user_id) SELECT ${orgId}, u.id FROM users u WHERE u.username LIKE 'bench_sub_%'`);
    await db.execute(sql`
      INSERT INTO user_roles (role_id, user_id)
      SELECT ${String(role.id)}, u.id FROM users u WHERE u.username LIKE 'bench_sub_%' AND substr(u.username, 11)::int % 5 = 0`);
    await call(server, 'PUT', `documentation/folders/${chain[2]}/acl`, {
      token: admin.token,
      json: [{ subject: String(role.id), is_grant: false, permissions: 1 }],
      expect: 200,
    });
    // Each subscribes to one level of the chain (subscriber i to level i mod 5), half of them by e-mail.
    await db.execute(sql`
      INSERT INTO subscriptions (id, org_id, user_id, folder_id, validation_errors_only, email_notifications)
      SELECT gen_random_uuid(), ${orgId}, u.id, (${`{${chain.join(',')}}`}::uuid[])[1 + substr(u.username, 11)::int % ${sql.raw(String(FAN_OUT.depth))}],
             false, substr(u.username, 11)::int % 2 = 0
        FROM users u WHERE u.username LIKE 'bench_sub_%'`);
    if (target.kind === 'postgres') await db.execute(sql`ANALYZE`);

    const loadBefore = loadavg()[0]!;
    const selects: number[] = [];
    for (let i = 0; i < SELECT_ROUNDS; i++) {
      const started = performance.now();
      await db.execute(sql`SELECT 1`);
      selects.push(performance.now() - started);
    }

    const write = async (folderId: string, name: string) => {
      const started = performance.now();
      const doc = await call(server, 'POST', 'documentation/documents', {
        token: admin.token,
        json: { folder_id: folderId, name, doctype: 'form' },
        expect: 201,
      });
      return { ms: performance.now() - started, id: String(doc.id) };
    };
    const stored = async (documentId: string) =>
      Number(
        first<{ n: number }>(
          await db.execute(sql`SELECT count(*)::int AS n FROM notifications n JOIN activity_events e ON e.id = n.event_id WHERE e.document_id = ${documentId}`),
        ).n,
      );

    for (let i = 0; i < FAN_OUT.warmup; i++) {
      await write(parent, `Warm-up ${i}`);
      await write(String(quiet.id), `Quiet warm-up ${i}`);
    }
    const fanned: number[] = [];
    const plain: number[] = [];
    const counts = new Set<number>();
    for (let i = 0; i < FAN_OUT.rounds; i++) {
      const w = await write(parent, `Fanned ${i}`);
      fanned.push(w.ms);
      counts.add(await stored(w.id));
      plain.push((await write(String(quiet.id), `Quiet ${i}`)).ms);
    }

    const expected = FAN_OUT.subscribers - FAN_OUT.subscribers / 5;
    console.log(`\nNotifications fan-out to ${FAN_OUT.subscribers} subscribers (issue #12) on ${target.label}`);
    console.log(
      `  subscribers spread over a chain of ${FAN_OUT.depth} folders; a fifth lose Read by a role revoke at level 3 → ${expected} notifications per event expected; stored per event: ${[...counts].join(', ')}`,
    );
    console.log(`${'time until every notification is stored (ms)'.padEnd(64)} ${'n'.padStart(5)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}`);
    const select = spreadOf(selects);
    console.log(row("SELECT 1 through the server's database handle", select));
    const quietSpread = spreadOf(plain);
    console.log(row('POST documents into a folder nobody subscribes to', quietSpread));
    const fan = spreadOf(fanned);
    console.log(
      row(
        `POST documents fanned out to ${expected} notifications (committed = stored)`,
        fan,
        `+${(fan.p50 - quietSpread.p50).toFixed(1)} ms over the quiet write at p50; goal ≤ 1000 ms${target.kind === 'pglite' ? ' (PGlite: ≤ 2000)' : ''}`,
      ),
    );
    console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
  } finally {
    await server.stop();
  }
}
