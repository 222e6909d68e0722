/**
 * A key whose first request is still in flight (docs/api.md "Retried writes"): the repeat waits for its
 * answer (IDEMPOTENCY_WAIT_MS, short here) and answers it; given up meanwhile (the first was refused), the
 * repeat does the work itself; still in flight after the wait — or cut off by a crash, its work perhaps
 * done — 409 with Retry-After, never the work twice. Expired keys are new again and the background pass
 * prunes them. The first request is stood in for by its claim, a row of `idempotency_keys`, as the
 * middleware commits it before the work (src/server/http/idempotency.ts) — or, for a submission, which
 * claims its key inside its own transaction, by a transaction holding the claim.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../../src/server/db/schema.ts';
import { bodyHash } from '../../../src/server/http/idempotency.ts';
import { makeChecklist, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const WAIT_MS = 1500;
const server = useTestServer({ env: { IDEMPOTENCY_WAIT_MS: String(WAIT_MS), IDEMPOTENCY_KEY_HOURS: '2', IDEMPOTENCY_PRUNE_INTERVAL_MS: '200' } });
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
});

const folderBody = (name: string) => ({ parent_id: 'root', name, description: '' });
const hashOf = (body: unknown) => bodyHash('application/json', new TextEncoder().encode(JSON.stringify(body)));
const scope = () => `user:${team.member.id}@${team.org.id}`;
const ADDRESS = 'POST /api/v1/documentation/folders';

/** The first request's claim, as the middleware commits it before the work. */
async function claim(key: string, body: unknown, createdAt = server.clock.now()) {
  await server.db.insert(idempotencyKeys).values({ scope: scope(), address: ADDRESS, key, requestHash: hashOf(body), createdAt });
}
const whereKey = (key: string) => and(eq(idempotencyKeys.scope, scope()), eq(idempotencyKeys.key, key));
const create = (key: string, body: unknown) => team.member.api.request('POST', 'documentation/folders', { json: body, headers: { 'idempotency-key': key } });
async function foldersNamed(name: string): Promise<number> {
  const found = (await server.db.execute(sql`select count(*)::int as n from folders where name = ${name}`)) as unknown as { rows: { n: number }[] };
  return Number(found.rows[0]!.n);
}

describe(`a key still in flight (${database})`, () => {
  it('the repeat waits, then answers the first answer once it is stored', async () => {
    const key = crypto.randomUUID();
    const body = folderBody('Answered meanwhile');
    await claim(key, body);
    const pending = create(key, body);
    await new Promise((r) => setTimeout(r, 200));
    await server.db
      .update(idempotencyKeys)
      .set({ status: 201, contentType: 'application/json', body: '{"id":"the-first"}', answeredAt: new Date() })
      .where(whereKey(key));
    const res = await pending;
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: 'the-first' });
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await foldersNamed('Answered meanwhile')).toBe(0);
  });

  it('the first gives its key up (refused): the repeat does the work itself, once', async () => {
    const key = crypto.randomUUID();
    const body = folderBody('Made by the repeat');
    await claim(key, body);
    const pending = create(key, body);
    await new Promise((r) => setTimeout(r, 200));
    await server.db.delete(idempotencyKeys).where(whereKey(key));
    const res = await pending;
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await foldersNamed('Made by the repeat')).toBe(1);
  });

  it('still in flight after the wait (or cut off by a crash): 409 with Retry-After, nothing made', async () => {
    const key = crypto.randomUUID();
    const body = folderBody('Never twice');
    await claim(key, body);
    const started = Date.now();
    const res = await create(key, body);
    expect(res.status, res.text).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body.detail).toBe('A request with this Idempotency-Key is still in progress; try again later');
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 100);
    expect(await foldersNamed('Never twice')).toBe(0);
  });

  it('another body while in flight: 422 at once', async () => {
    const key = crypto.randomUUID();
    await claim(key, folderBody('First body'));
    const res = await create(key, folderBody('Second body'));
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Idempotency-Key: was already used for a different request');
  });
});

/**
 * A submission settles its key in its own transaction (`keySettledInWork`): the race made to happen. A
 * competing transaction claims the key and is held open while the request runs, so the request's own
 * claim must wait on the primary key (PostgreSQL only: PGlite has one connection, which the held
 * transaction would block).
 */
