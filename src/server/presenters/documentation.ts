/**
 * How the documentation area looks in the API's answers (shapes in shared/api/documentation.ts): folders,
 * listed and trashed items, documents and their versions, ACLs. Presenters shape; the only lookups they make
 * are the names an answer shows (usernames, ACL subjects), each in one query, and which of a result sheet's
 * checklists the caller may Read (services/sheets/readers.ts: the others are not shown).
 */
import { inArray } from 'drizzle-orm';
import {
  ROOT,
  type Acl,
  type AclEntry,
  type AclSubjectType,
  type Doctype,
  type Document,
  type DocumentContents,
  type Folder,
  type InheritedAclEntry,
  type ListedItem,
  type SubscriptionOptions,
  type TrashedItem,
} from '../../shared/api/documentation.ts';
import { ALL_PERMISSIONS } from '../../shared/constants.ts';
import { allows } from '../../shared/permissions/index.ts';
import type { Queryable } from '../db/connection.ts';
import type { ChainFolder } from '../db/documentation-tree.ts';
import type { ItemRow, TrashRow } from '../db/folder-contents.ts';
import { subscriptionOptionsOfItems } from '../db/queries/notifications.ts';
import { documentVersions, roles, users } from '../db/schema.ts';
import type { Member } from '../env.ts';
import {
  chainPermissions,
  type AclEntryRow,
  type DocumentAccess,
  type DocumentRow,
  type FolderAccess,
} from '../services/documentation/access.ts';
import { contentsSeenBy } from '../services/sheets/readers.ts';

/** Usernames of some users, in one query. */
export async function usernames(db: Queryable, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(found.map((u) => [u.id, u.username]));
}

export const nameOf = (names: Map<string, string>, id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);

/** An item the reader has not subscribed to (or a row read without the reader's subscription joined). */
export const NO_SUBSCRIPTION: SubscriptionOptions = { validation_errors_only: false, email_notifications: false };

export function presentListedItem(item: ItemRow, permissions: number, names: Map<string, string>): ListedItem {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    kind: item.kind,
    doctype: item.doctype,
    version: item.version,
    created_at: item.createdAt.toISOString(),
    modified_at: item.modifiedAt.toISOString(),
    created_by_username: nameOf(names, item.createdBy),
    modified_by_username: nameOf(names, item.modifiedBy),
    subscription_options: item.subscription
      ? { validation_errors_only: item.subscription.validationErrorsOnly, email_notifications: item.subscription.emailNotifications }
      : { ...NO_SUBSCRIPTION },
    user_permissions: permissions,
  };
}

/** An item in the trash list (org admins: every permission), with where it was and who deleted it. */
export function presentTrashedItem(item: TrashRow, names: Map<string, string>): TrashedItem {
  return {
    ...presentListedItem(item, ALL_PERMISSIONS, names),
    folder_id: item.folderId,
    folder_name: item.folderName,
    deleted_at: item.deletedAt.toISOString(),
    deleted_by_username: nameOf(names, item.deletedBy),
  };
}

export function folderItem(
  f: Pick<ChainFolder, 'id' | 'name' | 'description' | 'version' | 'createdBy' | 'createdAt' | 'modifiedBy' | 'modifiedAt' | 'createdByUsername' | 'modifiedByUsername'>,
): ItemRow {
  return { kind: 'folder', doctype: null, ...f };
}

export function documentItem(d: {
  id: string;
  name: string;
  description: string;
  doctype: Doctype;
  version: number;
  createdBy: string | null;
  createdAt: Date;
  modifiedBy: string | null;
  modifiedAt: Date;
}): ItemRow {
  return {
    kind: 'document',
    id: d.id,
    name: d.name,
    description: d.description,
    doctype: d.doctype,
    version: d.version,
    createdBy: d.createdBy,
    createdAt: d.createdAt,
    modifiedBy: d.modifiedBy,
    modifiedAt: d.modifiedAt,
  };
}

/** The usernames some rows carry already (the statement that read them joined them), as a map by user id. */
function carriedNames(rows: readonly Pick<ItemRow, 'createdBy' | 'modifiedBy' | 'createdByUsername' | 'modifiedByUsername'>[]) {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const row of rows) {
    for (const [id, name] of [
      [row.createdBy, row.createdByUsername],
      [row.modifiedBy, row.modifiedByUsername],
    ] as const) {
      if (id === null) continue;
      if (typeof name === 'string') names.set(id, name);
      // Joined and found no user (null), or not joined (undefined): only the latter is asked for.
      else if (name === undefined) missing.push(id);
    }
  }
  return { names, missing: missing.filter((id) => !names.has(id)) };
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

/**
 * Listed items of some rows with their permissions, as `reader` sees them: the usernames the rows carry,
 * the rest fetched in one query; the reader's subscription options (those the rows do not carry, in one
 * query).
 */
export async function presentListedItems(db: Queryable, reader: Reader, items: { row: ItemRow; permissions: number }[]): Promise<ListedItem[]> {
  const rows = await withSubscriptions(db, reader, items.map(({ row }) => row));
  const { names, missing } = carriedNames(rows);
  if (missing.length > 0) for (const [id, name] of await usernames(db, missing)) names.set(id, name);
  return items.map(({ permissions }, i) => presentListedItem(rows[i]!, permissions, names));
}

/**
 * The folders above an item that the caller may Read, root first. `chain` starts at the first folder
 * to consider (the item's parent, or a document's folder), with its aligned ACL levels.
 */
export function readableAncestors(chain: readonly ChainFolder[], levels: FolderAccess['levels'], who: Member) {
  const permissions = chainPermissions(levels, who);
  return chain
    .map((folder, i) => ({ folder, permissions: permissions[i]! }))
    .filter(({ permissions: p }) => allows(p, 'view'))
    .reverse();
}

