/**
 * The documentation-tree calls (documentation §3, §7) without zod: doctypes, the root folder's id, the
 * limits of names and pages, the orderings of a folder's contents, and the shapes of every request
 * and answer (folders, contents, documents and their versions, ACLs, trash, submitted rows, uploads).
 * The browser (pages, islands, elements) imports this module; the server checks requests with the zod
 * schemas of `./documentation-schemas.ts`, whose inputs and outputs are the request types here.
 */
import type { RecordedAnswer } from '../checklists/answers.ts';
import type { DocumentContents } from './documentation-schemas.ts';

export type {
  AclEntryInput,
  ContentsQuery,
  CreateDocumentBody,
  CreateFolderBody,
  DataQueryParsed,
  DocumentContents,
  FormContents,
  MoveOrCopyBody,
  PageQuery,
  PresentationContents,
  SheetContents,
  UpdateDocumentBody,
  UpdateFolderBody,
} from './documentation-schemas.ts';

export * from './doctypes-and-limits.ts';
import type { Doctype } from './doctypes-and-limits.ts';

// ─── Responses ────────────────────────────────────────────────────────────────────────────────────

export type ItemKind = 'folder' | 'document';
export type AclSubjectType = 'org' | 'role' | 'user';

export interface FolderAncestor {
  id: string;
  name: string;
  description: string;
  user_permissions: number;
}

/** GET documentation/folders/{id}; `ancestors` root first, only those the caller may Read. */
export interface Folder {
  id: string;
  /**
   * Null for the root folder. Otherwise the nearest folder above that the caller may Read (the parent,
   * unless they may not Read it), or `root` when they may Read none: a folder they cannot Read is not named.
   */
  parent_id: string | null;
  /** The organisation's root folder (the breadcrumbs' 'Documentation'); null when the caller may not Read it. */
  root_id: string | null;
  name: string;
  description: string;
  user_permissions: number;
  ancestors: FolderAncestor[];
  created_by_username: string | null;
  created: string;
  modified_by_username: string | null;
  modified: string;
  version: number;
}

export interface SubscriptionOptions {
  validation_errors_only: boolean;
  email_notifications: boolean;
}

/** One entry of a folder's contents. */
export interface ListedItem {
  id: string;
  name: string;
  description: string;
  kind: ItemKind;
  /** Null for folders. */
  doctype: Doctype | null;
  version: number;
  created_at: string;
  modified_at: string;
  created_by_username: string | null;
  modified_by_username: string | null;
  subscription_options: SubscriptionOptions;
  user_permissions: number;
}

/** An item in the trash, with the folder it was deleted from. */
export interface TrashedItem extends ListedItem {
  /** The folder the item was in (for a folder: its parent). */
  folder_id: string | null;
  folder_name: string | null;
  deleted_at: string;
  deleted_by_username: string | null;
}

export interface PathStep {
  id: string;
  name: string;
}

/** GET documentation/documents/{id} and …/version/{n}. */
export interface Document {
  id: string;
  /** The same as id. */
  document_id: string;
  /** The document's folder, or the nearest folder above it that the caller may Read (`root` when none). */
  folder_id: string;
  name: string;
  description: string;
  doctype: Doctype;
  kind: 'document';
  /** The version shown. */
  version: number;
  /** The newest published version. */
  latest_version: number;
  /** The folders above the document, root first (only those the caller may Read). */
  path: PathStep[];
  /** The organisation's root folder (the breadcrumbs' 'Documentation'); null when the caller may not Read it. */
  root_id: string | null;
  contents: DocumentContents;
  /** Only on the latest version; null on older ones. */
  draft_contents: DocumentContents | null;
  draft_user_id: string | null;
  user_permissions: number;
  /** When the shown version was published, by whom, and its change log. */
  created_at: string;
  created_by_username: string | null;
  changelog: string;
  modified_at: string;
}

export interface HistoryEntry {
  version: number;
  created_at: string;
  created_by_username: string | null;
  changelog: string;
  document_id: string;
}

export interface AclEntry {
  id: string;
  subject: string;
  subject_type: AclSubjectType;
  /** The organisation's or role's name, or the user's username; '' for a subject that no longer exists. */
  subject_name: string;
  is_grant: boolean;
  permissions: number;
}

export interface InheritedAclEntry extends AclEntry {
  /** Null when the caller may not Read that folder. */
  from_folder_id: string | null;
  /** '' when the caller may not Read that folder. */
  from_folder_name: string;
}

/** GET/PUT …/acl: the item's own entries, and those of the folders above it (nearest first). */
export interface Acl {
  entries: AclEntry[];
  inherited: InheritedAclEntry[];
}

/** GET auth/acl-subjects: the organisation, its roles and its users. */
export interface AclSubject {
  id: string;
  name: string;
  type: AclSubjectType;
}

// ─── Checklist data (submissions) and signed uploads (documentation §7) ────────────────────────────

/** One submitted row (spec "Row/result"): GET …/data, GET documents/documentdata/{id}, and the answer of POST …/data. */
export interface SubmittedRow {
  id: string;
  /** The checklist filled in. */
  document_id: string;
  /** The published version whose questions the answers were checked against. */
  version: number;
  created_at: string;
  created_by_username: string | null;
  /** Per question id: value, comments, media (upload ids) and valid. */
  record: Record<string, RecordedAnswer>;
  /** How many answers are not valid. */
  validation_errors: number;
}

/**
 * Spec "Upload signing response": POST `fields` plus the file (as the last part, named `file`) as
 * multipart/form-data to `url`; then use `upload_id` as the media of an answer or a question.
 */
export interface SignedUpload {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
  /** When the signature stops working (ISO 8601). */
  expires_at: string;
}

export interface MediaUrl {
  upload_id: string;
  /** Works without a bearer token until `expires_at`. */
  url: string;
  expires_at: string;
}
