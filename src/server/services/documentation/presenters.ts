/** How folders, listed items and documents look in the API's answers (shapes in shared/api/documentation.ts). */
import { inArray } from 'drizzle-orm';
import type {
  Doctype,
  DocumentContents,
  Folder,
  ListedItem,
  PathStep,
  SubscriptionOptions,
} from '../../../shared/api/documentation.ts';
import { allows } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import type { ChainFolder, ItemRow } from '../../db/documentation-tree.ts';
import { users } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import { chainPermissions, type FolderAccess } from './access.ts';

/** Usernames of some users, in one query. */
export async function usernames(db: Queryable, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(found.map((u) => [u.id, u.username]));
}

export const nameOf = (names: Map<string, string>, id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);

/** Subscriptions come with their own issue; until then every item answers the defaults. */
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
    subscription_options: { ...NO_SUBSCRIPTION },
    user_permissions: permissions,
  };
}

export function folderItem(f: Pick<ChainFolder, 'id' | 'name' | 'description' | 'version' | 'createdBy' | 'createdAt' | 'modifiedBy' | 'modifiedAt'>): ItemRow {
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

/** Listed items of some rows with their permissions: usernames fetched in one query. */
export async function presentListedItems(db: Queryable, items: { row: ItemRow; permissions: number }[]): Promise<ListedItem[]> {
  const names = await usernames(
    db,
    items.flatMap(({ row }) => [row.createdBy, row.modifiedBy]),
  );
  return items.map(({ row, permissions }) => presentListedItem(row, permissions, names));
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

export function pathOf(chain: readonly ChainFolder[], levels: FolderAccess['levels'], who: Member): PathStep[] {
  return readableAncestors(chain, levels, who).map(({ folder }) => ({ id: folder.id, name: folder.name }));
}

/** GET documentation/folders/{id}. */
export async function presentFolder(db: Queryable, access: FolderAccess, who: Member): Promise<Folder> {
  const { folder } = access;
  const names = await usernames(db, [folder.createdBy, folder.modifiedBy]);
  return {
    id: folder.id,
    parent_id: folder.parentId,
    name: folder.name,
    description: folder.description,
    user_permissions: access.permissions,
    ancestors: readableAncestors(access.chain.slice(1), access.levels.slice(1), who).map(({ folder: a, permissions }) => ({
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
