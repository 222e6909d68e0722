/**
 * Paste: POST documentation/folders/{dest}/copy and /move with `{document_id}` or `{folder_id}`.
 *
 * By THE action table: a copy needs `copy` (Write) on the source, a move `move` (Write and Delete); both
 * need `createFolder` / `createDocument` (by the source's kind) on the destination; a source the caller
 * may not Read answers 404. A folder cannot move into
 * itself or below itself (400); the root cannot move (400). Names may repeat in a folder.
 *
 * A copy is deep and made in one transaction: the live subfolders and documents that the caller may
 * Read (a folder the caller may not Read is left out with everything below it), each document's
 * latest version becoming version 1 of its copy (drafts and older versions stay behind), and the ACL
 * entries of every copied item. A copy may land inside its own source: the subtree is read before
 * anything is written. A copy's media (page images, question pictures) become uploads of the copy that
 * share the source's stored files (copied-uploads.ts), so they are served through the copy.
 */
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { moveOrCopyBody } from '../../../shared/api/documentation-schemas.ts';
import type { ListedItem } from '../../../shared/api/documentation.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import { allows } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { liveSubtree, lockTreeShape, type SubtreeFolder } from '../../db/documentation-tree.ts';
import { aclEntries, documents, documentVersions, folders } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import { resolvePermissions, type AclRule } from '../../permissions/resolve.ts';
import {
  readableDocument,
  readableFolder,
  requireAction,
  type AclEntryRow,
  type DocumentRow,
  type FolderAccess,
} from './access.ts';
import { recordActivity } from '../activity.ts';
import { copiedUploads } from './copied-uploads.ts';
import { documentItem, folderItem } from '../../presenters/documentation.ts';
import { listedItems } from './answers.ts';

export type Paste = z.output<typeof moveOrCopyBody>;

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const fromTo = (from: { id: string; name: string }, to: FolderAccess) => ({
  from_folder_id: from.id,
  from_folder_name: from.name,
  to_folder_id: to.folder.id,
  to_folder_name: to.folder.name,
});

/** POST documentation/folders/{dest}/move → the moved item as listed in its new folder. */
export async function moveItem(deps: Deps, who: Member, destId: string, paste: Paste): Promise<ListedItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockTreeShape(tx, who.orgId);
    const dest = await readableFolder(tx, who, destId);
    if (paste.folder_id !== undefined) {
      const source = await readableFolder(tx, who, paste.folder_id);
      if (source.folder.parentId === null) throw badRequest('The root folder cannot be moved');
      if (dest.chain.some((f) => f.id === source.folder.id)) {
        throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      }
      requireAction(source.permissions, 'move', 'folder');
      requireAction(dest.permissions, 'createFolder', 'folder');
      await tx.update(folders).set({ parentId: dest.folder.id }).where(eq(folders.id, source.folder.id));
      await recordActivity(tx, {
        type: 'FolderMoved',
        orgId: who.orgId,
        actorId: who.userId,
        at: now,
        folderId: source.folder.id,
        context: { name: source.folder.name, ...fromTo(source.chain[1]!, dest) },
      });
      const permissions = resolvePermissions([source.levels[0]!, ...dest.levels], who);
      const [item] = await listedItems(tx, who, [{ row: folderItem(source.folder), permissions }]);
      return item!;
    }
    const source = await readableDocument(tx, who, paste.document_id!);
    requireAction(source.permissions, 'move', 'document');
    requireAction(dest.permissions, 'createDocument', 'folder');
    await tx.update(documents).set({ folderId: dest.folder.id }).where(eq(documents.id, source.document.id));
    await recordActivity(tx, {
      type: 'DocumentMoved',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      documentId: source.document.id,
      folderId: dest.folder.id,
      context: { name: source.document.name, doctype: source.document.doctype, ...fromTo(source.chain[0]!, dest) },
    });
    const permissions = resolvePermissions([source.own, ...dest.levels], who);
    const [item] = await listedItems(tx, who, [{ row: documentItem(source.document), permissions }]);
    return item!;
  });
}

