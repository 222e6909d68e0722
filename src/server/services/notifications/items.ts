/**
 * Which items a user may see now: folders and documents by id with THE permission rule over their ACL
 * levels (permissions/resolve.ts), for a whole page in one statement (db/queries/notifications/item-levels.ts
 * itemsWithLevels). Lists of favourites, subscriptions and notifications, and the e-mail sender, ask here.
 * A notification is presented here for the list and the live stream alike (`notificationsSeenBy`): its
 * item and the folders its context names are judged for the reader when it is read, not when it was
 * written, as everything else the app shows.
 */
import { Permission } from '../../../shared/permissions/index.ts';
import type { Notification } from '../../../shared/api/notifications.ts';
import type { Queryable } from '../../db/connection.ts';
import { itemsWithLevels, type ItemWithLevels } from '../../db/queries/notifications/item-levels.ts';
import type { NotificationRow } from '../../db/queries/notifications/panel.ts';
import { resolvePermissions, type Principal } from '../../permissions/resolve.ts';
import { foldersNamedIn, presentNotification, type ItemView } from '../../presenters/notifications.ts';

export interface ItemRefs {
  folderId: string | null;
  documentId: string | null;
}

/** The item an event, favourite or subscription is about: the document when there is one, else the folder. */
export const itemIdOf = (ref: ItemRefs): string | null => ref.documentId ?? ref.folderId;

export const mayRead = (item: ItemWithLevels, who: Principal): boolean => (resolvePermissions(item.levels, who) & Permission.Read) !== 0;

/**
 * Each referenced item (by its id, see itemIdOf) as `who` may see it: found or not, readable or not;
 * `alsoFolders` are asked in the same statement (folders an event names beside its item).
 */
export async function itemViews(
  db: Queryable,
  who: Principal,
  refs: readonly ItemRefs[],
  alsoFolders: readonly string[] = [],
): Promise<Map<string, ItemView>> {
  const folderIds = new Set<string>(alsoFolders);
  const documentIds = new Set<string>();
  for (const ref of refs) {
    if (ref.documentId) documentIds.add(ref.documentId);
    else if (ref.folderId) folderIds.add(ref.folderId);
  }
  const found = await itemsWithLevels(db, who.orgId, { folderIds: [...folderIds], documentIds: [...documentIds] });
  const views = new Map<string, ItemView>();
  for (const id of [...folderIds, ...documentIds]) {
    const item = found.get(id);
    views.set(id, { item, readable: item !== undefined && mayRead(item, who) });
  }
  return views;
}

/**
 * Notifications as `who` may see them now (GET documentation/notifications and the live stream): their
 * items and the folders their contexts name (a move's source and destination, the item's folder) with
 * their ACL levels in ONE statement; a folder `who` may not Read (or that is gone) is not named.
 */
export async function notificationsSeenBy(db: Queryable, who: Principal, rows: readonly NotificationRow[]): Promise<Notification[]> {
  const views = await itemViews(db, who, rows, rows.flatMap((row) => foldersNamedIn(row.context)));
  return rows.map((row) => {
    const id = itemIdOf(row);
    const readableFolders = new Set(foldersNamedIn(row.context).filter((folderId) => views.get(folderId)?.readable));
    return presentNotification(row, (id && views.get(id)) || { item: undefined, readable: false }, readableFolders);
  });
}
