/**
 * What a QR label sheet of a folder holds (issue #29): the folder's live items the caller may Read — or,
 * with `subtree`, every live item below it — in label order, each with the address its code holds, the
 * path its label prints and the caller's permissions on it. Read in one read-only REPEATABLE READ
 * transaction: one snapshot of the tree, whatever moves meanwhile.
 *
 * Permissions by THE rule, as a copy reads a subtree (copy-move.ts): a subfolder the caller may not Read
 * is left out with everything below it, a document they may not Read is left out. The order is the
 * folder browser's (folders by kind, then name) turned into a depth-first walk: a folder's documents by
 * name, then its subfolders by name, each followed by what it holds.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Doctype, ItemKind } from '../../../../shared/api/documentation.ts';
import { allows } from '../../../../shared/permissions/index.ts';
import type { Queryable } from '../../../db/connection.ts';
import { liveSubtree } from '../../../db/documentation-tree.ts';
import { aclEntries, documents, folders } from '../../../db/schema.ts';
import type { Member } from '../../../env.ts';
import { resolvePermissions, type AclRule } from '../../../permissions/resolve.ts';
import { readableAncestors, readableFolder, type FolderAccess } from '../access.ts';

/** One label to be: an item the caller may Read. */
export interface SheetItem {
  id: string;
  kind: ItemKind;
  doctype: Doctype | null;
  name: string;
  /** The folders above it, root first ('Documentation' for the root), as its label prints them. */
  path: string[];
  /** The caller's permissions on it. */
  permissions: number;
}

export interface SheetItems {
  access: FolderAccess;
  items: SheetItem[];
}

/** The root folder as people call it (the breadcrumbs' word): an organisation's root is named after it. */
const ROOT_NAME = 'Documentation';
/** Ids per IN list. */
const CHUNK = 1000;

/** Names as a person sorts them: case and accents aside, numbers by value ('Line 2' before 'Line 10'). */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

interface FolderNode {
  id: string;
  parentId: string | null;
  name: string;
}

interface DocumentNode {
  id: string;
  folderId: string;
  name: string;
  doctype: Doctype;
}

/** The items of the sheet of `folderId` (Read needed on it: 404 otherwise), in label order. */
export async function sheetItems(tx: Queryable, who: Member, folderId: string, subtree: boolean): Promise<SheetItems> {
  const access = await readableFolder(tx, who, folderId);
  const top = access.folder;
  const allFolders: FolderNode[] = subtree
    ? await liveSubtree(tx, top.id)
    : [
        top,
        ...(await tx
          .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
          .from(folders)
          .where(and(eq(folders.orgId, who.orgId), eq(folders.parentId, top.id), isNull(folders.deletedAt)))),
      ];
  // Without the subtree, only the folder's own documents; its subfolders are labels, not opened.
  const opened = subtree ? allFolders.map((f) => f.id) : [top.id];
  const allDocuments: DocumentNode[] = [];
  for (const part of chunked(opened)) {
    allDocuments.push(
      ...(await tx
        .select({ id: documents.id, folderId: documents.folderId, name: documents.name, doctype: documents.doctype })
        .from(documents)
        .where(and(inArray(documents.folderId, part), isNull(documents.deletedAt)))),
    );
  }
  const folderEntries = await entriesOf(tx, 'folder', allFolders.filter((f) => f.id !== top.id).map((f) => f.id));
  const documentEntries = await entriesOf(tx, 'document', allDocuments.map((d) => d.id));

  // Top-down (liveSubtree lists parents before children): a folder counts when its parent did and the caller may Read it.
  const levelsOf = new Map<string, readonly (readonly AclRule[])[]>([[top.id, access.levels]]);
  const pathOf = new Map<string, string[]>([[top.id, topPath(access, who)]]);
  const childFolders = new Map<string, (FolderNode & { permissions: number })[]>();
  for (const folder of allFolders) {
    if (folder.id === top.id || folder.parentId === null) continue;
    const parentLevels = levelsOf.get(folder.parentId);
    if (!parentLevels) continue;
    const levels = [folderEntries.get(folder.id) ?? [], ...parentLevels];
    const permissions = resolvePermissions(levels, who);
    if (!allows(permissions, 'view')) continue;
    levelsOf.set(folder.id, levels);
    pathOf.set(folder.id, [...pathOf.get(folder.parentId)!, folder.name]);
    listInto(childFolders, folder.parentId, { ...folder, permissions });
  }
  const documentsIn = new Map<string, (DocumentNode & { permissions: number })[]>();
  for (const document of allDocuments) {
    const levels = levelsOf.get(document.folderId);
    if (!levels) continue;
    const permissions = resolvePermissions([documentEntries.get(document.id) ?? [], ...levels], who);
    if (allows(permissions, 'view')) listInto(documentsIn, document.folderId, { ...document, permissions });
  }

  const items: SheetItem[] = [];
  const walk = (folderId: string) => {
    const path = pathOf.get(folderId)!;
    for (const d of (documentsIn.get(folderId) ?? []).sort(byName)) {
      items.push({ id: d.id, kind: 'document', doctype: d.doctype, name: d.name, path, permissions: d.permissions });
    }
    for (const f of (childFolders.get(folderId) ?? []).sort(byName)) {
      items.push({ id: f.id, kind: 'folder', doctype: null, name: f.name, path, permissions: f.permissions });
      if (subtree) walk(f.id);
    }
  };
  walk(top.id);
  return { access, items };
}

/** The sheet's folder's own path: the readable folders above it and itself, the root called 'Documentation'. */
function topPath(access: FolderAccess, who: Member): string[] {
  const above = readableAncestors(access.chain.slice(1), access.levels.slice(1), who).map(({ folder }) => folder);
  return [...above, access.folder].map((f) => (f.parentId === null ? ROOT_NAME : f.name));
}


function listInto<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The ACL entries of these folders or documents, by item. */
async function entriesOf(tx: Queryable, kind: ItemKind, ids: readonly string[]): Promise<Map<string, AclRule[]>> {
  const byItem = new Map<string, AclRule[]>();
  const column = kind === 'folder' ? aclEntries.folderId : aclEntries.documentId;
  for (const part of chunked(ids)) {
    for (const entry of await tx.select().from(aclEntries).where(inArray(column, part))) {
      listInto(byItem, (kind === 'folder' ? entry.folderId : entry.documentId)!, entry);
    }
  }
  return byItem;
}
