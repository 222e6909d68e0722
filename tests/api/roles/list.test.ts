/** GET roles: {results, total}, q (name or description, ignoring case), ordering, skip, limit, and their bad values. */
import { beforeAll, describe, expect, it } from 'vitest';
import { memberOf, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

let admin: TestUser;
let member: TestUser;

const ROLES = [
  { name: 'bravo', description: 'Second in line', list_filterable: true },
  { name: 'Alpha', description: 'leads the 100% effort', list_filterable: false },
  { name: 'charlie', description: 'does_things quietly', list_filterable: true },
  { name: 'Delta', description: '', list_filterable: false },
  { name: 'echo_1', description: 'Repeats what ALPHA says', list_filterable: false },
];

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  member = await memberOf(server, admin);
  for (const role of ROLES) {
    const res = await admin.api.post('roles', role);
    expect(res.status, res.text).toBe(201);
    server.clock.advance(1000); // distinct created_at, whatever the machine's speed
  }
  // Another organisation's roles never show.
  const other = await orgWithAdmin(server);
  expect((await other.admin.api.post('roles', { name: 'Alpha Outsider', description: 'alpha' })).status).toBe(201);
});

const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

describe('GET roles', () => {
  it('lists the organisation’s roles by name (ignoring case) with the total, to any member', async () => {
    for (const user of [admin, member]) {
      const res = await user.api.get('roles');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(5);
      expect(names(res.body)).toEqual(['Alpha', 'bravo', 'charlie', 'Delta', 'echo_1']);
      expect(res.body.results[0]).toEqual({
        id: expect.any(String),
        name: 'Alpha',
        description: 'leads the 100% effort',
        list_filterable: false,
      });
    }
  });

  it.each([
    ['-name', ['echo_1', 'Delta', 'charlie', 'bravo', 'Alpha']],
    ['name', ['Alpha', 'bravo', 'charlie', 'Delta', 'echo_1']],
    ['description', ['Delta', 'charlie', 'Alpha', 'echo_1', 'bravo']],
    ['-list_filterable,name', ['bravo', 'charlie', 'Alpha', 'Delta', 'echo_1']],
    ['list_filterable,-name', ['echo_1', 'Delta', 'Alpha', 'charlie', 'bravo']],
    ['created_at', ['bravo', 'Alpha', 'charlie', 'Delta', 'echo_1']],
    ['-created_at', ['echo_1', 'Delta', 'charlie', 'Alpha', 'bravo']],
  ])('ordering=%s', async (ordering, expected) => {
    const res = await admin.api.get(`roles?ordering=${ordering}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
  });

  it('ordering may be repeated; a field given twice counts once', async () => {
    const res = await admin.api.get('roles?ordering=-list_filterable&ordering=-name&ordering=name');
    expect(names(res.body)).toEqual(['charlie', 'bravo', 'echo_1', 'Delta', 'Alpha']);
  });

  it.each([
    ['alpha', ['Alpha', 'echo_1']],
    ['ALPHA', ['Alpha', 'echo_1']],
    ['  line ', ['bravo']],
    ['100%', ['Alpha']],
    ['%', ['Alpha']],
    ['_', ['charlie', 'echo_1']],
    ['o_1', ['echo_1']],
    ['nothing like it', []],
    ['', ['Alpha', 'bravo', 'charlie', 'Delta', 'echo_1']],
  ])('q=%s filters by name or description, ignoring case, taking % and _ literally', async (q, expected) => {
    const res = await admin.api.get(`roles?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it('pages with skip and limit; total counts every match', async () => {
    const page = async (query: string) => (await admin.api.get(`roles?${query}`)).body;
    expect(await page('limit=2')).toMatchObject({ total: 5 });
    expect(names(await page('limit=2'))).toEqual(['Alpha', 'bravo']);
    expect(names(await page('skip=2&limit=2'))).toEqual(['charlie', 'Delta']);
    expect(names(await page('skip=4&limit=2'))).toEqual(['echo_1']);
    expect(await page('skip=10')).toEqual({ results: [], total: 5 });
    expect(names(await page('q=a&ordering=-name&skip=1&limit=2'))).toEqual(['Delta', 'charlie']);
    expect((await page('q=a&ordering=-name&skip=1&limit=2')).total).toBe(5);
    expect(names(await page('limit=1000'))).toHaveLength(5);
    // Repeated paging parameters: the last one counts.
    expect(names(await page('limit=4&limit=1'))).toEqual(['Alpha']);
  });

  it.each([
    ['skip=-1', 'skip: skip must not be negative'],
    ['skip=abc', 'skip: skip must be a number'],
    ['skip=1.5', 'skip: skip must be a whole number'],
    ['limit=0', 'limit: limit must be at least 1'],
    ['limit=1001', 'limit: limit must be at most 1000'],
    ['limit=x', 'limit: limit must be a number'],
    ['ordering=kind', 'ordering.0: ordering fields are name, description, list_filterable, created_at, each with an optional - for descending'],
    ['ordering=name,id', 'ordering.1: ordering fields are name, description, list_filterable, created_at, each with an optional - for descending'],
    [`q=${'x'.repeat(201)}`, 'A search may be at most 200 characters'],
    ['q=%00', 'q.0: must not contain NUL characters'],
  ])('refuses %s with 422 naming the parameter', async (query, detail) => {
    const res = await admin.api.get(`roles?${query}`);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toBe(detail);
  });
});
