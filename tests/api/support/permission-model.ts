/**
 * THE reference model of the permission rule (DESIGN: decisions), written as plainly as it is said, for
 * the property tests: an org admin holds every bit; otherwise each bit is decided at the nearest level
 * (the item, then each folder up to the root) with an entry carrying that bit that names the caller, the
 * user, one of their roles or their organisation; there the most specific subject decides (user, role,
 * organisation) and a revoke beats a grant among equals. No such entry anywhere: not granted.
 *
 * The implementations it judges: src/server/permissions/resolve.ts (the resolver, alone and over the
 * chain the database reads) and the Read filter written in SQL for search (src/server/db/queries/search.ts);
 * tests/api/documentation/permission-rule.test.ts holds them to it.
 */
import { ALL_PERMISSIONS } from '../../../src/shared/constants.ts';
import { Permission } from '../../../src/shared/permissions/index.ts';

export type SubjectType = 'org' | 'role' | 'user';

export interface Entry {
  subjectType: SubjectType;
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

export interface Caller {
  userId: string;
  orgId: string;
  roleIds: ReadonlySet<string>;
  isOrgAdmin: boolean;
}

const BITS = Object.values(Permission);

/** The caller's bits on an item whose levels, nearest first, carry these entries. */
export function referenceMask(levels: readonly (readonly Entry[])[], who: Caller): number {
  if (who.isOrgAdmin) return ALL_PERMISSIONS;
  const naming = (e: Entry, type: SubjectType) =>
    e.subjectType === type &&
    (type === 'user' ? e.subjectId === who.userId : type === 'role' ? who.roleIds.has(e.subjectId) : e.subjectId === who.orgId);
  let mask = 0;
  for (const bit of BITS) {
    for (const level of levels) {
      const carrying = level.filter((e) => (e.permissions & bit) !== 0);
      const deciding = (['user', 'role', 'org'] as const).map((type) => carrying.filter((e) => naming(e, type))).find((found) => found.length > 0);
      if (!deciding) continue;
      if (deciding.every((e) => e.isGrant)) mask |= bit;
      break;
    }
  }
  return mask;
}
