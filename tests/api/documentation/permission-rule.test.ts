/**
 * ONE property test of the permission rule for every implementation of it: over random trees (folders,
 * documents, some of them in the trash), random ACL entries on every level (the root too), random roles
 * and sometimes an org admin, each implementation must agree with THE reference model
 * (tests/api/support/permission-model.ts) on every item:
 * - the resolver (src/server/permissions/resolve.ts) over the model's levels;
 * - the resolver over the chain and entries the database reads (services/documentation/access.ts:
 *   folderAccess and documentAccess, through db/documentation-tree.ts);
 * - search's Read filter, written again in SQL (db/queries/search.ts): an item is found iff the model
 *   gives Read, it is live and nothing above it is in the trash (and, when the search is within a
 *   folder, it lies below that folder).
 * On a real database: PGlite, and PostgreSQL with DATABASE_URL. Examples of the rule: tests/unit/server/
 * permissions/resolve.test.ts; through the HTTP API: ./permissions.test.ts.
 */
import fc from 'fast-check';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { DOCTYPES } from '../../../src/shared/api/documentation.ts';
import { SEARCH_MAX_RESULTS } from '../../../src/shared/api/search-schemas.ts';
import { aclEntries, documents, folders } from '../../../src/server/db/schema.ts';
import { searchItems } from '../../../src/server/db/queries/search.ts';
import { resolvePermissions } from '../../../src/server/permissions/resolve.ts';
import { documentAccess, folderAccess } from '../../../src/server/services/documentation/access.ts';
import type { Member } from '../../../src/server/env.ts';
import { insertChildren, orgWithAdmin, Permission } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { referenceMask, type Entry, type SubjectType } from '../support/permission-model.ts';
import { rootId } from './support.ts';

const server = useTestServer();
/** Hundreds of statements per run: generous, for a busy machine. */
const HEAVY = 240_000;
const MAX_FOLDERS = 8;
const MAX_DOCUMENTS = 5;

let orgId: string;
let root: string;
const userId = uuidv7();
const otherUserId = uuidv7();
const otherOrgId = uuidv7();
const roles = [uuidv7(), uuidv7(), uuidv7()];

beforeAll(async () => {
  const { admin, org } = await orgWithAdmin(server);
  orgId = org.id;
  root = await rootId(admin);
});

/** Who an entry names: the caller, one of the three roles, their organisation, or someone else. */
const subject = fc.constantFrom<[SubjectType, () => string]>(
  ['org', () => orgId],
  ['org', () => otherOrgId],
  ['role', () => roles[0]!],
  ['role', () => roles[1]!],
  ['role', () => roles[2]!],
  ['user', () => userId],
  ['user', () => otherUserId],
);
const entry = (max: number) => fc.record({ subject, isGrant: fc.boolean(), permissions: fc.integer({ min: 1, max }) });
const entries = (max: number, length: number) => fc.array(entry(max), { maxLength: length });
const sometimes = (oneIn: number) => fc.nat({ max: oneIn - 1 }).map((n) => n === 0);

const run = fc.record({
  /** Folder i hangs below folder (parents[i] mod (i + 1)) − 1 of the ones before it; −1 is the root. */
  parents: fc.array(fc.nat(), { minLength: 1, maxLength: MAX_FOLDERS }),
  /** Each document's folder: (n mod (folders + 1)) − 1, −1 being the root. */
  documents: fc.array(fc.nat(), { maxLength: MAX_DOCUMENTS }),
  /** The organisation's Read on the root, as every organisation starts, most of the time. */
  rootRead: sometimes(4).map((n) => !n),
  rootEntries: entries(63, 3),
  folderEntries: fc.array(entries(63, 3), { minLength: MAX_FOLDERS, maxLength: MAX_FOLDERS }),
  documentEntries: fc.array(entries(15, 2), { minLength: MAX_DOCUMENTS, maxLength: MAX_DOCUMENTS }),
  trashedFolders: fc.array(sometimes(7), { minLength: MAX_FOLDERS, maxLength: MAX_FOLDERS }),
  trashedDocuments: fc.array(sometimes(6), { minLength: MAX_DOCUMENTS, maxLength: MAX_DOCUMENTS }),
  roles: fc.subarray(roles),
  isOrgAdmin: sometimes(10),
  /** Search within this folder (mod the folder count) instead of the whole tree, a third of the time. */
  within: fc.option(fc.nat(), { freq: 2 }),
});
type Run = typeof run extends fc.Arbitrary<infer T> ? T : never;

interface Item {
  kind: 'folder' | 'document';
  id: string;
  entries: Entry[];
  /** The folder it lies in (a folder's parent): an index into the folders, −1 for the root. */
  parent: number;
  deleted: boolean;
}

