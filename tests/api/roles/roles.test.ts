/**
 * Roles (accounts §7): POST roles, GET roles/{id}, PUT roles/{id}, DELETE roles/{id} — shapes, who may
 * call them, the bad inputs of each, unique names and the activity events. Listing: list.test.ts;
 * deleting a role that is used: delete.test.ts; other organisations' ids: cross-org.test.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import { createRole, memberOf, orgWithAdmin, registerAndActivate, shared, uniqueName, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { BILLING_ON_WITHOUT_STRIPE } from '../support/stripe-server.ts';

// Billing on (issue #15): with billing off nothing expires, and these tests check the 402.
const server = useTestServer({ env: BILLING_ON_WITHOUT_STRIPE });
const someTeam = shared(async () => {
  const { admin, org } = await orgWithAdmin(server);
  return { admin, org, member: await memberOf(server, admin) };
});
const MISSING_ID = '0190f0f0-0000-7000-8000-000000000000';
const NOT_FOUND = { detail: 'Role not found' };
const ADMINS_ONLY = { detail: 'Only organization admins can do this' };

async function eventsOf(orgId: string) {
  return server.db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.orgId, orgId))
    .orderBy(asc(activityEvents.at), asc(activityEvents.id));
}

async function newRole(admin: TestUser, body: Record<string, unknown> = {}) {
  const res = await admin.api.post('roles', { name: uniqueName('Role'), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string; description: string; list_filterable: boolean };
}

describe('POST roles', () => {
  it('creates the role and answers 201 with {id, name, description, list_filterable}', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const res = await admin.api.post('roles', { name: '  Inspector ', description: ' Walks the site ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Inspector', description: 'Walks the site', list_filterable: false });
    expect((await admin.api.get(`roles/${res.body.id}`)).body).toEqual({ ...res.body, users: [] });
    // The role is one of the organisation's subjects at once, and can be given in an invitation.
    const subjects = await admin.api.get('auth/acl-subjects');
    expect(subjects.body.results).toContainEqual({ id: res.body.id, name: 'Inspector', type: 'role' });
    expect((await admin.api.post('users', { email: `${uniqueName('x')}@example.com`, roles: [res.body.id] })).status).toBe(201);
    const [event] = (await eventsOf(org.id)).filter((e) => e.type === 'RoleCreated');
    expect(event).toMatchObject({
      actorId: admin.id,
      folderId: null,
      documentId: null,
      context: { role_id: res.body.id, name: 'Inspector', description: 'Walks the site', list_filterable: false },
    });
  });

  it('the description may be left out; list_filterable may be given', async () => {
    const { admin } = await someTeam();
    const res = await admin.api.post('roles', { name: uniqueName('Role'), list_filterable: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: '', list_filterable: true });
  });

  it('names are unique in an organisation, ignoring case: 409, and nothing is recorded', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await newRole(admin, { name: 'Auditor' });
    for (const name of ['Auditor', 'auditor', ' AUDITOR ']) {
      const res = await admin.api.post('roles', { name, description: 'again' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ detail: `A role named "${name.trim()}" already exists in this organization` });
    }
    expect((await admin.api.get('roles')).body.total).toBe(1);
    expect((await eventsOf(org.id)).filter((e) => e.type === 'RoleCreated')).toHaveLength(1);
    // Another organisation may use the same name.
    const other = await orgWithAdmin(server);
    expect((await other.admin.api.post('roles', { name: 'Auditor' })).status).toBe(201);
  });

  it('two requests for the same name at once: one 201, one 409', async () => {
    const { admin } = await orgWithAdmin(server);
    const answers = await Promise.all([admin.api.post('roles', { name: 'Twin' }), admin.api.post('roles', { name: 'twin' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await admin.api.get('roles')).body.total).toBe(1);
  });

  it('is for org admins only: a member gets 403 and nothing is made', async () => {
    const { admin, member } = await someTeam();
    const name = uniqueName('Role');
    const res = await member.api.post('roles', { name });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
    expect((await admin.api.get('roles')).body.results.map((r: { name: string }) => r.name)).not.toContain(name);
  });

  it.each([
    ['no name', { description: 'x' }, 'name: Field required'],
    ['an empty name', { name: '' }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a null name', { name: null }, 'name: name must be a string'],
    ['a number for a name', { name: 7 }, 'name: name must be a string'],
    ['a name of 151 characters', { name: 'x'.repeat(151) }, 'Name must be at most 150 characters'],
    ['a name with NUL', { name: 'a\u0000b' }, 'name: must not contain NUL characters'],
    ['a name with a lone surrogate', { name: 'a\ud800b' }, 'name: name must be valid Unicode text (no unpaired surrogates)'],
    ['a number for a description', { name: 'Ok', description: 1 }, 'description: description must be a string'],
    ['a description of 2001 characters', { name: 'Ok', description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ['a string for list_filterable', { name: 'Ok', list_filterable: 'yes' }, 'list_filterable: list_filterable must be true or false'],
  ])('refuses %s with 422 naming the field', async (_, body, detail) => {
    const { admin } = await someTeam();
    const res = await admin.api.post('roles', body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it.each([
    ['a list', []],
    ['a string', 'Inspector'],
    ['null', null],
  ])('refuses %s for a body with 422', async (_, body) => {
    const { admin } = await someTeam();
    const res = await admin.api.post('roles', body);
    expect(res.status).toBe(422);
  });

  it('refuses malformed JSON with 400', async () => {
    const { admin } = await someTeam();
    const res = await admin.api.post('roles', undefined, { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'The request body is not valid JSON' });
  });
});

describe('GET roles/{id}', () => {
  it('answers the role to any member of the organisation', async () => {
    const { admin, member } = await someTeam();
    const role = await newRole(admin, { description: 'd' });
    const res = await member.api.get(`roles/${role.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...role, users: [] });
  });

  it.each(['not-an-id', '42', MISSING_ID])('answers 404 for %s', async (id) => {
    const { admin } = await someTeam();
    const res = await admin.api.get(`roles/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });
});

describe('PUT roles/{id}', () => {
  it('changes name, description and list_filterable, and records RoleUpdated with the previous values', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await newRole(admin, { name: 'Cook', description: 'Kitchen' });
    const res = await admin.api.put(`roles/${role.id}`, { name: 'Chef', description: 'Runs the kitchen', list_filterable: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: role.id, name: 'Chef', description: 'Runs the kitchen', list_filterable: true });
    expect((await admin.api.get(`roles/${role.id}`)).body).toEqual({ ...res.body, users: [] });
    const updated = (await eventsOf(org.id)).filter((e) => e.type === 'RoleUpdated');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      actorId: admin.id,
      context: {
        role_id: role.id,
        name: 'Chef',
        previous_name: 'Cook',
        description: 'Runs the kitchen',
        previous_description: 'Kitchen',
        list_filterable: true,
        previous_list_filterable: false,
      },
    });
  });

  it('keeps the fields left out; a save that changes nothing records nothing', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await newRole(admin, { name: 'Cook', description: 'Kitchen', list_filterable: true });
    const res = await admin.api.put(`roles/${role.id}`, { name: 'Cook' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(role);
    // The UI may send the role back whole, id included.
    expect((await admin.api.put(`roles/${role.id}`, { ...role })).body).toEqual(role);
    expect((await eventsOf(org.id)).filter((e) => e.type === 'RoleUpdated')).toHaveLength(0);
    const renamed = await admin.api.put(`roles/${role.id}`, { name: 'cook' });
    expect(renamed.body).toEqual({ ...role, name: 'cook' });
  });

  it("refuses another role's name (ignoring case) with 409 and changes nothing", async () => {
    const { admin, org } = await orgWithAdmin(server);
    await newRole(admin, { name: 'Driver' });
    const role = await newRole(admin, { name: 'Rider' });
    const res = await admin.api.put(`roles/${role.id}`, { name: 'DRIVER', description: 'changed' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'A role named "DRIVER" already exists in this organization' });
    expect((await admin.api.get(`roles/${role.id}`)).body).toEqual({ ...role, users: [] });
    expect((await eventsOf(org.id)).filter((e) => e.type === 'RoleUpdated')).toHaveLength(0);
  });

  it('is for org admins only', async () => {
    const { admin, member } = await someTeam();
    const role = await newRole(admin);
    const res = await member.api.put(`roles/${role.id}`, { name: 'Taken over' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
    expect((await admin.api.get(`roles/${role.id}`)).body).toEqual({ ...role, users: [] });
  });

  it.each([
    ['no name', { description: 'x' }, 'name: Field required'],
    ['a blank name', { name: ' ' }, 'Name is required'],
    ['a list for a description', { name: 'Ok', description: [] }, 'description: description must be a string'],
    ['null for list_filterable', { name: 'Ok', list_filterable: null }, 'list_filterable: list_filterable must be true or false'],
  ])('refuses %s with 422', async (_, body, detail) => {
    const { admin } = await someTeam();
    const role = await newRole(admin);
    const res = await admin.api.put(`roles/${role.id}`, body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses malformed JSON with 400, and answers 404 for unknown and malformed ids', async () => {
    const { admin } = await someTeam();
    const role = await newRole(admin);
    const bad = await admin.api.put(`roles/${role.id}`, undefined, { body: 'nope', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    for (const id of [MISSING_ID, 'not-an-id']) {
      const res = await admin.api.put(`roles/${id}`, { name: 'Ghost' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    }
  });
});

describe('DELETE roles/{id}', () => {
  it('deletes the role (204) and records RoleDeleted', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await newRole(admin, { name: 'Temp', description: 'for now' });
    const res = await admin.api.delete(`roles/${role.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await admin.api.get(`roles/${role.id}`)).status).toBe(404);
    expect((await admin.api.delete(`roles/${role.id}`)).status).toBe(404);
    const deleted = (await eventsOf(org.id)).filter((e) => e.type === 'RoleDeleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      actorId: admin.id,
      context: { role_id: role.id, name: 'Temp', description: 'for now', list_filterable: false, members: 0, acl_entries_removed: 0 },
    });
    // The name is free again.
    expect((await admin.api.post('roles', { name: 'Temp' })).status).toBe(201);
  });

  it('is for org admins only', async () => {
    const { admin, member } = await someTeam();
    const role = await newRole(admin);
    const res = await member.api.delete(`roles/${role.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
    expect((await admin.api.get(`roles/${role.id}`)).status).toBe(200);
  });

  it.each(['not-an-id', MISSING_ID])('answers 404 for %s', async (id) => {
    const { admin } = await someTeam();
    const res = await admin.api.delete(`roles/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });
});

describe('every roles call', () => {
  const calls: [string, (id: string) => [method: string, path: string, body?: unknown]][] = [
    ['GET roles', () => ['GET', 'roles']],
    ['GET roles/{id}', (id) => ['GET', `roles/${id}`]],
    ['POST roles', () => ['POST', 'roles', { name: uniqueName('Role') }]],
    ['PUT roles/{id}', (id) => ['PUT', `roles/${id}`, { name: uniqueName('Role') }]],
    ['DELETE roles/{id}', (id) => ['DELETE', `roles/${id}`]],
  ];

  it.each(calls)('%s: 401 without a valid token', async (_, make) => {
    const { admin } = await someTeam();
    const role = await newRole(admin);
    const [method, path, body] = make(role.id);
    for (const token of [null, 'not-a-token']) {
      const res = await server.client().request(method, path, { token, ...(body === undefined ? {} : { json: body }) });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ detail: 'Could not validate credentials' });
    }
  });

  it.each(calls)('%s: 400 when no organisation is selected', async (_, make) => {
    const user = await registerAndActivate(server);
    const [method, path, body] = make(MISSING_ID);
    const res = await user.api.request(method, path, body === undefined ? {} : { json: body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'No organization selected' });
  });

  it.each(calls)('%s: 402 once the subscription has run out', async (_, make) => {
    const { admin } = await orgWithAdmin(server);
    const role = await newRole(admin);
    const [method, path, body] = make(role.id);
    const res = await server.clock.shifted(8 * 24 * 60 * 60 * 1000, () =>
      admin.api.request(method, path, body === undefined ? {} : { json: body }),
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ detail: 'Organization subscription is expired' });
  });
});

describe('tests/api/support createRole', () => {
  it('goes through POST roles when given an admin', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin, 'Made by the factory');
    expect((await admin.api.get(`roles/${role.id}`)).body.name).toBe('Made by the factory');
    expect(
      await server.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.orgId, org.id), eq(activityEvents.type, 'RoleCreated'))),
    ).toHaveLength(1);
  });
});
