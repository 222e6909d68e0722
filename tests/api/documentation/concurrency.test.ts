/**
 * Optimistic concurrency under load: 50 PUTs carrying the same version at once → exactly one 200, the
 * rest 409, one new version, nothing lost. On PostgreSQL (DATABASE_URL set) the requests really run
 * in parallel on a pool of connections; on PGlite they are serialised — the outcome must be the same.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, documentVersions } from '../../../src/server/db/schema.ts';
import { makeDocument, makeFolder, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let admin: TestUser;
let root: string;

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
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
