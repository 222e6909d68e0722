/**
 * Claims at once (issue #12): many holders of a role claim one assignment together — exactly one wins,
 * the others get 409 naming the winner; claim and unclaim racing leave a consistent row. On PostgreSQL
 * (DATABASE_URL set) the requests really run in parallel on a pool; on PGlite they are serialised, so
 * only the PostgreSQL run proves the race — the outcome must be the same on both.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments } from '../../../src/server/db/schema.ts';
import { assign, createRole, createUserDirectly, makeDocument, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const N = 8;
let admin: TestUser;
let holders: TestUser[];
let roleId: string;
let docId: string;

beforeAll(async () => {
  const made = await orgWithAdmin(server);
  admin = made.admin;
  roleId = (await createRole(server, admin)).id;
  holders = [];
  for (let i = 0; i < N; i++) holders.push(await createUserDirectly(server, admin, { roles: [roleId] }));
  docId = (await makeDocument(admin, 'root')).id;
}, 120_000);

describe(`claims at once (${database})`, () => {
  it(`${N} holders of the role claim together: exactly one wins, the others get 409 naming the winner`, async () => {
    for (let round = 0; round < 3; round++) {
      const a = await assign(admin, 'document', docId, { type: 'role', id: roleId });
      const answers = await Promise.all(holders.map((h) => h.api.post(`workflow/assignments/document/${a.id}/claim`)));
      const winners = answers.map((r, i) => (r.status === 200 ? i : -1)).filter((i) => i >= 0);
      expect(winners).toHaveLength(1);
      const winner = holders[winners[0]!]!;
      for (const r of answers.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.detail).toBe(`This assignment has already been claimed by ${winner.username}`);
      }
      const [row] = await server.db.select().from(assignments).where(eq(assignments.id, a.id));
      expect(row!.claimedBy).toBe(winner.id);
    }
  }, 60_000);

  it('unclaim racing claims: the row ends claimed by at most one, and every answer is 200 or 409', async () => {
    const a = await assign(admin, 'document', docId, { type: 'role', id: roleId });
    const [first, ...others] = holders;
    expect((await first!.api.post(`workflow/assignments/document/${a.id}/claim`)).status).toBe(200);
    const answers = await Promise.all([
      first!.api.post(`workflow/assignments/document/${a.id}/unclaim`),
      ...others.map((h) => h.api.post(`workflow/assignments/document/${a.id}/claim`)),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 409), answers.map((r) => r.status).join()).toBe(true);
    expect(answers[0]!.status).toBe(200);
    const claims = answers.slice(1).filter((r) => r.status === 200);
    expect(claims.length).toBeLessThanOrEqual(1);
    const [row] = await server.db.select().from(assignments).where(eq(assignments.id, a.id));
    if (claims.length === 1) expect(row!.claimedBy).not.toBeNull();
    else expect(row!.claimedBy).toBeNull();
  }, 60_000);
});
