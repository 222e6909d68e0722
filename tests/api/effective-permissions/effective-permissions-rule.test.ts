/**
 * Effective permissions (issue #33) agree with THE reference model (tests/api/support/permission-model.ts)
 * over random trees: an organisation of 50 members (a few of them org admins, a few switched off) and 10
 * roles held at random; a tree of 200 items (folders and documents below random folders) with random
 * entries on every level naming the organisation, another organisation, the roles, the members or
 * someone else. For a sample of items, `GET …/effective-permissions?limit=200` must answer every active
 * member once with the model's bits, and reasons that are exactly THE rule's deciding entries: at the
 * nearest level naming the member for that bit, of the most specific subject there, agreeing with the
 * outcome — every decided bit has one (or several, when equals agree). Bounded (a few runs, a sample of items each) so CI stays quick. On
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
import fc from 'fast-check';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aclEntries, documents, documentVersions, folders, memberships, roles, userRoles, users } from '../../../src/server/db/schema.ts';
import type { MemberPermissions } from '../../../src/shared/api/effective-permissions.ts';
import { uuidv7 } from '../../../src/shared/ids.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { orgWithAdmin, Permission, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import {
  parentFolder,
  randomOrganisationTree,
  referenceMask,
  type Entry,
  type OrganisationTree,
  type SubjectType,
  type TreeSubject,
} from '../support/permission-model.ts';
import { rootId } from '../documentation/support.ts';

const server = useTestServer();
const HEAVY = 240_000;
const MEMBERS = 50;
const ROLES = 10;
const FOLDERS = 150;
const DOCUMENTS = 50;
const SAMPLED = 8;
const BITS = Object.values(Permission);
const SPECIFICITY: Record<SubjectType, number> = { user: 3, role: 2, org: 1 };

let admin: TestUser;
let orgId: string;
let root: string;
const memberIds = Array.from({ length: MEMBERS }, () => uuidv7());
const roleIds = Array.from({ length: ROLES }, () => uuidv7());
const otherOrgId = uuidv7();
const stranger = uuidv7();

beforeAll(async () => {
  const made = await orgWithAdmin(server);
  admin = made.admin;
  orgId = made.org.id;
  root = await rootId(admin);
  await server.db.insert(roles).values(roleIds.map((id, i) => ({ id, orgId, name: `Role ${i}` })));
  await server.db
    .insert(users)
    .values(memberIds.map((id, i) => ({ id, username: `rule_member_${i}`, email: `rule_member_${i}@example.com`, fullName: `Rule Member ${i}`, passwordHash: 'x', isActive: true })));
  await server.db.insert(memberships).values(memberIds.map((userId) => ({ orgId, userId })));
});

const run = randomOrganisationTree({ members: MEMBERS, roles: ROLES, folders: FOLDERS, documents: DOCUMENTS, sampled: SAMPLED, memberIds });

interface Item {
  kind: 'folder' | 'document';
  id: string;
  entries: Entry[];
  /** Its folder: an index into the folders, −1 for the root. */
  parent: number;
}

const concrete = (list: { subject: TreeSubject; isGrant: boolean; permissions: number }[]): Entry[] =>
  list.map(({ subject: [subjectType, i], isGrant, permissions }) => ({
    subjectType,
    subjectId: subjectType === 'org' ? (i === 0 ? orgId : otherOrgId) : subjectType === 'role' ? roleIds[i]! : (memberIds[i] ?? stranger),
    isGrant,
    permissions,
  }));

/** The run's organisation and tree, stored: the earlier run's items, entries and holdings replaced. */
async function store(r: OrganisationTree): Promise<{ rootEntries: Entry[]; folderItems: Item[]; documentItems: Item[] }> {
  const db = server.db;
  await db.delete(documents).where(eq(documents.orgId, orgId));
  await db.delete(folders).where(and(eq(folders.orgId, orgId), isNotNull(folders.parentId)));
  await db.delete(aclEntries).where(eq(aclEntries.orgId, orgId));
  await db.delete(userRoles).where(inArray(userRoles.userId, memberIds));
  const holdings = r.holdings.flatMap((set, m) => roleIds.filter((_, i) => (set & (1 << i)) !== 0).map((roleId) => ({ roleId, userId: memberIds[m]! })));
  if (holdings.length > 0) await db.insert(userRoles).values(holdings);
  await db.update(memberships).set({ isOrgAdmin: false, isActive: true }).where(inArray(memberships.userId, memberIds));
  if (r.admins.length > 0) await db.update(memberships).set({ isOrgAdmin: true }).where(inArray(memberships.userId, r.admins));
  if (r.switchedOff.length > 0) await db.update(memberships).set({ isActive: false }).where(inArray(memberships.userId, r.switchedOff));

  const rootEntries = concrete(r.rootEntries);
  const folderItems: Item[] = r.parents.map((p, i) => ({ kind: 'folder', id: uuidv7(), entries: concrete(r.folderEntries[i]!), parent: parentFolder(p, i) }));
  const documentItems: Item[] = r.documents.map((n, i) => ({ kind: 'document', id: uuidv7(), entries: concrete(r.documentEntries[i]!), parent: (n % (FOLDERS + 1)) - 1 }));
  const parentOf = (item: Item) => (item.parent < 0 ? root : folderItems[item.parent]!.id);
  // One statement: a folder's parent comes earlier in the same INSERT (checked at the statement's end).
  await db.insert(folders).values(folderItems.map((f, i) => ({ id: f.id, orgId, parentId: parentOf(f), name: `Folder ${i}` })));
  const contents = { questions: {}, question_index: [] };
  await db.insert(documents).values(documentItems.map((d, i) => ({ id: d.id, orgId, folderId: parentOf(d), name: `Document ${i}`, doctype: 'form' as const, contents })));
  await db.insert(documentVersions).values(documentItems.map((d, i) => ({ documentId: d.id, version: 1, name: `Document ${i}`, contents })));
  const rows = [
    ...rootEntries.map((e) => ({ ...e, folderId: root, documentId: null })),
    ...[...folderItems, ...documentItems].flatMap((item) =>
      item.entries.map((e) => ({ ...e, folderId: item.kind === 'folder' ? item.id : null, documentId: item.kind === 'document' ? item.id : null })),
    ),
  ];
  if (rows.length > 0) await db.insert(aclEntries).values(rows.map((row) => ({ id: uuidv7(), orgId, ...row })));
  return { rootEntries, folderItems, documentItems };
}