/** The run's tree, stored: every earlier run's items and entries removed, the root's entries replaced. */
async function store(r: Run): Promise<{ rootEntries: Entry[]; folderItems: Item[]; documentItems: Item[] }> {
  await server.db.delete(documents).where(eq(documents.orgId, orgId));
  await server.db.delete(folders).where(and(eq(folders.orgId, orgId), isNotNull(folders.parentId)));
  await server.db.delete(aclEntries).where(eq(aclEntries.orgId, orgId));
  const concrete = (list: { subject: [SubjectType, () => string]; isGrant: boolean; permissions: number }[]): Entry[] =>
    list.map(({ subject: [subjectType, id], isGrant, permissions }) => ({ subjectType, subjectId: id(), isGrant, permissions }));

  const rootEntries = concrete(r.rootEntries);
  if (r.rootRead) rootEntries.unshift({ subjectType: 'org', subjectId: orgId, isGrant: true, permissions: Permission.Read });
  const folderItems: Item[] = [];
  for (const [i, p] of r.parents.entries()) {
    const parent = (p % (i + 1)) - 1;
    const made = await insertChildren(server, orgId, parent < 0 ? root : folderItems[parent]!.id, { folders: 1, docs: 0 });
    folderItems.push({ kind: 'folder', id: made.folderIds[0]!, entries: concrete(r.folderEntries[i]!), parent, deleted: r.trashedFolders[i]! });
  }
  const documentItems: Item[] = [];
  for (const [i, n] of r.documents.entries()) {
    const parent = (n % (folderItems.length + 1)) - 1;
    const made = await insertChildren(server, orgId, parent < 0 ? root : folderItems[parent]!.id, { folders: 0, docs: 1 });
    documentItems.push({ kind: 'document', id: made.documentIds[0]!, entries: concrete(r.documentEntries[i]!), parent, deleted: r.trashedDocuments[i]! });
  }
  const rows = [
    ...rootEntries.map((e) => ({ ...e, folderId: root, documentId: null })),
    ...[...folderItems, ...documentItems].flatMap((item) =>
      item.entries.map((e) => ({ ...e, folderId: item.kind === 'folder' ? item.id : null, documentId: item.kind === 'document' ? item.id : null })),
    ),
  ];
  if (rows.length > 0) await server.db.insert(aclEntries).values(rows.map((row) => ({ id: uuidv7(), orgId, ...row })));
  for (const item of [...folderItems, ...documentItems].filter((x) => x.deleted)) {
    const table = item.kind === 'folder' ? folders : documents;
    await server.db.update(table).set({ deletedAt: new Date() }).where(eq(table.id, item.id));
  }
  return { rootEntries, folderItems, documentItems };
}

describe('the permission rule: the reference model, the resolver and search’s SQL agree', () => {
  it('on random trees, ACLs, roles and callers', async () => {
    const seen = { found: 0, hidden: 0, readableButBuried: 0, adminRuns: 0 };
    await fc.assert(
      fc.asyncProperty(run, async (r) => {
        const { rootEntries, folderItems, documentItems } = await store(r);
        const who = { userId, orgId, roleIds: new Set(r.roles), isOrgAdmin: r.isOrgAdmin, orgName: 'Org', username: 'caller' } satisfies Member;
        if (who.isOrgAdmin) seen.adminRuns += 1;

        /** Folder f and the folders above it, nearest first (−1: none, the root only). */
        const foldersUp = (f: number): Item[] => (f < 0 ? [] : [folderItems[f]!, ...foldersUp(folderItems[f]!.parent)]);
        /** The item's levels nearest first: its own entries, each folder above, the root. */
        const levelsOf = (item: Item): Entry[][] => [item.entries, ...foldersUp(item.parent).map((f) => f.entries), rootEntries];
        /** In the trash, or below a folder in the trash. */
        const buried = (item: Item) => item.deleted || foldersUp(item.parent).some((f) => f.deleted);
        const scopeIndex = r.within === null ? null : r.within % folderItems.length;
        const scope = scopeIndex === null || buried(folderItems[scopeIndex]!) ? null : folderItems[scopeIndex]!;
        const inScope = (item: Item) => scope === null || foldersUp(item.parent).includes(scope);

        const { hits } = await searchItems(server.db, {
          orgId,
          userId,
          roleIds: r.roles,
          isOrgAdmin: r.isOrgAdmin,
          words: [],
          types: [...DOCTYPES],
          includeFolders: true,
          within: scope === null ? null : { folderId: scope.id, readable: true },
          limit: SEARCH_MAX_RESULTS,
        });
        const found = new Set(hits.map((hit) => `${hit.kind} ${hit.id}`));

        for (const item of [...folderItems, ...documentItems]) {
          const label = `${item.kind} ${item.id}`;
          const levels = levelsOf(item);
          const expected = referenceMask(levels, who);
          // The resolver alone, over the model's levels.
          expect(resolvePermissions(levels, who), `resolver: ${label}`).toBe(expected);
          // The resolver over what the database reads: the chain, its entries, the trash.
          const access = item.kind === 'folder' ? await folderAccess(server.db, who, item.id) : await documentAccess(server.db, who, item.id);
          expect({ permissions: access?.permissions, trashed: access?.trashed }, `stored chain: ${label}`).toEqual({ permissions: expected, trashed: buried(item) });
          // Search's SQL.
          const readable = (expected & Permission.Read) !== 0;
          const findable = readable && !buried(item) && inScope(item);
          expect(found.has(label), `search: ${label}`).toBe(findable);
          if (findable) seen.found += 1;
          else seen.hidden += 1;
          if (readable && buried(item)) seen.readableButBuried += 1;
        }
        // Nothing else is found (the root, another run's items).
        expect(found.size).toBe([...folderItems, ...documentItems].filter((item) => found.has(`${item.kind} ${item.id}`)).length);
      }),
      { numRuns: 80, seed: 20261129 },
    );
    // The runs were not trivial: every outcome happened often.
    expect(seen.found).toBeGreaterThan(100);
    expect(seen.hidden).toBeGreaterThan(100);
    expect(seen.readableButBuried).toBeGreaterThan(10);
    expect(seen.adminRuns).toBeGreaterThan(3);
  }, HEAVY);
});
