/**
 * Which items a user may see now: folders and documents by id with THE permission rule over their ACL
 * levels (permissions/resolve.ts), for a whole page in one statement (db/queries/notifications.ts
 * itemsWithLevels). Lists of favourites, subscriptions and notifications, and the e-mail sender, ask here.
 */
import { Permission } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { itemsWithLevels, type ItemWithLevels } from '../../db/queries/notifications.ts';
import { resolvePermissions, type Principal } from '../../permissions/resolve.ts';
import type { ItemView } from '../../presenters/notifications.ts';

export interface ItemRefs {
  folderId: string | null;
  documentId: string | null;
}

/** The item an event, favourite or subscription is about: the document when there is one, else the folder. */
export const itemIdOf = (ref: ItemRefs): string | null => ref.documentId ?? ref.folderId;

export const mayRead = (item: ItemWithLevels, who: Principal): boolean => (resolvePermissions(item.levels, who) & Permission.Read) !== 0;

/** Each referenced item (by its id, see itemIdOf) as `who` may see it: found or not, readable or not. */
export async function itemViews(db: Queryable, who: Principal, refs: readonly ItemRefs[]): Promise<Map<string, ItemView>> {
  const folderIds = new Set<string>();
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
