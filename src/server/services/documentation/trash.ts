/**
 * The trash: deleted folders (with their subtrees) and documents, listed for org admins and restored
 * back where they were — or into the root folder when that place is gone or itself in the trash.
 *
 * Restoring is for org admins, and also for the person who deleted the item: the spec's UNDO after a
 * delete ('… Successfully Deleted' with UNDO) must work for anyone who may delete. An item the caller may
 * not Read (by the ACLs of it and the folders above it, trashed or not) answers 404 exactly like a
 * missing id, so restoring tells nothing of what the caller cannot see.
 */
import { eq } from 'drizzle-orm';
import { ROOT, type ListedItem, type PageQuery, type TrashedItem } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { allows } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { folderChain, type ChainFolder } from '../../db/documentation-tree.ts';
import { trashPage } from '../../db/folder-contents.ts';
import { documents, folders } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { documentAccess, documentNotFound, folderAccess, folderNotFound } from './access.ts';
import { recordActivity } from '../activity.ts';
import { documentItem, folderItem, presentTrashedItem } from '../../presenters/documentation.ts';
import { listedItems, usernames, withSubscriptions } from './answers.ts';

/**
 * GET documentation/trash/{id}: org admins only (routes/documentation.ts). `root` lists the whole organisation's trash; a
 * folder id lists what was deleted from that folder.
 */
export async function trashContents(deps: Deps, who: Member, id: string, page: PageQuery): Promise<List<TrashedItem>> {
  let fromFolderId: string | null = null;
  if (id !== ROOT) {
    const access = await folderAccess(deps.db, who, id);
    if (!access) throw folderNotFound();
    fromFolderId = access.folder.id;
  }
  const { items: rows, total } = await trashPage(deps.db, { orgId: who.orgId, fromFolderId, ...page });
  const items = await withSubscriptions(deps.db, who, rows);
  const names = await usernames(
    deps.db,
    items.flatMap((i) => [i.createdBy, i.modifiedBy, i.deletedBy]),
  );
  return {
    results: items.map((item) => presentTrashedItem(item, names)),
    total,
  };
}

/** Where a restored item goes: its old folder when that is live, else the root. */
async function placeToRestore(db: Queryable, who: Member, folderId: string | null): Promise<{ place: ChainFolder; toRoot: boolean }> {
  if (folderId !== null) {
    const chain = await folderChain(db, who.orgId, { id: folderId });
    if (chain.length > 0 && chain.every((f) => f.deletedAt === null)) return { place: chain[0]!, toRoot: false };
  }
  const [root] = await folderChain(db, who.orgId, 'root');
  return { place: root!, toRoot: true };
}

/** 403 unless the caller is an org admin or deleted the item (asked only once the caller may Read it). */
function mayRestore(who: Member, deletedBy: string | null): void {
  if (!who.isOrgAdmin && deletedBy !== who.userId) throw forbidden('Only organization admins can restore items from the trash');
}

/** POST documentation/folders/{id}/restore-from-trash → the folder as listed in its folder. */
export async function restoreFolder(deps: Deps, who: Member, id: string): Promise<ListedItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const found = id === ROOT ? undefined : await folderAccess(tx, who, id);
    if (!found || !allows(found.permissions, 'view')) throw folderNotFound();
    const row = found.folder;
    mayRestore(who, row.deletedBy);
    if (row.deletedAt === null) throw badRequest(`${row.name} is not in the trash`);
    const { place, toRoot } = await placeToRestore(tx, who, row.parentId);
    await tx.update(folders).set({ deletedAt: null, deletedBy: null, parentId: place.id }).where(eq(folders.id, row.id));
    await recordActivity(tx, {
      type: 'FolderRestored',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      folderId: row.id,
      context: { name: row.name, folder_id: place.id, folder_name: place.name, restored_to_root: toRoot },
    });
    const access = await folderAccess(tx, who, row.id);
    const [item] = await listedItems(tx, who, [{ row: folderItem(row), permissions: access!.permissions }]);
    return item!;
  });
}

/** POST documentation/documents/{id}/restore-from-trash → the document as listed in its folder. */
export async function restoreDocument(deps: Deps, who: Member, id: string): Promise<ListedItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const found = await documentAccess(tx, who, id);
    if (!found || !allows(found.permissions, 'view')) throw documentNotFound();
    const row = found.document;
    mayRestore(who, row.deletedBy);
    if (row.deletedAt === null) throw badRequest(`${row.name} is not in the trash`);
    const { place, toRoot } = await placeToRestore(tx, who, row.folderId);
    await tx.update(documents).set({ deletedAt: null, deletedBy: null, folderId: place.id }).where(eq(documents.id, row.id));
    await recordActivity(tx, {
      type: 'DocumentRestored',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      documentId: row.id,
      folderId: place.id,
      context: { name: row.name, doctype: row.doctype, folder_id: place.id, folder_name: place.name, restored_to_root: toRoot },
    });
    const access = await documentAccess(tx, who, row.id);
    const [item] = await listedItems(tx, who, [{ row: documentItem(row), permissions: access!.permissions }]);
    return item!;
  });
}