/**
 * Where an item sits, as the caller may know it: the nearest folder above that they may Read (root first
 * `readable`, so its last), or `root` when they may Read none (a folder they cannot Read is not named by
 * id either). Back, the breadcrumbs and "back to the folder" go there.
 */
const nearestReadable = (readable: readonly { id: string }[]): string => readable.at(-1)?.id ?? ROOT;

/**
 * The root folder's id (the breadcrumbs' 'Documentation') when the caller may Read it, else null: the
 * readable folders above an item, root first, start with the root exactly when it is readable.
 */
const readableRootId = (readable: readonly { folder: Pick<ChainFolder, 'id' | 'parentId'> }[]): string | null => {
  const top = readable[0]?.folder;
  return top?.parentId === null ? top.id : null;
};

/** GET documentation/folders/{id}; `parent_id` is the nearest folder above that the caller may Read (null for the root). */
export async function presentFolder(db: Queryable, access: FolderAccess, who: Member): Promise<Folder> {
  const { folder } = access;
  const { names, missing } = carriedNames([folder]);
  if (missing.length > 0) for (const [id, name] of await usernames(db, missing)) names.set(id, name);
  const above = readableAncestors(access.chain.slice(1), access.levels.slice(1), who);
  return {
    id: folder.id,
    parent_id: folder.parentId === null ? null : nearestReadable(above.map(({ folder: a }) => a)),
    root_id: folder.parentId === null ? folder.id : readableRootId(above),
    name: folder.name,
    description: folder.description,
    user_permissions: access.permissions,
    ancestors: above.map(({ folder: a, permissions }) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      user_permissions: permissions,
    })),
    created_by_username: nameOf(names, folder.createdBy),
    created: folder.createdAt.toISOString(),
    modified_by_username: nameOf(names, folder.modifiedBy),
    modified: folder.modifiedAt.toISOString(),
    version: folder.version,
  };
}

export const asContents = (value: unknown) => value as DocumentContents;

// ─── Documents ────────────────────────────────────────────────────────────────────────────────────

type VersionRow = typeof documentVersions.$inferSelect;

/** A document at one of its versions (the latest comes with the draft); `folder_id` is the nearest folder above that the caller may Read. */
export async function presentDocument(
  db: Queryable,
  access: Pick<DocumentAccess, 'chain' | 'levels' | 'permissions'> & { document: DocumentRow },
  version: VersionRow,
  who: Member,
): Promise<Document> {
  const { document } = access;
  const latest = version.version === document.version;
  const names = await usernames(db, [version.createdBy]);
  const readable = readableAncestors(access.chain, access.levels, who);
  const path = readable.map(({ folder }) => ({ id: folder.id, name: folder.name }));
  // A result sheet's checklists the caller may not Read are not shown (issue #28, services/sheets/readers.ts).
  const seen = await contentsSeenBy(db, who, document.doctype, {
    contents: latest ? document.contents : version.contents,
    draft: latest ? document.draftContents : null,
  });
  return {
    id: document.id,
    document_id: document.id,
    folder_id: nearestReadable(path),
    root_id: readableRootId(readable),
    name: latest ? document.name : version.name,
    description: latest ? document.description : version.description,
    doctype: document.doctype,
    kind: 'document',
    version: version.version,
    latest_version: document.version,
    path,
    contents: asContents(seen.contents),
    draft_contents: seen.draft as DocumentContents | null,
    draft_user_id: latest ? document.draftUserId : null,
    user_permissions: access.permissions,
    created_at: version.createdAt.toISOString(),
    created_by_username: nameOf(names, version.createdBy),
    changelog: version.changelog,
    modified_at: document.modifiedAt.toISOString(),
  };
}

// ─── ACLs ─────────────────────────────────────────────────────────────────────────────────────────

const TYPE_ORDER: Record<AclSubjectType, number> = { org: 0, role: 1, user: 2 };

/** Names of the subjects of some entries: roles and users in one query each. */
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

function presentEntry(entry: AclEntryRow, names: Map<string, string>): AclEntry {
  return {
    id: entry.id,
    subject: entry.subjectId,
    subject_type: entry.subjectType,
    subject_name: names.get(entry.subjectId) ?? '',
    is_grant: entry.isGrant,
    permissions: entry.permissions,
  };
}

/** Organisation first, then roles, then users, each by name; grants before revokes. */
function byPresentationOrder(a: AclEntry, b: AclEntry): number {
  return (
    TYPE_ORDER[a.subject_type] - TYPE_ORDER[b.subject_type] ||
    a.subject_name.localeCompare(b.subject_name) ||
    Number(b.is_grant) - Number(a.is_grant) ||
    a.id.localeCompare(b.id)
  );
}

/** An item's ACL: its own entries, and those inherited from each folder above (its id and name only where readable). */
export async function presentAcl(
  db: Queryable,
  who: Member,
  own: readonly AclEntryRow[],
  chain: readonly ChainFolder[],
  levels: readonly AclEntryRow[][],
): Promise<Acl> {
  const names = await subjectNames(db, who, [...own, ...levels.flat()]);
  const readable = chainPermissions(levels, who).map((p) => allows(p, 'view'));
  const inherited: InheritedAclEntry[] = levels.flatMap((level, i) =>
    level
      .map((entry) => ({
        ...presentEntry(entry, names),
        from_folder_id: readable[i] ? chain[i]!.id : null,
        from_folder_name: readable[i] ? chain[i]!.name : '',
      }))
      .sort(byPresentationOrder),
  );
  return { entries: own.map((e) => presentEntry(e, names)).sort(byPresentationOrder), inherited };
}
