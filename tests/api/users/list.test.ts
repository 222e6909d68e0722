/** GET users and GET users/{id}: rows, q, role_filters, ordering, paging, totals, bad inputs, other organisations' ids. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUserDirectly, orgWithAdmin, uniqueName, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const MISSING_ID = '0190f0f0-0000-7000-8000-000000000000';

let admin: TestUser;
let people: Record<'bob' | 'alice' | 'carol', TestUser>;
let roles: Record<'red' | 'blue' | 'green', { id: string; name: string }>;
let outsider: { admin: TestUser; user: TestUser; role: { id: string } };
const tag = uniqueName('t').toLowerCase();

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server, { username: `zz_admin_${tag}`, full_name: 'Zed Admin' }));
  roles = { red: await createRole(server, admin, 'Red'), blue: await createRole(server, admin, 'blue'), green: await createRole(server, admin, 'Green') };
  people = {
    bob: await createUserDirectly(server, admin, { username: `Bob_${tag}`, full_name: 'Robert Brown', roles: [roles.red.id, roles.blue.id] }),
    alice: await createUserDirectly(server, admin, { username: `alice_${tag}`, full_name: 'Alice Smith', roles: [roles.blue.id] }),
    carol: await createUserDirectly(server, admin, { username: `carol_${tag}`, full_name: 'Carol 100%_Sure', email: `carol_${tag}@Other.example`, roles: [] }),
  };
  const other = await orgWithAdmin(server);
  const role = await createRole(server, other.admin, 'Red');
  outsider = { admin: other.admin, user: await createUserDirectly(server, other.admin, { full_name: 'Alice Outsider', roles: [role.id] }), role };
});

const names = (body: { results: { user_account: { username: string } }[] }) => body.results.map((r) => r.user_account.username);

describe('GET users', () => {
  it('lists the members with their account, admin flag, roles (by name) and joining time; by username ignoring case', async () => {
    const res = await admin.api.get('users');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(names(res.body)).toEqual([people.alice.username, people.bob.username, people.carol.username, admin.username]);
    const bob = res.body.results[1];
    expect(bob).toEqual({
      id: people.bob.id,
      user_account: { username: people.bob.username, email: people.bob.email, full_name: 'Robert Brown', avatar: null, avatar_url: null, is_active: true },
      is_org_admin: false,
      roles: [
        { id: roles.blue.id, name: 'blue' },
        { id: roles.red.id, name: 'Red' },
      ],
      created_at: expect.any(String),
    });
    expect(res.body.results[3]).toMatchObject({ id: admin.id, is_org_admin: true, roles: [] });
  });

  it('q finds a part of the username, full name or e-mail, ignoring case; % and _ are literal', async () => {
    const search = async (q: string) => names((await admin.api.get(`users?q=${encodeURIComponent(q)}`)).body);
    expect(await search('ALICE')).toEqual([people.alice.username]);
    expect(await search('brown')).toEqual([people.bob.username]);
    expect(await search('other.EXAMPLE')).toEqual([people.carol.username]);
    expect(await search('100%_s')).toEqual([people.carol.username]);
    expect(await search('%')).toEqual([people.carol.username]);
    expect(await search('  ')).toHaveLength(4);
    expect(await search('outsider')).toEqual([]);
  });

  it('role_filters keeps users holding ANY of the roles (repeated or comma-separated); total counts the matches', async () => {
    const red = await admin.api.get(`users?role_filters=${roles.red.id}`);
    expect(names(red.body)).toEqual([people.bob.username]);
    expect(red.body.total).toBe(1);
    const either = await admin.api.get(`users?role_filters=${roles.red.id}&role_filters=${roles.blue.id}`);
    expect(names(either.body)).toEqual([people.alice.username, people.bob.username]);
    expect(either.body.total).toBe(2);
    expect(names((await admin.api.get(`users?role_filters=${roles.red.id},${roles.blue.id}`)).body)).toEqual(names(either.body));
    expect((await admin.api.get(`users?role_filters=${roles.green.id}`)).body).toEqual({ results: [], total: 0 });
    // Another organisation's role filters to nobody (its holders never show).
    expect((await admin.api.get(`users?role_filters=${outsider.role.id}`)).body).toEqual({ results: [], total: 0 });
    // With q as well.
    expect(names((await admin.api.get(`users?role_filters=${roles.blue.id}&q=robert`)).body)).toEqual([people.bob.username]);
  });

  it('ordering: fields with - for descending, repeated or comma-separated; ties by id', async () => {
    const order = async (q: string) => names((await admin.api.get(`users?${q}`)).body);
    expect(await order('ordering=-username')).toEqual([admin.username, people.carol.username, people.bob.username, people.alice.username]);
    expect(await order('ordering=full_name')).toEqual([people.alice.username, people.carol.username, people.bob.username, admin.username]);
    expect(await order('ordering=-is_org_admin,username')).toEqual([admin.username, people.alice.username, people.bob.username, people.carol.username]);
    expect(await order('ordering=-is_org_admin&ordering=-username')).toEqual([admin.username, people.carol.username, people.bob.username, people.alice.username]);
    expect(await order('ordering=created_at')).toEqual([admin.username, people.bob.username, people.alice.username, people.carol.username]);
    expect(await order('ordering=email')).toHaveLength(4);
  });

  it('pages with skip and limit; total counts every match', async () => {
    const page = await admin.api.get('users?skip=1&limit=2');
    expect(names(page.body)).toEqual([people.bob.username, people.carol.username]);
    expect(page.body.total).toBe(4);
    expect((await admin.api.get('users?skip=10')).body).toEqual({ results: [], total: 4 });
    expect((await admin.api.get('users?limit=100000')).status).toBe(200);
  });

  it.each([
    ['skip=-1', 'skip'],
    ['skip=x', 'skip'],
    ['skip=1.5', 'skip'],
    ['skip=100000000000', 'skip'],
    ['limit=0', 'limit'],
    ['limit=100001', 'limit'],
    ['limit=abc', 'limit'],
    ['ordering=password', 'ordering'],
    ['ordering=-id', 'ordering'],
    ['role_filters=red', 'role_filters'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await admin.api.get(`users?${query}`);
    expect(res.status, res.text).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });
});

describe('GET users/{id}', () => {
  it('answers one member as in the list', async () => {
    const list = await admin.api.get(`users?q=${people.bob.username}`);
    const res = await admin.api.get(`users/${people.bob.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(list.body.results[0]);
  });

  it.each(['not-an-id', '42', MISSING_ID, 'outsider'])('answers 404 User not found for %s', async (id) => {
    const res = await admin.api.get(`users/${id === 'outsider' ? outsider.user.id : id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'User not found' });
  });
});