describe('effective permissions: every member’s bits and reasons are THE rule’s', () => {
  it('on random trees of 200 items, 50 members and 10 roles', async () => {
    const seen = { granted: 0, refused: 0, inheritedReasons: 0, ownReasons: 0, admins: 0 };
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        const { rootEntries, folderItems, documentItems } = await store(r);
        const items = [...folderItems, ...documentItems];
        const foldersUp = (f: number): Item[] => (f < 0 ? [] : [folderItems[f]!, ...foldersUp(folderItems[f]!.parent)]);
        const active = [admin.id, ...memberIds.filter((id) => !r.switchedOff.includes(id))];

        for (const index of new Set(r.sampled)) {
          const item = items[index]!;
          const above = foldersUp(item.parent);
          const levels = [item.entries, ...above.map((f) => f.entries), rootEntries];
          /** The folder of each level above the item, aligned with levels[1…]. */
          const levelFolders = [...above.map((f) => f.id), root];
          const res = await admin.api.get(`${paths.documentation.effectivePermissions(item.kind, item.id)}?limit=200`);
          expect(res.status, res.text).toBe(200);
          const results = res.body.results as MemberPermissions[];
          expect(res.body.total).toBe(active.length);
          expect(results.map((m) => m.user_id).sort()).toEqual([...active].sort());

          for (const m of results) {
            const at = memberIds.indexOf(m.user_id);
            const isOrgAdmin = m.user_id === admin.id || r.admins.includes(m.user_id);
            const roleSet = new Set(at < 0 ? [] : roleIds.filter((_, i) => (r.holdings[at]! & (1 << i)) !== 0));
            const who = { userId: m.user_id, orgId, roleIds: roleSet, isOrgAdmin };
            const label = `${item.kind} ${index}, member ${at}`;
            expect(m.is_org_admin, label).toBe(isOrgAdmin);
            expect(m.permissions, label).toBe(referenceMask(levels, who));
            if (isOrgAdmin) {
              seen.admins += 1;
              expect(m.reasons, label).toEqual([]);
              continue;
            }
            const names = (e: Entry) =>
              e.subjectType === 'user' ? e.subjectId === m.user_id : e.subjectType === 'role' ? roleSet.has(e.subjectId) : e.subjectId === orgId;
            // Every bit some entry decides has a reason (several when equals agree: two roles granting it).
            const decided = BITS.filter((bit) => levels.some((level) => level.some((e) => (e.permissions & bit) !== 0 && names(e)))).reduce((a, b) => a | b, 0);
            const covered = m.reasons.reduce((mask, reason) => mask | reason.bits, 0);
            expect(covered, label).toBe(decided);
            for (const reason of m.reasons) {
              const level = reason.inherited ? 1 + levelFolders.indexOf(reason.from_folder_id!) : 0;
              expect(level, `${label}: the reason's folder`).toBeGreaterThanOrEqual(0);
              if (reason.inherited) expect(level).toBeGreaterThan(0);
              for (const bit of BITS.filter((b) => (reason.bits & b) !== 0)) {
                // Nothing nearer names the member for this bit; at this level the reason's subject is the most specific.
                for (const nearer of levels.slice(0, level)) expect(nearer.some((e) => (e.permissions & bit) !== 0 && names(e)), label).toBe(false);
                const here = levels[level]!.filter((e) => (e.permissions & bit) !== 0 && names(e));
                const top = Math.max(...here.map((e) => SPECIFICITY[e.subjectType]));
                expect(SPECIFICITY[reason.subject_type], label).toBe(top);
                expect((m.permissions & bit) !== 0, label).toBe(reason.is_grant);
              }
              const matching = levels[level]!.some(
                (e) =>
                  e.subjectType === reason.subject_type &&
                  e.subjectId === reason.subject &&
                  e.isGrant === reason.is_grant &&
                  (e.permissions & reason.bits) === reason.bits,
              );
              expect(matching, `${label}: the reason is an entry of its level`).toBe(true);
              if (reason.is_grant) seen.granted += 1;
              else seen.refused += 1;
              if (reason.inherited) seen.inheritedReasons += 1;
              else seen.ownReasons += 1;
            }
          }
        }
      }),
      { numRuns: 6, seed: 33_2026, endOnFailure: true },
    );
    // The runs were not trivial.
    expect(seen.granted).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(50);
    expect(seen.inheritedReasons).toBeGreaterThan(50);
    expect(seen.ownReasons).toBeGreaterThan(10);
    expect(seen.admins).toBeGreaterThan(6);
  }, HEAVY);
});
