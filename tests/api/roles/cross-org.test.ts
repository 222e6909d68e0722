/**
 * Cross-organisation sweep: every roles call, made by one organisation's admin (and member) with another
 * organisation's role id, answers 404 with exactly the body a missing id gets — and changes nothing there.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, userRoles } from '../../../src/server/db/schema.ts';
import { createRole, memberOf, orgWithAdmin, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiResponse } from '../support/http.ts';

const server = useTestServer();

let ours: { admin: TestUser; member: TestUser };
let theirs: { admin: TestUser; org: TestOrg; role: { id: string; name: string }; roleMember: TestUser };

beforeAll(async () => {
  const a = await orgWithAdmin(server);
  ours = { admin: a.admin, member: await memberOf(server, a.admin) };
  const b = await orgWithAdmin(server);
  const role = await createRole(server, b.admin, 'Their role');
  theirs = { admin: b.admin, org: b.org, role, roleMember: await memberOf(server, b.admin, [role.id]) };
});

const calls: Record<string, (id: string) => [method: string, path: string, body?: unknown]> = {
  'GET roles/{id}': (id) => ['GET', `roles/${id}`],
  'PUT roles/{id}': (id) => ['PUT', `roles/${id}`, { name: 'Taken over', description: 'mine now', list_filterable: true }],
  'DELETE roles/{id}': (id) => ['DELETE', `roles/${id}`],
};

function call(user: TestUser, [method, path, body]: ReturnType<(typeof calls)[string]>): Promise<ApiResponse> {
  return user.api.request(method, path, body === undefined ? {} : { json: body });
}

describe('another organisation’s role id', () => {
  it.each(Object.keys(calls))('%s answers 404 with the body of a missing id, and changes nothing', async (name) => {
    const make = calls[name]!;
    const missing = await call(ours.admin, make('0190f0f0-0000-7000-8000-000000000000'));
    const foreign = await call(ours.admin, make(theirs.role.id));
    expect(missing.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toMatchObject({ detail: 'Role not found' });
    if (name === 'GET roles/{id}') {
      // A member (who may read roles) gets the same.
      const byMember = await call(ours.member, make(theirs.role.id));
      expect(byMember.status).toBe(404);
      expect(byMember.body).toEqual(missing.body);
    }

    const theirView = await theirs.admin.api.get(`roles/${theirs.role.id}`);
    expect(theirView.body).toEqual({
      id: theirs.role.id,
      name: 'Their role',
      description: '',
      list_filterable: false,
      users: [{ id: theirs.roleMember.id, username: theirs.roleMember.username, full_name: theirs.roleMember.full_name, email: theirs.roleMember.email }],
    });
    expect(await server.db.select().from(userRoles).where(eq(userRoles.roleId, theirs.role.id))).toHaveLength(1);
    const events = await server.db.select().from(activityEvents).where(eq(activityEvents.orgId, theirs.org.id));
    expect(events.map((e) => e.type).filter((t) => t.startsWith('Role'))).toEqual(['RoleCreated']);
  });

  it('GET roles lists only the own organisation’s roles, and names may repeat across organisations', async () => {
    expect((await ours.admin.api.get('roles')).body).toEqual({ results: [], total: 0 });
    expect((await ours.admin.api.get('roles?q=Their')).body.total).toBe(0);
    const res = await ours.admin.api.post('roles', { name: 'Their role' });
    expect(res.status).toBe(201);
    expect((await ours.member.api.get('roles')).body.results).toEqual([res.body]);
    expect((await theirs.admin.api.get('roles')).body.results.map((r: { id: string }) => r.id)).toEqual([theirs.role.id]);
  });
});
