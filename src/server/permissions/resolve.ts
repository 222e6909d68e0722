/**
 * The permission rule (DESIGN: decisions). An org admin holds every bit everywhere. For anyone else
 * each bit is decided on its own: walk from the item up towards the root and stop at the nearest
 * level that has an entry for that bit naming the user, one of their roles or the organisation; at
 * that level the most specific subject decides (user, then role, then organisation), and among
 * entries of the same specificity a revoke beats a grant. No entry anywhere → not granted.
 *
 * | entries (item ← parent ← root)                         | who        | Read? |
 * |--------------------------------------------------------|------------|-------|
 * | root: org +Read                                         | anyone     | yes   |
 * | root: org +Read; folder: org −Read, user Bob +Read      | Bob        | yes   |
 * | root: org +Read; folder: org −Read, user Bob +Read      | Ann        | no    |
 * | root: org +Read; folder: role R −Read                   | member of R| no    |
 * | root: org +Read; folder: role R −Read, role S +Read     | in R and S | no    |
 * | root: user Ann −Read; folder: org +Read                 | Ann        | yes (nearest level) |
 * | (none)                                                  | anyone     | no    |
 */
import { ALL_PERMISSIONS } from '../../shared/constants.ts';
import { FOLDER_ONLY_BITS, Permission } from '../../shared/permissions/index.ts';

export type SubjectType = 'org' | 'role' | 'user';

export interface AclRule {
  subjectType: SubjectType;
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

export interface Principal {
  userId: string;
  orgId: string;
  roleIds: ReadonlySet<string>;
  isOrgAdmin: boolean;
}

export const PERMISSION_BITS: readonly number[] = Object.values(Permission);
/** Every bit an ACL entry may carry. */
export const ACL_BITS_MASK = PERMISSION_BITS.reduce((a, b) => a | b, 0);
export { FOLDER_ONLY_BITS };

const SPECIFICITY: Record<SubjectType, number> = { user: 3, role: 2, org: 1 };

function names(rule: AclRule, who: Principal): boolean {
  if (rule.subjectType === 'user') return rule.subjectId === who.userId;
  if (rule.subjectType === 'role') return who.roleIds.has(rule.subjectId);
  return rule.subjectId === who.orgId;
}

/** How one bit was decided for someone: at `level` (0 the item, 1 its parent, …) by `entries`. */
export interface BitDecision<R extends AclRule = AclRule> {
  bit: number;
  granted: boolean;
  level: number;
  /** The entries that decided it: the most specific subjects naming them there that agree with the outcome. */
  entries: R[];
}

/**
 * THE rule, bit by bit, for someone who is not an org admin: each bit decided at the nearest level with
 * an entry for it naming `who` (a bit no entry decides is absent: not granted). `resolvePermissions` and
 * the effective-permissions view (why someone holds what) both read it.
 */
export function decideBits<R extends AclRule>(levels: readonly (readonly R[])[], who: Principal): BitDecision<R>[] {
  const decisions: BitDecision<R>[] = [];
  for (const bit of PERMISSION_BITS) {
    for (const [index, level] of levels.entries()) {
      const relevant = level.filter((r) => (r.permissions & bit) !== 0 && names(r, who));
      if (relevant.length === 0) continue;
      const top = Math.max(...relevant.map((r) => SPECIFICITY[r.subjectType]));
      const deciding = relevant.filter((r) => SPECIFICITY[r.subjectType] === top);
      const granted = deciding.every((r) => r.isGrant);
      decisions.push({ bit, granted, level: index, entries: deciding.filter((r) => r.isGrant === granted) });
      break;
    }
  }
  return decisions;
}

/**
 * The permissions of `who` on an item, given the ACL entries of each level: `levels[0]` is the item
 * itself, then its parent, and so on up to the root.
 */
export function resolvePermissions(levels: readonly (readonly AclRule[])[], who: Principal): number {
  if (who.isOrgAdmin) return ALL_PERMISSIONS;
  let mask = 0;
  for (const decision of decideBits(levels, who)) if (decision.granted) mask |= decision.bit;
  return mask;
}
