/**
 * What the documentation presenters show beyond the rows a service has read (presenters/documentation.ts
 * is pure): usernames and ACL subjects' names, each in one query; the caller's own subscription to each
 * listed item (in one query, for the rows that do not carry it); the readable folders above an item; which
 * of a result sheet's checklists the caller may Read (services/sheets/readers.ts: the others are not shown).
 */
import { inArray } from 'drizzle-orm';
import type { Acl, Document, Folder, ListedItem } from '../../../shared/api/documentation.ts';
import { allows } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import type { ChainFolder } from '../../db/documentation-tree.ts';
import type { ItemRow } from '../../db/folder-contents.ts';
import { subscriptionOptionsOfItems } from '../../db/queries/notifications/marks.ts';
import { roles, users, type documentVersions } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import { carriedNames, presentAcl, presentDocument, presentFolder, presentListedItem } from '../../presenters/documentation.ts';
import { contentsSeenBy } from '../sheets/readers.ts';
import { chainPermissions, readableAncestors, type AclEntryRow, type DocumentAccess, type DocumentRow, type FolderAccess } from './access.ts';

/** Usernames of some users, in one query. */
export async function usernames(db: Queryable, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(found.map((u) => [u.id, u.username]));
}

/** Whose subscription options an answer shows: the caller's own. */
export type Reader = Pick<Member, 'orgId' | 'userId'>;

/**
 * Rows with the reader's own subscription to each: rows that carry it already (the statement that read
 * them joined it, as contentsPage does) are kept; the others' are read in ONE statement.
 */
export async function withSubscriptions<T extends ItemRow>(db: Queryable, reader: Reader, rows: readonly T[]): Promise<T[]> {
  const missing = rows.filter((row) => row.subscription === undefined).map((row) => row.id);
  if (missing.length === 0) return [...rows];
  const found = await subscriptionOptionsOfItems(db, reader, missing);
  return rows.map((row) => (row.subscription === undefined ? { ...row, subscription: found.get(row.id) ?? null } : row));
}

/** The usernames some rows carry, and the rest fetched in one query. */
async function namesOf(db: Queryable, rows: Parameters<typeof carriedNames>[0]): Promise<Map<string, string>> {
  const { names, missing } = carriedNames(rows);
  if (missing.length > 0) for (const [id, name] of await usernames(db, missing)) names.set(id, name);
  return names;
}

/**
 * Listed items of some rows with their permissions, as `reader` sees them: the usernames the rows carry,
 * the rest fetched in one query; the reader's subscription options (those the rows do not carry, in one
 * query).
 */
export async function listedItems(db: Queryable, reader: Reader, items: { row: ItemRow; permissions: number }[]): Promise<ListedItem[]> {
  const rows = await withSubscriptions(db, reader, items.map(({ row }) => row));
  const names = await namesOf(db, rows);
  return items.map(({ permissions }, i) => presentListedItem(rows[i]!, permissions, names));
}

/** GET documentation/folders/{id}'s answer. */
export async function folderAnswer(db: Queryable, access: FolderAccess, who: Member): Promise<Folder> {
  const names = await namesOf(db, [access.folder]);
  return presentFolder(access, readableAncestors(access.chain.slice(1), access.levels.slice(1), who), names);
}

/** A document's answer at one of its versions (the latest comes with the draft). */
export async function documentAnswer(
  db: Queryable,
  access: Pick<DocumentAccess, 'chain' | 'levels' | 'permissions'> & { document: DocumentRow },
  version: typeof documentVersions.$inferSelect,
  who: Member,
): Promise<Document> {
  const { document } = access;
  const latest = version.version === document.version;
  const names = await usernames(db, [version.createdBy]);
  const readable = readableAncestors(access.chain, access.levels, who);
  // A result sheet's checklists the caller may not Read are not shown (issue #28, services/sheets/readers.ts).
  const seen = await contentsSeenBy(db, who, document.doctype, {
    contents: latest ? document.contents : version.contents,
    draft: latest ? document.draftContents : null,
  });
  return presentDocument(access, version, readable, names, seen);
}

/** Names of the subjects of some entries: the organisation's own, roles and users in one query each. */
async function subjectNames(db: Queryable, who: Member, entries: readonly AclEntryRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>([[who.orgId, who.orgName]]);
  const roleIds = [...new Set(entries.filter((e) => e.subjectType === 'role').map((e) => e.subjectId))];
  const userIds = [...new Set(entries.filter((e) => e.subjectType === 'user').map((e) => e.subjectId))];
  if (roleIds.length > 0) {
    for (const r of await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds))) names.set(r.id, r.name);
  }
  if (userIds.length > 0) {
    for (const u of await db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, userIds))) names.set(u.id, u.name);
  }
  return names;
}

/** An item's ACL: its own entries, and those inherited from each folder above (named only where the caller may Read it). */
export async function aclAnswer(
  db: Queryable,
  who: Member,
  own: readonly AclEntryRow[],
  chain: readonly ChainFolder[],
  levels: readonly AclEntryRow[][],
): Promise<Acl> {
  const names = await subjectNames(db, who, [...own, ...levels.flat()]);
  const readable = chainPermissions(levels, who).map((p) => allows(p, 'view'));
  return presentAcl(own, chain, levels, readable, names);
}
