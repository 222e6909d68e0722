import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../../src/shared/constants.ts';
import { Permission } from '../../../../src/shared/permissions/index.ts';
import {
  decideBits,
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

describe('decideBits: why (the effective-permissions view reads it)', () => {
  it('gives each decided bit its level and the deciding entries that agree with the outcome', () => {
    const userRevoke = rule('user', BOB, false, Permission.Delete);
    const roleGrant = rule('role', ROLE, true, Permission.Write | Permission.Delete);
    const otherRoleGrant = rule('role', OTHER_ROLE, true, Permission.Write);
    const orgRead = rule('org', ORG, true, Permission.Read);
    const levels = [[userRevoke, roleGrant, otherRoleGrant], [], [orgRead, rule('role', ROLE, false, Permission.Read)]];
    const decisions = decideBits(levels, member(BOB, [ROLE, OTHER_ROLE]));
    expect(decisions).toEqual([
      // Read: at the root the role's revoke is more specific than the organisation's grant.
      { bit: Permission.Read, granted: false, level: 2, entries: [levels[2]![1]] },
      // Write: two roles agree.
      { bit: Permission.Write, granted: true, level: 0, entries: [roleGrant, otherRoleGrant] },
      // Delete: the user's revoke beats the role's grant.
      { bit: Permission.Delete, granted: false, level: 0, entries: [userRevoke] },
    ]);
    expect(resolvePermissions(levels, member(BOB, [ROLE, OTHER_ROLE]))).toBe(Permission.Write);
  });

  it('among equals, a revoke decides and only the revokes are its reasons', () => {
    const grant = rule('role', ROLE, true, Permission.Read);
    const revoke = rule('role', OTHER_ROLE, false, Permission.Read);
    expect(decideBits([[grant, revoke]], member(ANN, [ROLE, OTHER_ROLE]))).toEqual([{ bit: Permission.Read, granted: false, level: 0, entries: [revoke] }]);
  });
});

// The property test (random trees, ACLs and roles against THE reference model, beside search's SQL and the
// chain the database reads) runs on a real database: tests/api/documentation/permission-rule.test.ts.
