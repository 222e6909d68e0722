/**
 * How the documentation area looks in the API's answers (shapes in shared/api/documentation.ts): folders,
 * listed and trashed items, documents and their versions, ACLs. Pure: the services load what an answer
 * shows — usernames, ACL subjects' names, the caller's subscriptions, the readable folders above an item,
 * which of a result sheet's checklists the caller may Read (services/documentation/answers.ts).
 */
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
import type { ChainFolder } from '../db/documentation-tree.ts';
import type { ItemRow, TrashRow } from '../db/folder-contents.ts';
import type { documentVersions } from '../db/schema.ts';
import type { AclEntryRow, DocumentRow, FolderAccess } from '../services/documentation/access.ts';

/** A folder above an item that the caller may Read, with their permissions on it (services/documentation/access.ts readableAncestors). */
export interface ReadableAncestor {
  folder: ChainFolder;
  permissions: number;
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
export function carriedNames(rows: readonly Pick<ItemRow, 'createdBy' | 'modifiedBy' | 'createdByUsername' | 'modifiedByUsername'>[]) {
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

/**
 * GET documentation/folders/{id}; `parent_id` is the nearest folder above that the caller may Read (null
 * for the root). `above`: those readable folders, root first; `names`: the usernames it shows.
 */
export function presentFolder(access: Pick<FolderAccess, 'folder' | 'permissions'>, above: readonly ReadableAncestor[], names: Map<string, string>): Folder {
  const { folder } = access;
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

/** A document's contents (and draft) as the caller may see them (services/sheets/readers.ts contentsSeenBy). */
export interface SeenContents {
  contents: unknown;
  draft: unknown;
}

/**
 * A document at one of its versions (the latest comes with the draft); `folder_id` is the nearest folder
 * above that the caller may Read. `readable`: those folders, root first; `names`: the version author's
 * username; `seen`: the contents the caller may see.
 */
export function presentDocument(
  access: { document: DocumentRow; permissions: number },
  version: VersionRow,
  readable: readonly ReadableAncestor[],
  names: Map<string, string>,
  seen: SeenContents,
): Document {
  const { document } = access;
  const latest = version.version === document.version;
  const path = readable.map(({ folder }) => ({ id: folder.id, name: folder.name }));
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

/**
 * An item's ACL: its own entries, and those inherited from each folder above (its id and name only where
 * `readable`, aligned with `chain`); `names`: the subjects' names.
 */
export function presentAcl(
  own: readonly AclEntryRow[],
  chain: readonly ChainFolder[],
  levels: readonly AclEntryRow[][],
  readable: readonly boolean[],
  names: Map<string, string>,
): Acl {
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
