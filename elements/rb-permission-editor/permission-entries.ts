/**
 * The pure model under `rb-permission-editor` (no DOM): which permissions an item kind offers
 * (documentation §4, §5), entries ⇄ bitmasks, subjects grouped for the picker, and the edits the
 * element makes to a list of entries. Every edit answers a new list; nothing is changed in place.
 */
import type { AclSubject, AclSubjectType, ItemKind } from '../../src/shared/api/documentation.ts';
import { FOLDER_ONLY_BITS, hasPermission, PERMISSION_CHOICES } from '../../src/shared/permissions/index.ts';

/** One ACL entry as the element edits it and as `PUT …/acl` takes it. */
export interface PermissionEntry {
  /** The id of the organisation, role or user the entry names. */
  subject: string;
  /** True grants the bits, false revokes them. */
  is_grant: boolean;
  /** The permission bits (documentation §4). */
  permissions: number;
}

/** An entry of a folder above the item: shown, never edited. */
export interface InheritedPermissionEntry extends PermissionEntry {
  subject_name?: string;
  subject_type?: AclSubjectType;
  /** Null when the viewer may not Read that folder. */
  from_folder_id?: string | null;
  /** '' when the viewer may not Read that folder. */
  from_folder_name?: string;
}

/** A permission as the editor offers it: its bit and THE words for it (src/shared/permissions). */
export type PermissionChoice = (typeof PERMISSION_CHOICES)[number];

const EVERY_KIND = PERMISSION_CHOICES.filter((choice) => (choice.bit & FOLDER_ONLY_BITS) === 0);
const FOLDERS_ONLY = PERMISSION_CHOICES.filter((choice) => (choice.bit & FOLDER_ONLY_BITS) !== 0);

/** The checkboxes an item kind offers, in the spec's order: Create Documents and Create Folders on folders only. */
export function permissionChoices(kind: ItemKind): readonly PermissionChoice[] {
  return kind === 'folder' ? [...EVERY_KIND, ...FOLDERS_ONLY] : EVERY_KIND;
}

/** Every bit an item kind may carry: 63 for folders, 15 for documents. */
export function kindMask(kind: ItemKind): number {
  return permissionChoices(kind).reduce((mask, choice) => mask | choice.bit, 0);
}

/** The names of the bits set in `mask` that `kind` offers, in the spec's order. */
export function permissionNames(mask: number, kind: ItemKind): string[] {
  return permissionChoices(kind)
    .filter((choice) => hasPermission(mask, choice.bit))
    .map((choice) => choice.name);
}

/** The mask of a list of permission names (unknown names are ignored). */
export function maskOf(names: readonly string[], kind: ItemKind): number {
  return permissionChoices(kind)
    .filter((choice) => names.includes(choice.name))
    .reduce((mask, choice) => mask | choice.bit, 0);
}

/** `mask` with `bit` set or cleared. */
export function withBit(mask: number, bit: number, on: boolean): number {
  return on ? mask | bit : mask & ~bit;
}

/**
 * Entries as the element hands them on: only `{subject, is_grant, permissions}`, and only the bits the
 * kind offers (a document's entry never carries Create Documents or Create Folders).
 */
export function normalizeEntries(entries: readonly PermissionEntry[], kind: ItemKind): PermissionEntry[] {
  const mask = kindMask(kind);
  return entries.map((entry) => ({
    subject: entry.subject,
    is_grant: entry.is_grant,
    permissions: entry.permissions & mask,
  }));
}

/** A new entry: the first subject no entry names yet (else the first subject, else none), granting nothing. */
export function newEntry(entries: readonly PermissionEntry[], subjects: readonly AclSubject[]): PermissionEntry {
  const used = new Set(entries.map((e) => e.subject));
  const subject = subjects.find((s) => !used.has(s.id)) ?? subjects[0];
  return { subject: subject?.id ?? '', is_grant: true, permissions: 0 };
}

/** `entries` with the entry at `index` changed by `change`. */
export function updateEntry(
  entries: readonly PermissionEntry[],
  index: number,
  change: Partial<PermissionEntry>,
): PermissionEntry[] {
  return entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry));
}

/** `entries` without the entry at `index`. */
export function removeEntry(entries: readonly PermissionEntry[], index: number): PermissionEntry[] {
  return entries.filter((_, i) => i !== index);
}

export interface SubjectGroup {
  /** The picker's group label: Organization, Roles or Users. */
  label: string;
  type: AclSubjectType;
  subjects: AclSubject[];
}

const GROUPS: readonly { label: string; type: AclSubjectType }[] = [
  { label: 'Organization', type: 'org' },
  { label: 'Roles', type: 'role' },
  { label: 'Users', type: 'user' },
];

/** Subjects grouped for the picker — Organization, Roles, Users — each keeping the given order; empty groups left out. */
export function groupSubjects(subjects: readonly AclSubject[]): SubjectGroup[] {
  return GROUPS.map((group) => ({ ...group, subjects: subjects.filter((s) => s.type === group.type) })).filter(
    (group) => group.subjects.length > 0,
  );
}

/** How a subject is called in labels: its name, else the name an inherited row carries, else 'unknown subject'. */
export function subjectLabel(id: string, subjects: readonly AclSubject[], fallback?: string): string {
  if (id === '') return 'no subject';
  return subjects.find((s) => s.id === id)?.name || fallback || 'unknown subject';
}
