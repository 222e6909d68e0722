/** GET roles/{id} lists the users holding the role (accounts §7: up to 100000), by username ignoring case. */
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { memberships, userRoles, users } from '../../../src/server/db/schema.ts';
import { createRole, createUserDirectly, memberOf, orgWithAdmin, uniqueName } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

describe('GET roles/{id} with its holders', () => {
  it('lists the members holding it by username, ignoring case; not other roles’ members, not former members', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin);
    const other = await createRole(server, admin);
    const zed = await createUserDirectly(server, admin, { roles: [role.id], username: uniqueName('Zed') });
    const amy = await createUserDirectly(server, admin, { roles: [role.id, other.id], username: uniqueName('amy') });
    await memberOf(server, admin, [other.id]);
    const gone = await memberOf(server, admin, [role.id]);
    expect((await admin.api.delete(`users/${gone.id}`)).status).toBe(204);

    const res = await admin.api.get(`roles/${role.id}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      { id: amy.id, username: amy.username, full_name: amy.full_name, email: amy.email },
      { id: zed.id, username: zed.username, full_name: zed.full_name, email: zed.email },
    ]);
    // A plain member reads it too (roles are readable by members).
    expect((await amy.api.get(`roles/${role.id}`)).body.users).toHaveLength(2);
    expect(org.id).toBeTruthy();
  });

  it('lists many holders (rows made directly): all of them, in order', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin);
    const n = 1200;
    const rows = Array.from({ length: n }, (_, i) => {
      const id = uuidv7();
      return { id, username: `holder_${String(i).padStart(5, '0')}_${id.slice(-6)}`, email: `h${i}_${id}@example.com`, fullName: `Holder ${i}`, passwordHash: 'x', isActive: true };
    });
    for (let i = 0; i < n; i += 600) {
      const chunk = rows.slice(i, i + 600);
      await server.db.insert(users).values(chunk);
      await server.db.insert(memberships).values(chunk.map((u) => ({ orgId: org.id, userId: u.id })));
      await server.db.insert(userRoles).values(chunk.map((u) => ({ roleId: role.id, userId: u.id })));
    }
    const res = await admin.api.get(`roles/${role.id}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(n);
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual(rows.map((r) => r.username));
  });
});
