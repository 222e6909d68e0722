/** GET activity: newest first (ties by id), skip and limit, total, org admins only, bad paging refused. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import { insertEvents, memberOf, orgWithAdmin, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

let admin: TestUser;
let org: TestOrg;
let member: TestUser;
/** The organisation's event ids, newest first. */
let newestFirst: string[];
let otherOrgEvents: string[];

const SECOND = 1000;

beforeAll(async () => {
  ({ admin, org } = await orgWithAdmin(server));
  member = await memberOf(server, admin);
  // Events of another organisation, made the way people make them.
  const other = await orgWithAdmin(server);
  expect((await other.admin.api.post('roles', { name: 'Outsiders' })).status).toBe(201);
  otherOrgEvents = (await server.db.select({ id: activityEvents.id }).from(activityEvents).where(eq(activityEvents.orgId, other.org.id))).map(
    (r) => r.id,
  );
  expect(otherOrgEvents.length).toBeGreaterThan(0);

  // Whatever the organisation's making recorded, then 7 events inserted out of time order, two at the same instant.
  await server.db.delete(activityEvents).where(eq(activityEvents.orgId, org.id));
  const t0 = Date.UTC(2030, 0, 1);
  const at = [3, 1, 6, 2, 6, 5, 4].map((s) => new Date(t0 + s * SECOND));
  const ids = await insertEvents(
    server,
    org.id,
    at.map((when, i) => ({ type: 'RoleCreated', actorId: admin.id, at: when, context: { role_id: null, name: `role ${i}` } })),
  );
  newestFirst = ids
    .map((id, i) => ({ id, at: at[i]!.getTime() }))
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    .map((e) => e.id);
});

const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

describe('GET activity', () => {
  it('lists the organisation’s events newest first, ties by id, with the total', async () => {
    const res = await admin.api.get('activity');
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(7);
    expect(ids(res.body)).toEqual(newestFirst);
    expect(res.body.results[0]).toEqual({
      id: newestFirst[0],
      activity_type: 'RoleCreated',
      activity_time: '2030-01-01T00:00:06.000Z',
      username: admin.username,
      actor: { kind: 'user', id: admin.id, name: admin.username, state: 'live' },
      target: null,
      folder: null,
      context_data: expect.objectContaining({ name: expect.stringMatching(/^role \d$/) }),
    });
    for (const id of otherOrgEvents) expect(ids(res.body)).not.toContain(id);
  });

  it('pages with skip and limit; total counts every event', async () => {
    const page = async (query: string) => {
      const res = await admin.api.get(`activity?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    expect(ids(await page('limit=3'))).toEqual(newestFirst.slice(0, 3));
    expect(ids(await page('skip=3&limit=3'))).toEqual(newestFirst.slice(3, 6));
    expect(ids(await page('skip=6&limit=3'))).toEqual(newestFirst.slice(6));
    expect(await page('skip=10')).toEqual({ results: [], total: 7 });
    expect((await page('skip=2&limit=2')).total).toBe(7);
    expect(ids(await page('limit=5&limit=1'))).toEqual(newestFirst.slice(0, 1));
  });

  it('answers 403 to members who are not org admins, and 401 without a token', async () => {
    const res = await member.api.get('activity');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Only organization admins can do this' });
    expect((await server.client().get('activity')).status).toBe(401);
  });

  it.each([
    ['skip=-1', 'skip: skip must not be negative'],
    ['skip=abc', 'skip: skip must be a number'],
    ['skip=1.5', 'skip: skip must be a whole number'],
    ['limit=0', 'limit: limit must be at least 1'],
    ['limit=1001', 'limit: limit must be at most 1000'],
    ['limit=x', 'limit: limit must be a number'],
    ['limit=-5', 'limit: limit must be at least 1'],
  ])('refuses %s with 422 naming the parameter', async (query, detail) => {
    const res = await admin.api.get(`activity?${query}`);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('counts at most 1,000 events past the page: a longer log says "at least", and later pages count further', async () => {
    const big = await orgWithAdmin(server);
    const t0 = Date.UTC(2031, 0, 1);
    await insertEvents(
      server,
      big.org.id,
      Array.from({ length: 1250 }, (_, i) => ({ type: 'RoleUpdated', actorId: big.admin.id, at: new Date(t0 + i * SECOND), context: {} })),
    );
    // PGlite runs in this process: a long insert blocks the event loop past the server's keep-alive
    // timeout; one turn of the loop lets the server close the idle connection before the next request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const total = async (query: string) => (await big.admin.api.get(`activity?${query}`)).body.total as number;
    const all = await server.db.$count(activityEvents, eq(activityEvents.orgId, big.org.id));
    expect(all).toBeGreaterThan(1100);
    expect(await total('limit=100')).toBe(Math.min(all, 1100));
    expect(await total('skip=200&limit=100')).toBe(all);
    expect(await total('skip=2000&limit=100')).toBe(all);
  });

  it('limit 1000 is allowed', async () => {
    const res = await admin.api.get('activity?limit=1000');
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(7);
  });
});
