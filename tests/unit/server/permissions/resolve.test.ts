import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../../src/shared/constants.ts';
import { Permission } from '../../../../src/shared/permissions/index.ts';
import {
  PERMISSION_BITS,
  resolvePermissions,
  type AclRule,
  type Principal,
  type SubjectType,
} from '../../../../src/server/permissions/resolve.ts';

const ORG = 'org-1';
const ROLE = 'role-r';
const OTHER_ROLE = 'role-s';
const BOB = 'user-bob';
const ANN = 'user-ann';

const member = (userId: string, roles: string[] = []): Principal => ({
  userId,
  orgId: ORG,
  roleIds: new Set(roles),
  isOrgAdmin: false,
});
const rule = (subjectType: SubjectType, subjectId: string, isGrant: boolean, permissions: number): AclRule => ({
  subjectType,
  subjectId,
  isGrant,
  permissions,
});
const subjectId = { org: ORG, role: ROLE, user: BOB } as const;

describe('resolvePermissions', () => {
  it('gives an org admin every bit, whatever the entries', () => {
    const levels = [[rule('org', ORG, false, 63)]];
    expect(resolvePermissions(levels, { ...member(BOB), isOrgAdmin: true })).toBe(ALL_PERMISSIONS);
  });

  it('grants nothing without entries', () => {
    expect(resolvePermissions([[], []], member(BOB))).toBe(0);
  });

  it('lets "revoke the organisation, grant Bob Read" on one folder admit only Bob', () => {
    const levels = [[rule('org', ORG, false, Permission.Read), rule('user', BOB, true, Permission.Read)], [rule('org', ORG, true, Permission.Read)]];
    expect(resolvePermissions(levels, member(BOB))).toBe(Permission.Read);
    expect(resolvePermissions(levels, member(ANN))).toBe(0);
  });

  it('decides at the nearest level that names the caller, not further up', () => {
    const levels = [[rule('org', ORG, true, Permission.Read)], [rule('user', ANN, false, Permission.Read)]];
    expect(resolvePermissions(levels, member(ANN))).toBe(Permission.Read);
  });

  it('lets a revoke beat a grant of the same specificity', () => {
    const levels = [[rule('role', ROLE, false, Permission.Read), rule('role', OTHER_ROLE, true, Permission.Read)]];
    expect(resolvePermissions(levels, member(ANN, [ROLE, OTHER_ROLE]))).toBe(0);
  });

  it('decides each bit on its own', () => {
    const levels = [[rule('user', BOB, true, Permission.Write)], [rule('org', ORG, true, Permission.Read | Permission.Write)]];
    expect(resolvePermissions(levels, member(BOB))).toBe(Permission.Read | Permission.Write);
  });

  // The matrix: subject × grant/revoke × depth × bit, with an opposite entry for the organisation at the root.
  const subjects: SubjectType[] = ['org', 'role', 'user'];
  for (const subject of subjects)
    for (const isGrant of [true, false])
      for (const depth of [0, 1, 3])
        for (const bit of PERMISSION_BITS)
          it(`${subject} ${isGrant ? 'grant' : 'revoke'} of bit ${bit} at depth ${depth}`, () => {
            const levels: AclRule[][] = Array.from({ length: 5 }, () => []);
            levels[depth]!.push(rule(subject, subjectId[subject], isGrant, bit));
            levels[4]!.push(rule('org', ORG, !isGrant, bit));
            const bob = member(BOB, [ROLE]);
            expect(resolvePermissions(levels, bob) & bit).toBe(isGrant ? bit : 0);
            // Someone the entry does not name falls through to the root's organisation entry.
            const outsider = member(ANN);
            const expectedOutsider = subject === 'org' ? (isGrant ? bit : 0) : isGrant ? 0 : bit;
            expect(resolvePermissions(levels, outsider) & bit).toBe(expectedOutsider);
          });
});

/** A deliberately naive reference model of the rule, for the property test. */
function reference(levels: AclRule[][], who: Principal): number {
  let mask = 0;
  for (const bit of PERMISSION_BITS) {
    let decided: boolean | undefined;
    for (const level of levels) {
      const matches = (t: SubjectType) =>
        level.filter(
          (r) => r.subjectType === t && (r.permissions & bit) !== 0 &&
            (t === 'user' ? r.subjectId === who.userId : t === 'role' ? who.roleIds.has(r.subjectId) : r.subjectId === who.orgId),
        );
      const found = [matches('user'), matches('role'), matches('org')].find((m) => m.length > 0);
      if (found) {
        decided = !found.some((r) => !r.isGrant);
        break;
      }
    }
    if (decided) mask |= bit;
  }
  return mask;
}

describe('resolvePermissions against the reference model', () => {
  const arbRule = fc.record({
    subjectType: fc.constantFrom<SubjectType>('org', 'role', 'user'),
    subjectId: fc.constantFrom(ORG, 'other-org', ROLE, OTHER_ROLE, 'role-t', BOB, ANN),
    isGrant: fc.boolean(),
    permissions: fc.integer({ min: 0, max: 63 }),
  });
  it('agrees on random ACLs and principals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(arbRule, { maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(BOB, ANN),
        fc.subarray([ROLE, OTHER_ROLE, 'role-t']),
        (levels, userId, roles) => {
          const who = member(userId, roles);
          expect(resolvePermissions(levels, who)).toBe(reference(levels, who));
        },
      ),
      { numRuns: 500 },
    );
  });
});