/** POST documentation/folders/{dest}/copy → the new copy as listed in the destination. */
export async function copyItem(deps: Deps, who: Member, destId: string, paste: Paste): Promise<ListedItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const dest = await readableFolder(tx, who, destId);
    if (paste.folder_id !== undefined) {
      const source = await readableFolder(tx, who, paste.folder_id);
      requireAction(source.permissions, 'copy', 'folder');
      requireAction(dest.permissions, 'createFolder', 'folder');
      return copyFolder(tx, who, now, source, dest);
    }
    const source = await readableDocument(tx, who, paste.document_id!);
    requireAction(source.permissions, 'copy', 'document');
    requireAction(dest.permissions, 'createDocument', 'folder');
    const [copy] = await copyDocuments(tx, who, now, [{ document: source.document, folderId: dest.folder.id }], new Map([[source.document.id, source.own]]));
    await recordActivity(tx, {
      type: 'DocumentCopied',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      documentId: copy!.id,
      folderId: dest.folder.id,
      context: {
        name: copy!.name,
        doctype: copy!.doctype,
        source_id: source.document.id,
        source_version: source.document.version,
        ...fromTo(source.chain[0]!, dest),
      },
    });
    const permissions = resolvePermissions([source.own, ...dest.levels], who);
    const [item] = await listedItems(tx, who, [{ row: { ...documentItem(copy!), subscription: null }, permissions }]);
    return item!;
  });
}

/** ACL entries of some folders or documents, grouped by item. */
async function entriesByItem(tx: Queryable, column: 'folder' | 'document', ids: string[]): Promise<Map<string, AclEntryRow[]>> {
  const byItem = new Map<string, AclEntryRow[]>();
  const target = column === 'folder' ? aclEntries.folderId : aclEntries.documentId;
  for (const part of chunked(ids)) {
    for (const entry of await tx.select().from(aclEntries).where(inArray(target, part))) {
      const itemId = (column === 'folder' ? entry.folderId : entry.documentId)!;
      const list = byItem.get(itemId);
      if (list) list.push(entry);
      else byItem.set(itemId, [entry]);
    }
  }
  return byItem;
}

function clonedEntries(entries: readonly AclEntryRow[], now: Date, target: { folderId?: string; documentId?: string }) {
  return entries.map((e) => ({
    id: uuidv7(now.getTime()),
    orgId: e.orgId,
    folderId: target.folderId ?? null,
    documentId: target.documentId ?? null,
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    isGrant: e.isGrant,
    permissions: e.permissions,
  }));
}

/** New documents (version 1 = each source's latest version) with their ACL entries; returns the copies in order. */
async function copyDocuments(
  tx: Queryable,
  who: Member,
  now: Date,
  sources: { document: DocumentRow; folderId: string }[],
  entries: Map<string, AclEntryRow[]>,
): Promise<DocumentRow[]> {
  const copies: DocumentRow[] = [];
  for (const part of chunked(sources)) {
    const ids = part.map(() => uuidv7(now.getTime()));
    // The copies' own upload rows, sharing the sources' files; their contents name them (copied-uploads.ts).
    const media = await copiedUploads(
      tx,
      part.map(({ document }, i) => ({ sourceId: document.id, copyId: ids[i]!, contents: document.contents })),
      now,
    );
    const values = part.map(({ document, folderId }, i) => ({
      id: ids[i]!,
      orgId: who.orgId,
      folderId,
      name: document.name,
      description: document.description,
      doctype: document.doctype,
      version: 1,
      contents: media.contents[i],
      createdBy: who.userId,
      createdAt: now,
      modifiedBy: who.userId,
      modifiedAt: now,
    }));
    const inserted = await tx.insert(documents).values(values).returning();
    const byId = new Map(inserted.map((d) => [d.id, d]));
    await media.insert();
    await tx.insert(documentVersions).values(
      part.map(({ document }, i) => ({
        documentId: values[i]!.id,
        version: 1,
        name: document.name,
        description: document.description,
        contents: media.contents[i],
        changelog: `Copied from version ${document.version} of ${document.name}`,
        createdBy: who.userId,
        createdAt: now,
      })),
    );
    const acl = part.flatMap(({ document }, i) => clonedEntries(entries.get(document.id) ?? [], now, { documentId: values[i]!.id }));
    for (const aclPart of chunked(acl)) await tx.insert(aclEntries).values(aclPart);
    copies.push(...values.map((v) => byId.get(v.id)!));
  }
  return copies;
}

/** The folders of a copy: the subtree's ACL entries, and the new id and levels of each folder copied. */
interface FolderCopyPlan {
  folderEntries: Map<string, AclEntryRow[]>;
  /** Each copied folder's ACL levels (its own entries first), by source id. */
  levelsOf: Map<string, AclRule[][]>;
  /** Each copied folder's new id, by source id. */
  newIdOf: Map<string, string>;
  /** The source folders copied, top-down. */
  copiedFolders: SubtreeFolder[];
}

