/** Folders: read one with its ancestors, list its contents, create, rename/describe, delete to the trash. */
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { createFolderBody, updateFolderBody } from '../../../shared/api/documentation-schemas.ts';
import type { ContentsQuery, Folder, ListedItem } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import { allows } from '../../../shared/permissions/index.ts';
import { ALL_PERMISSIONS } from '../../../shared/constants.ts';
import type { ChainFolder } from '../../db/documentation-tree.ts';
import { contentsPage, type ChildEntry } from '../../db/folder-contents.ts';
import { folders } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, conflict } from '../../errors.ts';
import { resolvePermissions, type AclRule, type Principal } from '../../permissions/resolve.ts';
import { readableFolder, readableFolderAndChildEntries, requireAction, type FolderAccess } from './access.ts';
import { recordActivity } from '../activity.ts';
import { folderAnswer, listedItems } from './answers.ts';

export type NewFolder = z.output<typeof createFolderBody>;
export type FolderChanges = z.output<typeof updateFolderBody>;

/** GET documentation/folders/{id}: Read needed. */
export async function getFolder(deps: Deps, who: Member, id: string): Promise<Folder> {
  const access = await readableFolder(deps.db, who, id);
  return folderAnswer(deps.db, access, who);
}

/**
 * GET documentation/folders/{id}/contents: the live children the caller may Read, paged in the database.
 *
 * A child inherits the folder's permissions unless its own ACL entries decide a bit. The caller can Read
 * the folder (or this answers 404), so a child is hidden exactly when its own entries decide Read
 * against the caller. Those entries (only the ones naming the caller, on this folder's children) come
 * in one query; the hidden ids are left out of the UNION in SQL, so `total` and every page agree.
 * An org admin reads everything: no ACL query at all.
 */
export async function folderContents(deps: Deps, who: Member, id: string, query: ContentsQuery): Promise<List<ListedItem>> {
  // A member's children are judged by their own entries too: read with the chain, in the same statement.
  const { access, childEntries } = who.isOrgAdmin
    ? { access: await readableFolder(deps.db, who, id), childEntries: [] as ChildEntry[] }
    : await readableFolderAndChildEntries(deps.db, who, id);
  const own = new Map<string, AclRule[]>();
  const hidden: string[] = [];
  if (!who.isOrgAdmin) {
    for (const entry of childEntries) {
      const list = own.get(entry.itemId);
      if (list) list.push(entry);
      else own.set(entry.itemId, [entry]);
    }
    for (const [itemId, rules] of own) {
      if (!allows(resolvePermissions([rules, ...access.levels], who), 'view')) hidden.push(itemId);
    }
  }
  const page = await contentsPage(deps.db, { parentId: access.folder.id, hidden, ...query, reader: { orgId: who.orgId, userId: who.userId } });
  const results = await listedItems(
    deps.db,
    who,
    page.items.map((row) => ({
      row,
      permissions: who.isOrgAdmin ? ALL_PERMISSIONS : resolvePermissions([own.get(row.id) ?? [], ...access.levels], who),
    })),
  );
  return { results, total: page.total };
}

/** The access of a folder just made or changed below a parent whose access is known. */
function childAccess(parent: FolderAccess, folder: ChainFolder, who: Principal): FolderAccess {
  const levels = [[], ...parent.levels];
  return {
    folder,
    chain: [folder, ...parent.chain],
    levels,
    permissions: resolvePermissions(levels, who),
    trashed: parent.trashed,
  };
}

const chainFolderOf = (row: typeof folders.$inferSelect): ChainFolder => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  description: row.description,
  version: row.version,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  modifiedBy: row.modifiedBy,
  modifiedAt: row.modifiedAt,
  deletedAt: row.deletedAt,
  deletedBy: row.deletedBy,
});

/** POST documentation/folders: Write and Create Folders on the parent. */
export async function createFolder(deps: Deps, who: Member, body: NewFolder): Promise<Folder> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const parent = await readableFolder(tx, who, body.parent_id);
    requireAction(parent.permissions, 'createFolder', 'folder');
    const [row] = await tx
      .insert(folders)
      .values({
        id: uuidv7(now.getTime()),
        orgId: who.orgId,
        parentId: parent.folder.id,
        name: body.name,
        description: body.description,
        createdBy: who.userId,
        createdAt: now,
        modifiedBy: who.userId,
        modifiedAt: now,
      })
      .returning();
    // Made by the caller just now: both names are theirs.
    const folder = { ...chainFolderOf(row!), createdByUsername: who.username, modifiedByUsername: who.username };
    await recordActivity(tx, {
      type: 'FolderCreated',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      folderId: folder.id,
      context: { name: folder.name, folder_id: parent.folder.id, folder_name: parent.folder.name },
    });
    return folderAnswer(tx, childAccess(parent, folder, who), who);
  });
}

const staleFolder = (edited: number, current: number) =>
  conflict(`This folder was changed by someone else (version ${current}, you edited version ${edited}); reload it and try again`);

/** PUT documentation/folders/{id}: Write; a stale version answers 409 and changes nothing. */
export async function updateFolder(deps: Deps, who: Member, id: string, changes: FolderChanges): Promise<Folder> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const access = await readableFolder(tx, who, id);
    requireAction(access.permissions, 'edit', 'folder');
    const before = access.folder;
    if (changes.version !== before.version) throw staleFolder(changes.version, before.version);
    const [row] = await tx
      .update(folders)
      .set({
        name: changes.name ?? before.name,
        description: changes.description ?? before.description,
        version: before.version + 1,
        modifiedBy: who.userId,
        modifiedAt: now,
      })
      // The version in the WHERE makes concurrent edits of one version queue on the row lock; all but the first find no row.
      .where(and(eq(folders.id, before.id), eq(folders.version, changes.version)))
      .returning();
    if (!row) throw staleFolder(changes.version, changes.version + 1);
    const folder: ChainFolder = { ...chainFolderOf(row), modifiedByUsername: who.username };
    if (before.createdByUsername !== undefined) folder.createdByUsername = before.createdByUsername;
    await recordActivity(tx, {
      type: 'FolderUpdated',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      folderId: folder.id,
      context: {
        name: folder.name,
        previous_name: before.name,
        description: folder.description,
        previous_description: before.description,
        version: folder.version,
      },
    });
    return folderAnswer(tx, { ...access, folder, chain: [folder, ...access.chain.slice(1)] }, who);
  });
}

/** DELETE documentation/folders/{id}: Delete; the folder and its subtree go to the trash (the root cannot). */
export async function deleteFolder(deps: Deps, who: Member, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const access = await readableFolder(tx, who, id);
    if (access.folder.parentId === null) throw badRequest('The root folder cannot be deleted');
    requireAction(access.permissions, 'delete', 'folder');
    await tx
      .update(folders)
      .set({ deletedAt: now, deletedBy: who.userId })
      .where(and(eq(folders.id, access.folder.id), isNull(folders.deletedAt)));
    const parent = access.chain[1]!;
    await recordActivity(tx, {
      type: 'FolderDeleted',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      folderId: access.folder.id,
      context: { name: access.folder.name, folder_id: parent.id, folder_name: parent.name },
    });
  });
}
