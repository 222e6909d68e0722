/**
 * Who can do what on an item (issue #33): `GET documentation/{folders|documents}/{id}/effective-permissions`
 * (a page of the organisation's members) and `…/effective-permissions/{user_id}` (one member), each member's
 * bits and the entries that decided them — by THE permission rule (src/server/permissions/resolve.ts).
 * `POST …/effective-permissions` answers the same page for a proposed list of the item's own entries
 * (the Permissions tab's unsaved changes); nothing is stored. Zod-free, for the browser.
 */
import type { AclSubjectType } from './documentation.ts';

/** Members a page shows when the query does not say. */
export const DEFAULT_EFFECTIVE_PAGE_SIZE = 50;
/** The most members one page shows. */
export const MAX_EFFECTIVE_PAGE_SIZE = 200;
/** The longest `q`. */
export const MAX_EFFECTIVE_QUERY_LENGTH = 200;

/** One ACL entry that decided some of a member's bits. */
export interface PermissionReason {
  /** The bits this entry decided for the member: granted when `is_grant`, refused otherwise. */
  bits: number;
  is_grant: boolean;
  subject: string;
  subject_type: AclSubjectType;
  /** The organisation's or role's name, or the user's username. */
  subject_name: string;
  /** False: the entry is on the item itself; true: on a folder above it. */
  inherited: boolean;
  /** The folder above that holds the entry; null on the item itself, or when the caller may not Read that folder. */
  from_folder_id: string | null;
  /** '' on the item itself, or when the caller may not Read that folder. */
  from_folder_name: string;
}

/** A member's bits on the item and why. */
export interface MemberPermissions {
  user_id: string;
  username: string;
  full_name: string;
  /** An org admin holds every bit everywhere (and `reasons` is empty). */
  is_org_admin: boolean;
  permissions: number;
  /** Every entry that decided a bit, nearest level first; a bit no entry decides is not granted. */
  reasons: PermissionReason[];
}

/** GET …/effective-permissions as the browser asks for it: `q` is part of the username or full name. */
export interface EffectivePermissionsQuery {
  q?: string;
  skip?: number;
  limit?: number;
}
