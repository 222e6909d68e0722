/**
 * Optimistic concurrency under load: 50 PUTs carrying the same version at once → exactly one 200, the
 * rest 409, one new version, nothing lost. Concurrent ACL saves replace one another whole, never merge.
 * On PostgreSQL (DATABASE_URL set) the requests really run in parallel on a pool of connections; on
 * PGlite they are serialised — the outcome must be the same.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, documentVersions } from '../../../src/server/db/schema.ts';
import { createRole, grant, makeDocument, makeFolder, orgWithAdmin, Permission, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let admin: TestUser;
let org: TestOrg;
let root: string;

beforeAll(async () => {
  ({ admin, org } = await orgWithAdmin(server));
  root = await rootId(admin);
});

const N = 50;
/** Fifty requests at once on a busy machine. */
const HEAVY = 120_000;
const statuses = (list: { status: number }[]) => list.map((r) => r.status).sort((a, b) => a - b);

describe(`${N} concurrent PUTs with the same version (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('publish a document once: one 200, the rest 409, one new version', async () => {
    const doc = await makeDocument(admin);
    await admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: { questions: { a: {} }, question_index: ['a'] } });
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        admin.api.put(`documentation/documents/${doc.id}`, {
          version: 2,
          contents: { questions: { [`q${i}`]: { title: `writer ${i}` } }, question_index: [`q${i}`] },
          changelog: `writer ${i}`,
        }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const winner = answers.find((a) => a.status === 200)!;
    const now = await admin.api.get(`documentation/documents/${doc.id}`);
    expect(now.body.version).toBe(3);
    // The winner's contents are the document's, whole.
    expect(now.body.contents).toEqual(winner.body.contents);
    expect(now.body.changelog).toBe(winner.body.changelog);
    const versions = await server.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
    const events = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentUpdated'), eq(activityEvents.documentId, doc.id)));
    expect(events).toHaveLength(2);
  }, HEAVY);

  it('rename a folder once: one 200, the rest 409', async () => {
    const folder = await makeFolder(admin, 'root', 'Contended');
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => admin.api.put(`documentation/folders/${folder.id}`, { name: `Name ${i}`, version: 1 })),
    );
    expect(statuses(answers)).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const winner = answers.find((a) => a.status === 200)!;
    const now = await admin.api.get(`documentation/folders/${folder.id}`);
    expect(now.body).toMatchObject({ name: winner.body.name, version: 2 });
    const events = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'FolderUpdated'), eq(activityEvents.folderId, folder.id)));
    expect(events).toHaveLength(1);
  }, HEAVY);

  it('two crossing moves cannot make a cycle', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await makeFolder(admin);
      const b = await makeFolder(admin);
      const [ab, ba] = await Promise.all([
        admin.api.post(`documentation/folders/${b.id}/move`, { folder_id: a.id }),
        admin.api.post(`documentation/folders/${a.id}/move`, { folder_id: b.id }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 400]);
      // Both still reach the root.
      for (const id of [a.id, b.id]) {
        const res = await admin.api.get(`documentation/folders/${id}`);
        expect(res.status).toBe(200);
        expect(res.body.ancestors[0].id).toBe(root);
      }
    }
  }, HEAVY);
});

const SAVES = 20;

describe(`${SAVES} concurrent ACL saves, each with one entry (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  for (const kind of ['folders', 'documents'] as const) {
    it(`replace the ${kind.slice(0, -1)}'s entries, never merge: exactly one request's entry is left, and each save saw the one before`, async () => {
      const roles = [];
      for (let i = 0; i < SAVES; i++) roles.push(await createRole(server, org.id));
      const item = kind === 'folders' ? await makeFolder(admin) : await makeDocument(admin);
      const answers = await Promise.all(roles.map((r) => admin.api.put(`documentation/${kind}/${item.id}/acl`, [grant(r.id, Permission.Read)])));
      expect(answers.map((a) => a.status)).toEqual(Array<number>(SAVES).fill(200));

      const { entries } = (await admin.api.get(`documentation/${kind}/${item.id}/acl`)).body as { entries: { subject: string }[] };
      expect(entries).toHaveLength(1);
      expect(roles.map((r) => r.id)).toContain(entries[0]!.subject);
      // The saves ran one after another: each replaced exactly what the one before it left.
      const events = await server.db
        .select()
        .from(activityEvents)
        .where(
          and(
            eq(activityEvents.type, kind === 'folders' ? 'FolderACLUpdated' : 'DocumentACLUpdated'),
            eq(kind === 'folders' ? activityEvents.folderId : activityEvents.documentId, item.id),
          ),
        );
      expect(events).toHaveLength(SAVES);
      const subjectsOf = (list: unknown) => (list as { subject: string }[]).map((e) => e.subject);
      const previous = events.map((e) => subjectsOf(e.context.previous_entries));
      expect(previous.filter((p) => p.length === 0)).toHaveLength(1);
      expect(previous.every((p) => p.length <= 1)).toBe(true);
      const saved = events.map((e) => subjectsOf(e.context.entries)[0]!);
      expect(new Set(saved).size).toBe(SAVES);
      expect(previous.flat().sort()).toEqual(saved.filter((s) => s !== entries[0]!.subject).sort());
    }, HEAVY);
  }
});
