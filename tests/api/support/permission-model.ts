/**
 * THE reference model of the permission rule (DESIGN: decisions), written as plainly as it is said, for
 * the property tests: an org admin holds every bit; otherwise each bit is decided at the nearest level
 * (the item, then each folder up to the root) with an entry carrying that bit that names the caller, the
 * user, one of their roles or their organisation; there the most specific subject decides (user, role,
 * organisation) and a revoke beats a grant among equals. No such entry anywhere: not granted.
 *
 * The implementations it judges: src/server/permissions/resolve.ts (the resolver, alone and over the
 * chain the database reads) and the Read filter written in SQL for search (src/server/db/queries/search.ts);
 * tests/api/documentation/permission-rule.test.ts holds them to it. Beside it, the random entries and trees
 * the property tests draw (fast-check).
 */
import fc from 'fast-check';
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

// ─── Random trees for the property tests ─────────────────────────────────────────────────────────

/** A random ACL entry naming `subject` (as the test draws it), grant or revoke, with bits from 1 to `max` (63: a folder's, 15: a document's). */
export const randomEntry = <S>(subject: fc.Arbitrary<S>, max: number) => fc.record({ subject, isGrant: fc.boolean(), permissions: fc.integer({ min: 1, max }) });

/** Up to `length` random entries of one level. */
export const randomEntries = <S>(subject: fc.Arbitrary<S>, max: number, length: number) => fc.array(randomEntry(subject, max), { maxLength: length });

/** Folder `i` of a random tree lies below folder (n mod (i + 1)) − 1 — one made before it, −1 being the root. */
export const parentFolder = (n: number, i: number): number => (n % (i + 1)) - 1;

/** Who an entry of an organisation tree names: ['org', 0] the organisation, ['org', 1] another one, a role's or a member's index (one past the members: someone else). */
export type TreeSubject = [SubjectType, number];

/**
 * A random organisation and tree for effective permissions (tests/api/effective-permissions): `folders`
 * folders below random folders and `documents` documents in random folders, random entries on every level
 * (the root too) naming the organisation, another organisation, the roles, the members (the first ten more
 * often) or someone else; each member's roles, a few org admins and a few members switched off (of
 * `memberIds`), and `sampled` items to look at.
 */
export function randomOrganisationTree(size: { members: number; roles: number; folders: number; documents: number; sampled: number; memberIds: readonly string[] }) {
  const subject = fc.oneof(
    fc.constant<TreeSubject>(['org', 0]),
    fc.constant<TreeSubject>(['org', 1]),
    fc.nat({ max: size.roles - 1 }).map((i): TreeSubject => ['role', i]),
    fc.nat({ max: 9 }).map((i): TreeSubject => ['user', i]),
    fc.nat({ max: size.members }).map((i): TreeSubject => ['user', i]),
  );
  return fc.record({
    /** Folder i lies below folder parentFolder(parents[i], i). */
    parents: fc.array(fc.nat(), { minLength: size.folders, maxLength: size.folders }),
    /** Document i lies in folder (documents[i] mod (folders + 1)) − 1. */
    documents: fc.array(fc.nat(), { minLength: size.documents, maxLength: size.documents }),
    rootEntries: randomEntries(subject, 63, 4),
    folderEntries: fc.array(randomEntries(subject, 63, 2), { minLength: size.folders, maxLength: size.folders }),
    documentEntries: fc.array(randomEntries(subject, 15, 2), { minLength: size.documents, maxLength: size.documents }),
    /** Each member's roles, as a bit set of the roles. */
    holdings: fc.array(fc.nat({ max: 2 ** size.roles - 1 }), { minLength: size.members, maxLength: size.members }),
    admins: fc.subarray([...size.memberIds], { maxLength: 3 }),
    switchedOff: fc.subarray([...size.memberIds], { maxLength: 3 }),
    sampled: fc.array(fc.nat({ max: size.folders + size.documents - 1 }), { minLength: size.sampled, maxLength: size.sampled }),
  });
}

/** One random organisation tree as drawn. */
export type OrganisationTree = ReturnType<typeof randomOrganisationTree> extends fc.Arbitrary<infer T> ? T : never;
