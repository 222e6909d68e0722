/** The last org admin can be neither removed nor demoted (409), also when two admins demote each other at once. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../../src/server/db/schema.ts';
import { createUserDirectly, orgWithAdmin } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const LAST_ADMIN = { detail: 'An organization needs at least one admin' };

describe('the last org admin', () => {
  it('cannot remove or demote themselves while alone; can once another admin exists', async () => {
    const { admin } = await orgWithAdmin(server);
    const demote = await admin.api.put(`users/${admin.id}`, { is_org_admin: false });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject(LAST_ADMIN);
    const remove = await admin.api.delete(`users/${admin.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body).toMatchObject(LAST_ADMIN);
    expect((await admin.api.get(`users/${admin.id}`)).body.is_org_admin).toBe(true);
    // A demotion refused changes nothing else of the body either.
    expect((await admin.api.put(`users/${admin.id}`, { is_org_admin: false, full_name: 'Renamed' })).status).toBe(409);
    expect((await admin.api.get(`users/${admin.id}`)).body.user_account.full_name).toBe(admin.full_name);

    const second = await createUserDirectly(server, admin, { is_org_admin: true });
    expect((await admin.api.put(`users/${admin.id}`, { is_org_admin: false })).status).toBe(200);
    // Now the second is the last one: the first (a plain member now) cannot act as admin, and the second cannot leave.
    expect((await admin.api.get('users')).status).toBe(403);
    expect(await second.api.delete(`users/${second.id}`)).toMatchObject({ status: 409, body: LAST_ADMIN });
    expect((await second.api.delete(`users/${admin.id}`)).status).toBe(204);
  });

  it('an admin whose membership is switched off does not count', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const second = await createUserDirectly(server, admin, { is_org_admin: true });
    await server.db.update(memberships).set({ isActive: false }).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, second.id)));
    expect(await admin.api.put(`users/${admin.id}`, { is_org_admin: false })).toMatchObject({ status: 409, body: LAST_ADMIN });
  });

  it('two admins demoting each other at once: one wins, one 409, one admin is left (repeated)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { admin, org } = await orgWithAdmin(server);
      const other = await createUserDirectly(server, admin, { is_org_admin: true });
      const answers = await Promise.all([
        admin.api.put(`users/${other.id}`, { is_org_admin: false }),
        other.api.put(`users/${admin.id}`, { is_org_admin: false }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      // The loser is refused as the last admin, or (when the winner committed before it was let in) as no admin at all.
      expect([
        [200, 409],
        [200, 403],
      ]).toContainEqual(statuses);
      const admins = await server.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.orgId, org.id), eq(memberships.isOrgAdmin, true)));
      expect(admins).toHaveLength(1);
    }
  });

  it('two admins removing each other at once: one admin is left', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const other = await createUserDirectly(server, admin, { is_org_admin: true });
    const answers = await Promise.all([admin.api.delete(`users/${other.id}`), other.api.delete(`users/${admin.id}`)]);
    expect(answers.map((r) => r.status)).toContain(204);
    const admins = await server.db.select().from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.isOrgAdmin, true)));
    expect(admins).toHaveLength(1);
  });
});
