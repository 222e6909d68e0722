/**
 * Who can do what on an item (issue #33; shapes in shared/api/effective-permissions.ts): a member's bits and
 * the entries that decided them (THE rule's decisions, permissions/resolve.ts decideBits), each entry
 * once with every bit it decided. Pure: the service reads the members, the chain and the names.
 */
import type { AclSubjectType } from '../../shared/api/documentation.ts';
import type { MemberPermissions, PermissionReason } from '../../shared/api/effective-permissions.ts';
import type { EffectiveMemberRow } from '../db/queries/effective-permissions.ts';
import type { BitDecision } from '../permissions/resolve.ts';

/** An entry as the rule reads it. */
export interface DecidingEntry {
  subjectType: AclSubjectType;
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

/** What a reason shows of the level (0 the item, then each folder above) that holds an entry. */
export interface LevelOrigin {
  /** The folder holding the level's entries; null for the item itself. */
  folder: { id: string; name: string } | null;
  /** Whether the caller may Read that folder (else neither its id nor its name is shown). */
  readable: boolean;
}

export function presentMemberPermissions(
  member: EffectiveMemberRow,
  permissions: number,
  decisions: readonly BitDecision<DecidingEntry>[],
  origins: readonly LevelOrigin[],
  names: ReadonlyMap<string, string>,
): MemberPermissions {
  // Each entry once, with every bit it decided, in the order the rule met them (nearest level first).
  const byEntry = new Map<DecidingEntry, { level: number; bits: number }>();
  for (const decision of [...decisions].sort((a, b) => a.level - b.level)) {
    for (const entry of decision.entries) {
      const seen = byEntry.get(entry);
      if (seen) seen.bits |= decision.bit;
      else byEntry.set(entry, { level: decision.level, bits: decision.bit });
    }
  }
  const reasons: PermissionReason[] = [...byEntry].map(([entry, { level, bits }]) => {
    const origin = origins[level]!;
    const shown = origin.folder !== null && origin.readable;
    return {
      bits,
      is_grant: entry.isGrant,
      subject: entry.subjectId,
      subject_type: entry.subjectType,
      subject_name: names.get(entry.subjectId) ?? '',
      inherited: level > 0,
      from_folder_id: shown ? origin.folder!.id : null,
      from_folder_name: shown ? origin.folder!.name : '',
    };
  });
  return {
    user_id: member.userId,
    username: member.username,
    full_name: member.fullName,
    is_org_admin: member.isOrgAdmin,
    permissions,
    reasons,
  };
}