describe.skipIf(!process.env.DATABASE_URL)('a submission against a claim of its key still in its transaction', () => {
  async function race(outcome: 'commit' | 'rollback', sameBody = true) {
    const checklist = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    const body = { record: { q: { value: true } } };
    const address = `POST /api/v1/documentation/documents/${checklist.id}/data`;
    let answer: Awaited<ReturnType<typeof create>> | undefined;
    const held = server.db
      .transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({
          scope: scope(),
          address,
          key,
          requestHash: hashOf(sameBody ? body : { record: { q: { value: false } } }),
          status: 201,
          contentType: 'application/json',
          body: '{"id":"held"}',
          answeredAt: new Date(),
        });
        void team.member.api
          .request('POST', `documentation/documents/${checklist.id}/data`, { json: body, headers: { 'idempotency-key': key } })
          .then((res) => (answer = res));
        // Wait until the request's claim is queued behind ours.
        for (let i = 0; ; i++) {
          const found = (await server.db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { waiting: number }[] };
          if (found.rows[0]!.waiting > 0) break;
          if (i > 200 || answer) throw new Error(`the request did not wait on the held claim (answered ${answer?.status})`);
          await new Promise((r) => setTimeout(r, 25));
        }
        if (outcome === 'rollback') throw new Error('roll back');
      })
      .catch((err: Error) => {
        if (err.message !== 'roll back') throw err;
      });
    await held;
    for (let i = 0; !answer && i < 400; i++) await new Promise((r) => setTimeout(r, 25));
    const rows = (await server.db.execute(sql`select id from checklist_submissions where document_id = ${checklist.id}`)) as unknown as { rows: { id: string }[] };
    return { answer: answer!, rows: rows.rows };
  }

  it('its claim is never seen before its row: both commit together (a crash between cannot leave either alone)', async () => {
    const checklist = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    // The row's insert is made slow, so the request is caught in the middle of its transaction.
    await server.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_slow_submission() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$`),
    );
    await server.db.execute(
      sql.raw(`CREATE TRIGGER test_slow_submission BEFORE INSERT ON checklist_submissions FOR EACH ROW
        WHEN (NEW.document_id = '${checklist.id}'::uuid) EXECUTE FUNCTION test_slow_submission()`),
    );
    try {
      const pending = team.member.api.request('POST', `documentation/documents/${checklist.id}/data`, {
        json: { record: { q: { value: true } } },
        headers: { 'idempotency-key': key },
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(await server.db.select().from(idempotencyKeys).where(whereKey(key))).toEqual([]);
      const res = await pending;
      expect(res.status, res.text).toBe(201);
      const [kept] = await server.db.select().from(idempotencyKeys).where(whereKey(key));
      expect(kept).toMatchObject({ status: 201, body: res.text });
    } finally {
      await server.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_slow_submission ON checklist_submissions'));
    }
  });

  it('it commits with the same request: the waiting request answers its answer and stores nothing', async () => {
    const { answer, rows } = await race('commit');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({ id: 'held' });
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    expect(rows).toHaveLength(0);
  });

  it('it commits with another request: the waiting request gets 422', async () => {
    const { answer, rows } = await race('commit', false);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe('Idempotency-Key: was already used for a different request');
    expect(rows).toHaveLength(0);
  });

  it('it rolls back (a crash): the waiting request stores its own row, once', async () => {
    const { answer, rows } = await race('rollback');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(rows.map((r) => r.id)).toEqual([answer.body.id]);
  });
});

describe(`kept IDEMPOTENCY_KEY_HOURS (${database})`, () => {
  it('an expired key is new again', async () => {
    const key = crypto.randomUUID();
    const body = folderBody('After expiry');
    await claim(key, body, new Date(server.clock.now().getTime() - 3 * 60 * 60 * 1000));
    const res = await create(key, body);
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await foldersNamed('After expiry')).toBe(1);
  });

  it('the background pass prunes keys older than that', async () => {
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await claim(old, folderBody('old'), new Date(server.clock.now().getTime() - 3 * 60 * 60 * 1000));
    await claim(fresh, folderBody('fresh'));
    for (let i = 0; i < 100 && (await server.db.select().from(idempotencyKeys).where(whereKey(old))).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await server.db.select().from(idempotencyKeys).where(whereKey(old))).toEqual([]);
    expect(await server.db.select().from(idempotencyKeys).where(whereKey(fresh))).toHaveLength(1);
  });
});

describe('which requests', () => {
  it('a refused request is not remembered: corrected, the same key creates', async () => {
    const key = crypto.randomUUID();
    const refused = await create(key, { parent_id: 'root', name: '' });
    expect(refused.status).toBe(422);
    expect(await server.db.select().from(idempotencyKeys).where(whereKey(key))).toEqual([]);
    const made = await create(key, folderBody('Corrected'));
    expect(made.status, made.text).toBe(201);
  });

  it('a malformed key → 400, nothing made', async () => {
    for (const key of ['', 'with space', 'x'.repeat(256)]) {
      const res = await create(key, folderBody('Malformed key'));
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.detail).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    expect(await foldersNamed('Malformed key')).toBe(0);
  });

  it('a personal API token keeps keys of its own: its user’s same key is another', async () => {
    const made = await team.member.api.post('auth/api-tokens', { name: 'Kiosk', organization_id: team.org.id, scope: 'read-write' });
    expect(made.status, made.text).toBe(201);
    const viaToken = server.client(made.body.token as string);
    const key = crypto.randomUUID();
    const body = folderBody('Token or user');
    const mine = await create(key, body);
    const its = await viaToken.request('POST', 'documentation/folders', { json: body, headers: { 'idempotency-key': key } });
    const itsAgain = await viaToken.request('POST', 'documentation/folders', { json: body, headers: { 'idempotency-key': key } });
    expect([mine.status, its.status, itsAgain.status]).toEqual([201, 201, 201]);
    expect(its.headers.get('idempotent-replayed')).toBeNull();
    expect(itsAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await foldersNamed('Token or user')).toBe(2);
  });
});
