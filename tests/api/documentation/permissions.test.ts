/**
 * The permission rule (DESIGN: decisions) as the API applies it — ACL entries stored on a real chain of
 * folders, read back through GET folders/{id}, …/contents and documents/{id}:
 * - a matrix: organisation / role / user × grant / revoke × depth × each bit;
 * - a fast-check property: random entries on a random chain agree with THE reference model
 *   (../support/permission-model.ts);
 * - a fast-check property: over random trees, an editor's ACL change is refused exactly when the
 *   reference model says it would give the editor a bit they do not hold, on the item or below it;
 * - a chain 20 folders deep.
 * The pure function's examples: tests/unit/server/permissions/resolve.test.ts; the model against the
 * resolver and search's SQL over random trees: ./permission-rule.test.ts.
 */
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { aclEntries } from '../../../src/server/db/schema.ts';
import {
  createRole,
  insertChildren,
  insertFolderEntries,
  makeDocument,
  makeFolder,
  memberOf,
  orgWithAdmin,
  Permission,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { referenceMask, type Entry, type SubjectType } from '../support/permission-model.ts';
import { rootId } from './support.ts';

const server = useTestServer();
/** Hundreds of requests each: generous, for a busy machine. */
const HEAVY = 180_000;


/** The permissions' names in a mask, as the API's details quote them. */
const names = (mask: number) =>
  (
    [
      [Permission.Read, 'Read'],
      [Permission.Write, 'Write'],
      [Permission.Delete, 'Delete'],
      [Permission.EditPermissions, 'Edit Permissions'],
      [Permission.CreateDocuments, 'Create Documents'],
      [Permission.CreateFolders, 'Create Folders'],
    ] as const
  )
    .filter(([bit]) => (mask & bit) !== 0)
    .map(([, name]) => `'${name}'`)
    .join(', ');

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

/** THE reference model (../support/permission-model.ts): the member's bits given the entries of each level, nearest first. */
const memberMask = (levelsNearestFirst: readonly (readonly Entry[])[]): number =>
  referenceMask(levelsNearestFirst, { userId: member.id, orgId, roleIds: new Set([role.id]), isOrgAdmin: false });

/** The member's bits on chain[upTo], given the entries of each chain level (root first). */
function reference(levelsRootFirst: Entry[][], upTo: number): number {
  return memberMask(levelsRootFirst.slice(0, upTo + 1).reverse());
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

  it('property: over random trees, an ACL change that would give the editor a bit they do not hold — on the item or below it — is refused', async () => {
    const { Read, EditPermissions } = Permission;
    const rootEntries: Entry[] = [{ subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Read }];
    await setChain([rootEntries]);
    const subject = fc.constantFrom<[SubjectType, () => string]>(
      ['org', () => orgId],
      ['role', () => role.id],
      ['role', () => otherRole.id],
      ['user', () => member.id],
      ['user', () => admin.id],
    );
    const entry = (max: number) => fc.record({ subject, isGrant: fc.boolean(), permissions: fc.integer({ min: 1, max }) });
    const MAX_FOLDERS = 6;
    const MAX_DOCUMENTS = 3;
    const MAX_OWN = 4;
    const run = fc.record({
      /** Folder i hangs below folder (parents[i] mod (i + 1)) − 1 of the ones before it; −1 is the root. */
      parents: fc.array(fc.nat(), { minLength: 1, maxLength: MAX_FOLDERS }),
      /** Each document's folder, modulo the folder count. */
      documents: fc.array(fc.nat(), { minLength: 1, maxLength: MAX_DOCUMENTS }),
      folderEntries: fc.array(fc.array(entry(63), { maxLength: 3 }), { minLength: MAX_FOLDERS, maxLength: MAX_FOLDERS }),
      documentEntries: fc.array(fc.array(entry(15), { maxLength: 2 }), { minLength: MAX_DOCUMENTS, maxLength: MAX_DOCUMENTS }),
      target: fc.nat(),
      /**
       * The new list: the target's entries kept or dropped, some turned from grant to revoke or back, and new
       * ones; or the target's entries without every revoke naming the member (the probe's move).
       */
      dropRevokes: fc.nat({ max: 2 }).map((n) => n === 0),
      /** Often a grant to the member's organisation or role, on the target or the folder above it, overruled on the target by a revoke. */
      overruled: fc.option(
        fc.record({
          grantTo: fc.constantFrom<SubjectType>('org', 'role'),
          revokeTo: fc.constantFrom<SubjectType>('role', 'user'),
          above: fc.boolean(),
          permissions: fc.integer({ min: 1, max: 63 }),
        }),
        { freq: 2 },
      ),
      keep: fc.array(fc.boolean(), { minLength: MAX_OWN, maxLength: MAX_OWN }),
      flip: fc.array(fc.nat({ max: 3 }).map((n) => n === 0), { minLength: MAX_OWN, maxLength: MAX_OWN }),
      extra: fc.array(entry(63), { maxLength: 2 }),
    });
    const concrete = (list: { subject: [SubjectType, () => string]; isGrant: boolean; permissions: number }[]): Entry[] =>
      list.map(({ subject: [subjectType, id], isGrant, permissions }) => ({ subjectType, subjectId: id(), isGrant, permissions }));
    const outcomes = { saved: 0, grantRefused: 0, ownRightsRefused: 0 };

    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        // The tree, below the root: folders (each under the root or an earlier folder), then documents in them.
        const parentOf = r.parents.map((p, i) => (p % (i + 1)) - 1);
        const folderIds: string[] = [];
        for (const parent of parentOf) {
          const made = await insertChildren(server, orgId, parent < 0 ? chain[0]! : folderIds[parent]!, { folders: 1, docs: 0 });
          folderIds.push(made.folderIds[0]!);
        }
        const folderOfDocument = r.documents.map((f) => f % folderIds.length);
        const documentIds: string[] = [];
        for (const f of folderOfDocument) documentIds.push((await insertChildren(server, orgId, folderIds[f]!, { folders: 0, docs: 1 })).documentIds[0]!);

        type Item = { kind: 'folder' | 'document'; id: string; entries: Entry[] };
        const items: Item[] = [
          ...folderIds.map((id, i) => ({ kind: 'folder' as const, id, entries: concrete(r.folderEntries[i]!) })),
          ...documentIds.map((id, i) => ({ kind: 'document' as const, id, entries: concrete(r.documentEntries[i]!) })),
        ];
        const targetIndex = r.target % items.length;
        const target = items[targetIndex]!;
        if (r.overruled) {
          const { grantTo, revokeTo, above, permissions } = r.overruled;
          const idOf = { org: orgId, role: role.id, user: member.id };
          const bits = target.kind === 'document' ? permissions & 15 || Permission.Write : permissions;
          const parent = target.kind === 'folder' ? parentOf[targetIndex]! : folderOfDocument[targetIndex - folderIds.length]!;
          const grantOn = above && parent >= 0 ? items[parent]! : target;
          grantOn.entries.push({ subjectType: grantTo, subjectId: idOf[grantTo], isGrant: true, permissions: bits });
          target.entries.push({ subjectType: revokeTo, subjectId: idOf[revokeTo], isGrant: false, permissions: bits });
        }
        // The member holds Read and Edit Permissions on the target: their own grant, no revoke of those bits for them there.
        target.entries = target.entries
          .map((e) => (e.subjectType === 'user' && e.subjectId === member.id && !e.isGrant ? { ...e, permissions: e.permissions & ~(Read | EditPermissions) } : e))
          .filter((e) => e.permissions !== 0);
        target.entries.push({ subjectType: 'user', subjectId: member.id, isGrant: true, permissions: Read | EditPermissions });
        const stored = items.flatMap((item) =>
          item.entries.map((e) => ({
            id: uuidv7(),
            orgId,
            folderId: item.kind === 'folder' ? item.id : null,
            documentId: item.kind === 'document' ? item.id : null,
            ...e,
          })),
        );
        if (stored.length > 0) await server.db.insert(aclEntries).values(stored);

        const fits = (permissions: number) => (target.kind === 'document' ? permissions & 15 || Read : permissions);
        const namesMember = (e: Entry) => e.subjectId === member.id || e.subjectId === role.id || e.subjectId === orgId;
        const proposed: Entry[] = r.dropRevokes
          ? target.entries.filter((e) => e.isGrant || !namesMember(e))
          : [
              ...target.entries.flatMap((e, i) => (r.keep[i] ?? true ? [{ ...e, isGrant: r.flip[i] ? !e.isGrant : e.isGrant }] : [])),
              ...concrete(r.extra).map((e) => ({ ...e, permissions: fits(e.permissions) })),
            ];

        // The model: every item's levels, nearest first, with the target's entries as they are or as proposed.
        const folderLevels = (f: number, targetEntries: Entry[]): Entry[][] => {
          const levels: Entry[][] = [];
          for (let at = f; at >= 0; at = parentOf[at]!) levels.push(items[at] === target ? targetEntries : items[at]!.entries);
          return [...levels, rootEntries];
        };
        const levelsOf = (i: number, targetEntries: Entry[]): Entry[][] =>
          i < folderIds.length
            ? folderLevels(i, targetEntries)
            : [items[i] === target ? targetEntries : items[i]!.entries, ...folderLevels(folderOfDocument[i - folderIds.length]!, targetEntries)];
        const before = items.map((_, i) => memberMask(levelsOf(i, target.entries)));
        const after = items.map((_, i) => memberMask(levelsOf(i, proposed)));
        const below = (i: number): boolean => {
          if (i === targetIndex) return true;
          if (target.kind === 'document') return false;
          let f = i < folderIds.length ? i : folderOfDocument[i - folderIds.length]!;
          for (; f >= 0; f = parentOf[f]!) if (items[f] === target) return true;
          return false;
        };
        const held = before[targetIndex]!;
        const granted = (list: Entry[], id: string) => list.filter((e) => e.subjectId === id && e.isGrant).reduce((m, e) => m | e.permissions, 0);
        const grantBeyond = [...new Set(proposed.map((e) => e.subjectId))].some((id) => (granted(proposed, id) & ~held & ~granted(target.entries, id)) !== 0);
        const gained = items.reduce((m, _, i) => (below(i) ? m | (after[i]! & ~before[i]!) : m), 0);

        const res = await member.api.put(
          `documentation/${target.kind}s/${target.id}/acl`,
          proposed.map((e) => ({ subject: e.subjectId, is_grant: e.isGrant, permissions: e.permissions })),
        );
        if (grantBeyond) {
          outcomes.grantRefused += 1;
          expect(res.status, res.text).toBe(403);
          expect(res.body.detail).toMatch(/^You cannot grant permissions you do not hold: /);
        } else if (gained !== 0) {
          outcomes.ownRightsRefused += 1;
          expect(res.status, res.text).toBe(403);
          expect(res.body).toMatchObject({ detail: `You cannot give yourself permissions you do not hold: ${names(gained)}` });
        } else {
          outcomes.saved += 1;
          expect(res.status, res.text).toBe(200);
        }
        // What the member now holds on every item is what the model says: the new entries if saved, the old ones if not.
        const expected = res.status === 200 ? after : before;
        for (const [i, item] of items.entries()) {
          const got = await member.api.get(`documentation/${item.kind}s/${item.id}`);
          const mask = expected[i]!;
          if (mask & Read) expect(got.body.user_permissions, `${item.kind} ${i}`).toBe(mask);
          else expect(got.status, `${item.kind} ${i}`).toBe(404);
        }
      }),
      { numRuns: 60, seed: 20261201 },
    );
    // Every outcome happened, several times.
    expect(outcomes.saved).toBeGreaterThan(4);
    expect(outcomes.grantRefused).toBeGreaterThan(4);
    expect(outcomes.ownRightsRefused).toBeGreaterThan(4);
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
