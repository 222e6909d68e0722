/**
 * Who is asking and what they may do: the caller as a permission principal in their current
 * organisation, and an item's permissions by THE rule (permissions/resolve.ts) over the ACL levels of
 * the item and the folders above it. A folder's chain with the ACL entries of every level, or a document
 * with its own entries and its folder's chain, comes from ONE statement at any depth.
 *
 * Not found, another organisation's, malformed, in the trash, or not readable by the caller: all the
 * same 404 (`Folder not found` / `Document not found`), so an id tells nothing about what it is.
 */
import { ROOT, type ItemKind } from '../../../shared/api/documentation.ts';
import { isUuid } from '../../../shared/ids.ts';
import { actions, allows, permissionLabels, type Action } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { documentWithChain, folderChainAndChildEntries, folderChainWithEntries, type ChainEntry, type ChainFolder, type DocumentWithChain } from '../../db/documentation-tree.ts';
import type { ChildEntry } from '../../db/folder-contents.ts';
import { aclEntries, documents } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import { forbidden, notFound } from '../../errors.ts';
import { resolvePermissions, type AclRule, type Principal } from '../../permissions/resolve.ts';

export type AclEntryRow = typeof aclEntries.$inferSelect;
/** A document row (the search columns, generated and read only by search's SQL, left out). */
export type DocumentRow = Omit<typeof documents.$inferSelect, 'searchVector' | 'searchText'>;

export const folderNotFound = () => notFound('Folder not found');
export const documentNotFound = () => notFound('Document not found');

/** A folder with the chain above it and the caller's permissions on each level. */
export interface FolderAccess {
  folder: ChainFolder;
  /** The folder first, the root last. */
  chain: ChainFolder[];
  /** ACL entries of each chain folder, aligned with `chain`. */
  levels: AclEntryRow[][];
  permissions: number;
  /** The folder or a folder above it is in the trash. */
  trashed: boolean;
}

export interface DocumentAccess {
  document: DocumentRow;
  /** The document's folder first, the root last. */
  chain: ChainFolder[];
  /** The document's own entries. */
  own: AclEntryRow[];
  /** Entries of each chain folder, aligned with `chain`. */
  levels: AclEntryRow[][];
  permissions: number;
  trashed: boolean;
}

/** Each chain folder's permissions for the caller: `levels.slice(i)` is folder i's view of the tree. */
export function chainPermissions(levels: readonly (readonly AclRule[])[], who: Principal): number[] {
  return levels.map((_, i) => resolvePermissions(levels.slice(i), who));
}

/**
 * The folders above an item that the caller may Read, root first, with their permissions on each. `chain`
 * starts at the first folder to consider (the item's parent, or a document's folder), with its aligned ACL
 * levels.
 */
export function readableAncestors(chain: readonly ChainFolder[], levels: FolderAccess['levels'], who: Member): { folder: ChainFolder; permissions: number }[] {
  const permissions = chainPermissions(levels, who);
  return chain
    .map((folder, i) => ({ folder, permissions: permissions[i]! }))
    .filter(({ permissions: p }) => allows(p, 'view'))
    .reverse();
}

/** A folder of the caller's organisation (`root` for its root), or undefined; nothing is checked yet. */
export async function folderAccess(db: Queryable, who: Member, id: string): Promise<FolderAccess | undefined> {
  if (id !== ROOT && !isUuid(id)) return undefined;
  // The chain and its entries in one statement.
  return accessOf(await folderChainWithEntries(db, who.orgId, id === ROOT ? 'root' : { id }), who);
}

/** A folder's access from its chain and the chain's entries; undefined when there is no such folder. */
function accessOf({ chain, levels }: { chain: ChainFolder[]; levels: ChainEntry[][] }, who: Member): FolderAccess | undefined {
  const folder = chain[0];
  if (!folder) return undefined;
  return {
    folder,
    chain,
    levels,
    permissions: resolvePermissions(levels, who),
    trashed: chain.some((f) => f.deletedAt !== null),
  };
}

/** A document of the caller's organisation, or undefined; nothing is checked yet. */
export async function documentAccess(db: Queryable, who: Member, id: string): Promise<DocumentAccess | undefined> {
  if (!isUuid(id)) return undefined;
  // The document, its own entries, its folder's chain and their entries in one statement.
  return documentAccessOf(await documentWithChain(db, who.orgId, id), who);
}

/** A document's access from the rows of documentWithChain (which the sign-in may have read: auth/authenticate.ts). */
function documentAccessOf(found: DocumentWithChain | undefined, who: Member): DocumentAccess | undefined {
  if (!found) return undefined;
  const { document, own, chain, levels } = found;
  return {
    document,
    chain,
    own,
    levels,
    permissions: resolvePermissions([own, ...levels], who),
    trashed: document.deletedAt !== null || chain.some((f) => f.deletedAt !== null),
  };
}

/** A live folder the caller may Read; otherwise 404. */
export async function readableFolder(db: Queryable, who: Member, id: string): Promise<FolderAccess> {
  return readable(await folderAccess(db, who, id));
}

/** The access of a live folder the caller may Read; otherwise 404. */
function readable(access: FolderAccess | undefined): FolderAccess {
  if (!access || access.trashed || !allows(access.permissions, 'view')) throw folderNotFound();
  return access;
}

/**
 * readableFolder and, read by the same statement, the ACL entries naming the caller on the folder's live
 * children (what a member's contents page judges each child by).
 */
export async function readableFolderAndChildEntries(db: Queryable, who: Member, id: string): Promise<{ access: FolderAccess; childEntries: ChildEntry[] }> {
  if (id !== ROOT && !isUuid(id)) throw folderNotFound();
  const found = await folderChainAndChildEntries(db, { userId: who.userId, orgId: who.orgId, roleIds: [...who.roleIds] }, id === ROOT ? 'root' : { id });
  return { access: readable(accessOf(found, who)), childEntries: found.childEntries };
}

/** A live document the caller may Read; otherwise 404. */
export async function readableDocument(db: Queryable, who: Member, id: string): Promise<DocumentAccess> {
  return readableDocumentOf(await documentAccess(db, who, id));
}

/** readableDocument of the rows the sign-in read beside the caller (auth/authenticate.ts `signedInRead`), judged alike. */
export function readableDocumentFrom(found: DocumentWithChain | undefined, who: Member): DocumentAccess {
  return readableDocumentOf(documentAccessOf(found, who));
}

function readableDocumentOf(access: DocumentAccess | undefined): DocumentAccess {
  if (!access || access.trashed || !allows(access.permissions, 'view')) throw documentNotFound();
  return access;
}

/** The permissions' names in a mask, quoted: `'Write', 'Delete'` (or joined with `and`). */
export function permissionNames(mask: number, separator = ', '): string {
  return permissionLabels(mask)
    .map((name) => `'${name}'`)
    .join(separator);
}

/**
 * 403 unless `permissions` (the caller's on the item, or on the folder for `createDocument` and
 * `createFolder`) allow `action` by THE action table (src/shared/permissions/actions.ts); the detail names
 * the missing permissions and the table's purpose, said of a `kind`: "You need 'Write' permission to copy
 * this document".
 */
export function requireAction(permissions: number, action: Action, kind: ItemKind): void {
  if (allows(permissions, action)) return;
  const { bits, purpose } = actions[action];
  throw forbidden(`You need ${permissionNames(bits & ~permissions, ' and ')} permission ${purpose.replace('this item', `this ${kind}`)}`);
}
