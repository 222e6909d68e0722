/**
 * Who hears of an event (issue #12, the audience statement of db/queries/notifications/fan-out.ts): only
 * subscribers who are active users AND active members of the organisation; an org admin hears of items
 * revoked from everyone else (THE rule); roles count only in their own organisation.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships, notifications, users } from '../../../src/server/db/schema.ts';
import { createUserDirectly, makeDocument, makeFolder, makeTeam, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const total = async (user: TestUser): Promise<number> => {
  const res = await user.api.get('documentation/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body.total as number;
};

const subscribe = async (user: TestUser, folderId: string) => {
  const res = await user.api.post(`documentation/folders/${folderId}/subscription`, {});
  expect(res.status, res.text).toBe(200);
};

/** Stored notifications of a user (a deactivated one cannot sign in to ask). */
const storedFor = async (userId: string) => (await server.db.select().from(notifications).where(eq(notifications.userId, userId))).length;

describe('the audience of an event', () => {
  it('a switched-off member and a deactivated account hear nothing; an org admin hears past a revoke', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Audience');
    const switchedOff = await createUserDirectly(server, team.admin);
    const deactivated = await createUserDirectly(server, team.admin);
    const otherAdmin = await createUserDirectly(server, team.admin, { is_org_admin: true });
    for (const user of [switchedOff, deactivated, otherAdmin, team.member]) await subscribe(user, folder.id);
    // Read revoked from the plain member and (by user) from the other admin: admins read everything anyway.
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.member.id, Permission.Read), revoke(otherAdmin.id, Permission.Read)]);
    const before = { admin: await total(otherAdmin), member: await total(team.member), off: await storedFor(switchedOff.id), gone: await storedFor(deactivated.id) };
    await server.db.update(memberships).set({ isActive: false }).where(and(eq(memberships.userId, switchedOff.id), eq(memberships.orgId, team.org.id)));
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));

    await makeDocument(team.admin, folder.id, 'form', 'Heard by the admin only');
    expect(await total(otherAdmin)).toBe(before.admin + 1);
    expect(await total(team.member)).toBe(before.member);
    expect(await storedFor(switchedOff.id)).toBe(before.off);
    expect(await storedFor(deactivated.id)).toBe(before.gone);
  });

  it('a role revoke hides the item from its holders only', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Role audience');
    await subscribe(team.roleMember, folder.id);
    await subscribe(team.member, folder.id);
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.role.id, Permission.Read)]);
    const before = { r: await total(team.roleMember), m: await total(team.member) };
    await makeDocument(team.admin, folder.id, 'form', 'Not for the role');
    expect(await total(team.roleMember)).toBe(before.r);
    expect(await total(team.member)).toBe(before.m + 1);
  });
});
