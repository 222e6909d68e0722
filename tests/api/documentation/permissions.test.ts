/**
 * The permission rule (DESIGN: decisions) as the API applies it — ACL entries stored on a real chain of
 * folders, read back through GET folders/{id}, …/contents and documents/{id}:
 * - a matrix: organisation / role / user × grant / revoke × depth × each bit;
 * - a fast-check property: random entries on a random chain agree with a small reference model;
 * - a chain 20 folders deep.
 * The pure function itself is tested in tests/unit/permissions.
 */
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aclEntries } from '../../../src/server/db/schema.ts';
import { createRole, insertFolderEntries, makeDocument, makeFolder, memberOf, orgWithAdmin, Permission, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
/** Hundreds of requests each: generous, for a busy machine. */
const HEAVY = 180_000;

type SubjectType = 'org' | 'role' | 'user';
interface Entry {
  subjectType: SubjectType;
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

const BITS = [
  Permission.Read,
  Permission.Write,
  Permission.Delete,
  Permission.EditPermissions,
  Permission.CreateDocuments,
  Permission.CreateFolders,
];

let admin: TestUser;
let member: TestUser;
let orgId: string;
let role: { id: string };
let otherRole: { id: string };
/** Root first: root, L1, L2, … */
let chain: string[];

beforeAll(async () => {
  const made = await orgWithAdmin(server);
  admin = made.admin;
  orgId = made.org.id;
  role = await createRole(server, orgId);
  otherRole = await createRole(server, orgId);
  member = await memberOf(server, admin, [role.id]);
  chain = [await rootId(admin)];
  for (let i = 1; i <= 6; i++) chain.push((await makeFolder(admin, chain[i - 1], `L${i}`)).id);
});

/** Replaces every ACL entry of the chain: `levels[i]` goes on chain[i] (root first). */
async function setChain(levels: Entry[][]): Promise<void> {
  await server.db.delete(aclEntries).where(inArray(aclEntries.folderId, chain));
  await insertFolderEntries(
    server,
    orgId,
    levels.flatMap((entries, i) => entries.map((e) => ({ folderId: chain[i]!, ...e }))),
  );
}

/** The member's permissions on chain[i] as the API answers them (0 when it answers 404). */
async function apiPermissions(i: number): Promise<number> {
  const res = await member.api.get(`documentation/folders/${chain[i]}`);
  if (res.status === 404) return 0;
  expect(res.status, res.text).toBe(200);
  expect(res.body.user_permissions & Permission.Read).toBe(Permission.Read);
  return res.body.user_permissions;
}

/** The reference model: each bit decided at the nearest level naming the member; user > role > org; revoke beats grant. */
function reference(levelsRootFirst: Entry[][], upTo: number): number {
  const rank: Record<SubjectType, number> = { org: 1, role: 2, user: 3 };
  const names = (e: Entry) =>
    (e.subjectType === 'user' && e.subjectId === member.id) ||
    (e.subjectType === 'role' && e.subjectId === role.id) ||
    (e.subjectType === 'org' && e.subjectId === orgId);
  let mask = 0;
  for (const bit of BITS) {
    for (let level = upTo; level >= 0; level--) {
      const named = (levelsRootFirst[level] ?? []).filter((e) => (e.permissions & bit) !== 0 && names(e));
      if (named.length === 0) continue;
      const best = Math.max(...named.map((e) => rank[e.subjectType]));
      if (named.filter((e) => rank[e.subjectType] === best).every((e) => e.isGrant)) mask |= bit;
      break;
    }
  }
  return mask;
}

describe('the permission rule through the API', () => {
  const subjects: SubjectType[] = ['org', 'role', 'user'];
  const cases = subjects.flatMap((subjectType) =>
    [true, false].flatMap((isGrant) => [0, 1, 3].flatMap((depth) => BITS.map((bit) => ({ subjectType, isGrant, depth, bit })))),
  );

  it(`matrix: ${cases.length} cases of subject × grant/revoke × depth × bit, below the root's organisation Read`, async () => {
    // The item is chain[3]; depth 0 puts the entry on it, depth 3 on the root (beside the organisation's Read).
    const failures: string[] = [];
    for (const { subjectType, isGrant, depth, bit } of cases) {
      const subjectId = { org: orgId, role: role.id, user: member.id }[subjectType];
      const levels: Entry[][] = [[{ subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Permission.Read }], [], [], []];
      levels[3 - depth]!.push({ subjectType, subjectId, isGrant, permissions: bit });
      await setChain(levels);
      // The entry decides its bit; Read comes from the root unless the entry is about Read.
      const expected = (isGrant ? bit : 0) | (bit === Permission.Read ? 0 : Permission.Read);
      const actual = await apiPermissions(3);
      if (actual !== expected) failures.push(`${subjectType} ${isGrant ? '+' : '-'}${bit} at depth ${depth}: ${actual} ≠ ${expected}`);
    }
    expect(failures).toEqual([]);
  }, HEAVY);

  it('property: random entries on a random chain agree with the reference model (folders, contents, documents)', async () => {
    const subject = fc.constantFrom<[SubjectType, () => string]>(
      ['org', () => orgId],
      ['role', () => role.id],
      ['role', () => otherRole.id],
      ['user', () => member.id],
      ['user', () => admin.id],
    );
    const entry = fc.record({ subject, isGrant: fc.boolean(), permissions: fc.integer({ min: 1, max: 63 }) });
    const levels = fc.array(fc.array(entry, { maxLength: 3 }), { minLength: chain.length, maxLength: chain.length });
    const doc = await makeDocument(admin, chain[chain.length - 1]);
    let readableLevels = 0;
    let hiddenLevels = 0;

    await fc.assert(
      fc.asyncProperty(levels, async (generated) => {
        const concrete: Entry[][] = generated.map((list) =>
          list.map(({ subject: [subjectType, id], isGrant, permissions }) => ({ subjectType, subjectId: id(), isGrant, permissions })),
        );
        // The root keeps the organisation's Read that every organisation starts with.
        concrete[0]!.unshift({ subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Permission.Read });
        await setChain(concrete);
        for (let i = 0; i < chain.length; i++) {
          const expected = reference(concrete, i);
          const readable = (expected & Permission.Read) !== 0;
          if (readable) readableLevels += 1;
          else hiddenLevels += 1;
          expect(await apiPermissions(i), `level ${i}`).toBe(readable ? expected : 0);
          if (i > 0 && (reference(concrete, i - 1) & Permission.Read) !== 0) {
            const contents = await member.api.get(`documentation/folders/${chain[i - 1]}/contents`);
            const listed = contents.body.results.find((r: { id: string }) => r.id === chain[i]);
            expect(listed?.user_permissions ?? 0, `listed level ${i}`).toBe(readable ? expected : 0);
            expect(contents.body.total).toBe(readable ? 1 : 0);
          }
        }
        const docExpected = reference(concrete, chain.length - 1);
        const docRes = await member.api.get(`documentation/documents/${doc.id}`);
        if (docExpected & Permission.Read) expect(docRes.body.user_permissions).toBe(docExpected);
        else expect(docRes.status).toBe(404);
      }),
      { numRuns: 25, seed: 20261120 },
    );
    // The runs were not trivial: both outcomes happened often.
    expect(readableLevels).toBeGreaterThan(20);
    expect(hiddenLevels).toBeGreaterThan(20);
  }, HEAVY);

  it('a chain 20 folders deep: the nearest level decides, the breadcrumbs are whole', async () => {
    await setChain([[{ subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Permission.Read }]]);
    const deep = [chain[0]!];
    for (let i = 1; i <= 20; i++) deep.push((await makeFolder(admin, deep[i - 1], `D${i}`)).id);
    await server.db.delete(aclEntries).where(inArray(aclEntries.folderId, deep.slice(1)));
    await insertFolderEntries(server, orgId, [
      { folderId: deep[2]!, subjectType: 'role', subjectId: role.id, isGrant: true, permissions: Permission.Write | Permission.Delete },
      { folderId: deep[15]!, subjectType: 'user', subjectId: member.id, isGrant: false, permissions: Permission.Delete },
      { folderId: deep[18]!, subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Permission.CreateDocuments },
    ]);
    const res = await member.api.get(`documentation/folders/${deep[20]}`);
    expect(res.status).toBe(200);
    expect(res.body.user_permissions).toBe(Permission.Read | Permission.Write | Permission.CreateDocuments);
    expect(res.body.ancestors).toHaveLength(20);
    expect(res.body.ancestors.map((a: { id: string }) => a.id)).toEqual(deep.slice(0, 20));
    expect(res.body.ancestors[10].user_permissions).toBe(Permission.Read | Permission.Write | Permission.Delete);
    expect(res.body.ancestors[16].user_permissions).toBe(Permission.Read | Permission.Write);
  }, HEAVY);
});