/** Top-down: a folder is copied when its parent was and the caller may Read it. */
function planFolderCopy(who: Member, now: Date, source: FolderAccess, subtree: SubtreeFolder[], folderEntries: Map<string, AclEntryRow[]>): FolderCopyPlan {
  const levelsOf = new Map<string, AclRule[][]>();
  const newIdOf = new Map<string, string>();
  const copiedFolders: SubtreeFolder[] = [];
  for (const folder of subtree) {
    const own = folderEntries.get(folder.id) ?? [];
    let levels: AclRule[][];
    if (folder.id === source.folder.id) levels = source.levels;
    else {
      const parentLevels = levelsOf.get(folder.parentId!);
      if (!parentLevels) continue;
      levels = [own, ...parentLevels];
    }
    if (!allows(resolvePermissions(levels, who), 'view')) continue;
    levelsOf.set(folder.id, levels);
    newIdOf.set(folder.id, uuidv7(now.getTime()));
    copiedFolders.push(folder);
  }
  return { folderEntries, levelsOf, newIdOf, copiedFolders };
}

/** The new folders (the top one in the destination) with their ACL entries; returns their rows, the top one first. */
async function insertFolderCopies(tx: Queryable, who: Member, now: Date, source: FolderAccess, dest: FolderAccess, plan: FolderCopyPlan) {
  const { copiedFolders, newIdOf, folderEntries } = plan;
  const folderRows = copiedFolders.map((f) => ({
    id: newIdOf.get(f.id)!,
    orgId: who.orgId,
    parentId: f.id === source.folder.id ? dest.folder.id : newIdOf.get(f.parentId!)!,
    name: f.name,
    description: f.description,
    createdBy: who.userId,
    createdAt: now,
    modifiedBy: who.userId,
    modifiedAt: now,
  }));
  for (const part of chunked(folderRows)) await tx.insert(folders).values(part);
  const folderAcl = copiedFolders.flatMap((f) => clonedEntries(folderEntries.get(f.id) ?? [], now, { folderId: newIdOf.get(f.id)! }));
  for (const part of chunked(folderAcl)) await tx.insert(aclEntries).values(part);
  return folderRows;
}

/** The live documents of the copied folders that the caller may Read, copied into the new folders. */
async function copyReadableDocuments(tx: Queryable, who: Member, now: Date, plan: FolderCopyPlan): Promise<DocumentRow[]> {
  const { levelsOf, newIdOf } = plan;
  const sourceDocuments: DocumentRow[] = [];
  for (const part of chunked([...newIdOf.keys()])) {
    const found = await tx.select().from(documents).where(inArray(documents.folderId, part));
    sourceDocuments.push(...found.filter((d) => d.deletedAt === null));
  }
  const documentEntries = await entriesByItem(
    tx,
    'document',
    sourceDocuments.map((d) => d.id),
  );
  const readableDocuments = sourceDocuments.filter((d) =>
    allows(resolvePermissions([documentEntries.get(d.id) ?? [], ...levelsOf.get(d.folderId)!], who), 'view'),
  );
  return copyDocuments(
    tx,
    who,
    now,
    readableDocuments.map((d) => ({ document: d, folderId: newIdOf.get(d.folderId)! })),
    documentEntries,
  );
}

async function copyFolder(tx: Queryable, who: Member, now: Date, source: FolderAccess, dest: FolderAccess): Promise<ListedItem> {
  const subtree = await liveSubtree(tx, source.folder.id);
  const folderEntries = await entriesByItem(
    tx,
    'folder',
    subtree.map((f) => f.id),
  );
  const plan = planFolderCopy(who, now, source, subtree, folderEntries);
  const folderRows = await insertFolderCopies(tx, who, now, source, dest, plan);
  const copies = await copyReadableDocuments(tx, who, now, plan);

  const top = folderRows[0]!;
  await recordActivity(tx, {
    type: 'FolderCopied',
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    folderId: top.id,
    context: {
      name: top.name,
      source_id: source.folder.id,
      folders: folderRows.length,
      documents: copies.length,
      ...fromTo(source.chain[1] ?? source.folder, dest),
    },
  });
  const permissions = resolvePermissions([folderEntries.get(source.folder.id) ?? [], ...dest.levels], who);
  // A new item: nobody has subscribed to it yet.
  const [item] = await listedItems(tx, who, [{ row: { ...folderItem({ ...top, version: 1 }), subscription: null }, permissions }]);
  return item!;
}
