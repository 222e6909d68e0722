/**
 * The Who can access tab's words (issue #33), pure: a member's bits as the columns show them, and each
 * reason the server gave (an ACL entry that decided some of their bits, by THE rule) as a sentence —
 * "Write granted to role Cleaners on folder Site A, inherited", "Delete revoked for this user here".
 */
import type { ItemKind } from '../../../src/shared/api/documentation.ts';
import type { MemberPermissions, PermissionReason } from '../../../src/shared/api/effective-permissions.ts';
import { Permission, permissionLabels } from '../../../src/shared/permissions/index.ts';

/** The columns after the member's name: Read, Write, Delete, Edit Permissions, and Create on folders. */
export interface BitColumn {
  key: string;
  header: string;
  /** The column's words for a member's bits. */
  value: (permissions: number) => string;
}

const yesNo = (bit: number) => (permissions: number) => ((permissions & bit) !== 0 ? 'Yes' : 'No');

/** What a folder's Create column says: which of Create Documents and Create Folders the member holds. */
export function createWords(permissions: number): string {
  const documents = (permissions & Permission.CreateDocuments) !== 0;
  const folders = (permissions & Permission.CreateFolders) !== 0;
  if (documents && folders) return 'Documents, Folders';
  if (documents) return 'Documents';
  if (folders) return 'Folders';
  return 'No';
}

export function bitColumns(kind: ItemKind): BitColumn[] {
  const columns: BitColumn[] = [
    { key: 'read', header: 'Read', value: yesNo(Permission.Read) },
    { key: 'write', header: 'Write', value: yesNo(Permission.Write) },
    { key: 'delete', header: 'Delete', value: yesNo(Permission.Delete) },
    { key: 'edit-permissions', header: 'Edit Permissions', value: yesNo(Permission.EditPermissions) },
  ];
  if (kind === 'folder') columns.push({ key: 'create', header: 'Create', value: createWords });
  return columns;
}

/** "Read", "Read and Write", "Read, Write and Delete": the bits a reason decided (only those the item has). */
export function bitWords(bits: number, kind: ItemKind): string {
  const names = permissionLabels(kind === 'folder' ? bits : bits & ~(Permission.CreateDocuments | Permission.CreateFolders));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function subjectWords(reason: PermissionReason): string {
  if (reason.subject_type === 'user') return 'this user';
  const name = reason.subject_name || '(deleted)';
  return reason.subject_type === 'role' ? `role ${name}` : `organization ${name}`;
}

function placeWords(reason: PermissionReason): string {
  if (!reason.inherited) return 'here';
  return reason.from_folder_name ? `on folder ${reason.from_folder_name}, inherited` : 'on a folder above, inherited';
}

/** One reason in words: "Write granted to role Cleaners on folder Site A, inherited". */
export function reasonWords(reason: PermissionReason, kind: ItemKind): string {
  const verb = reason.is_grant ? 'granted to' : 'revoked for';
  return `${bitWords(reason.bits, kind)} ${verb} ${subjectWords(reason)} ${placeWords(reason)}`;
}

/** Every sentence that explains a member's bits (reasons whose bits the item does not have left out). */
export function memberReasons(member: MemberPermissions, kind: ItemKind): string[] {
  if (member.is_org_admin) return ['Organization admin: every permission on every item'];
  const sentences = member.reasons.filter((r) => bitWords(r.bits, kind) !== '').map((r) => reasonWords(r, kind));
  return sentences.length > 0 ? sentences : ['No entry names this user, their roles or the organization: no permissions'];
}
