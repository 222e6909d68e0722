/**
 * What no personal API token may do (issue #34), swept over EVERY route of the API — enumerated from the
 * Hono app, so a new route is tried without touching this file. With an org admin's read-and-write token,
 * each call of THE table of refusals (src/server/auth/api-tokens.ts TOKEN_REFUSALS: sessions, tokens,
 * two-factor, password, e-mail address and profile, other organisations, billing) answers 403 with the
 * table's detail and nothing else does; with a read-only token, every other write of a signed-in call
 * answers 403 'This API token is read only'. And a token is never the session cookie.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from '../../../src/server/api.ts';
import { chainOf, PUBLIC, SHARE_TOKEN, SIGNED_ADDRESS } from '../../../src/server/auth/access.ts';
import { ownUserRefusalTarget, TOKEN_REFUSALS, tokenRefusalOf } from '../../../src/server/auth/api-tokens.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { makeTeam, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient } from '../support/http.ts';
import { addressOf, apiRoutes as allRoutes } from '../support/routes.ts';
import { makeApiToken, READ_ONLY } from './support.ts';
import { one, textOf } from '../../support/html.ts';

const server = useTestServer();
let team: Team;
let writer: ApiClient;
let reader: ApiClient;
let writerToken: string;

beforeAll(async () => {
  team = await makeTeam(server);
  const made = await makeApiToken(server, team.admin, team.org.id, { scope: 'read-write' });
  writer = made.api;
  writerToken = made.token;
  reader = (await makeApiToken(server, team.admin, team.org.id, { scope: 'read' })).api;
});

const apiRoutes = () => allRoutes(server.deps);
const REFUSAL_DETAILS = new Set(Object.values(TOKEN_REFUSALS).map((r) => (typeof r === 'string' ? r : r.ownUser)));
const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Calls whose sign-in never looks at a bearer token (their own token or signature is the proof), or a share token's only. */
const bearerPlaysNoPart = (method: string, path: string) => {
  const chain = chainOf(ACCESS, method, path);
  return chain === PUBLIC || chain === SIGNED_ADDRESS || chain === SHARE_TOKEN;
};
const call = (client: ApiClient, route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return client.request(method, addressOf(path, () => team.org.id), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
};

describe('an API token, over every route of the API', () => {
  it('every entry of the table of refusals holds a route of the API', () => {
    const routes = apiRoutes();
    for (const key of Object.keys(TOKEN_REFUSALS)) {
      const [method, prefix] = key.includes(' ') ? (key.split(' ') as [string, string]) : [undefined, key];
      const held = routes.some((r) => {
        const [m, p] = r.split(' ') as [string, string];
        return (method === undefined || m === method) && (p === prefix || p.startsWith(`${prefix}/`));
      });
      expect(held, key).toBe(true);
    }
  });

  it('read and write: the refused calls answer 403 with the table’s detail; no other call is refused for being a token', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await call(writer, route);
      const refusal = tokenRefusalOf(method, path);
      if (refusal !== undefined) {
        answered.push(`${route}: ${res.status} ${res.body?.detail}`);
        expected.push(`${route}: 403 ${refusal}`);
      } else {
        const byToken = res.status === 403 && (REFUSAL_DETAILS.has(res.body?.detail) || res.body?.detail === READ_ONLY.detail);
        const signedOut = res.status === 401 && !bearerPlaysNoPart(method, path);
        answered.push(`${route}: ${byToken || signedOut ? `${res.status} ${res.text}` : 'the user’s'}`);
        expected.push(`${route}: the user’s`);
      }
      expect(res.status, `${route}: ${res.text}`).toBeLessThan(500);
    }
    expect(answered).toEqual(expected);
    expect(answered.length).toBeGreaterThan(60);
  });

  it('read and write: a call refused on the token’s own user answers 403 with the table’s detail there, and is the user’s on another', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const own = addressOf(path, () => team.admin.id);
      const target = ownUserRefusalTarget(method, `/${own}`);
      if (target === undefined) continue;
      const res = await writer.request(method, own, { json: {} });
      answered.push(`${route} (own user): ${res.status} ${res.body?.detail}`);
      expected.push(`${route} (own user): 403 ${target.detail}`);
      const other = await writer.request(method, addressOf(path, () => team.member.id), { json: {} });
      answered.push(`${route} (another member): ${other.status}`);
      expected.push(`${route} (another member): 200`);
    }
    expect(answered).toEqual(expected);
    // PUT users/{id} at least (the admin area's edit of a member).
    expect(answered.length).toBeGreaterThanOrEqual(2);
  });

  it('read only: every write of a signed-in call answers 403 (the refusal’s detail or "read only")', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      if (!WRITES.has(method) || bearerPlaysNoPart(method, path)) continue;
      const res = await call(reader, route);
      answered.push(`${route}: ${res.status} ${res.body?.detail}`);
      expected.push(`${route}: 403 ${tokenRefusalOf(method, path) ?? READ_ONLY.detail}`);
    }
    expect(answered).toEqual(expected);
    expect(answered.length).toBeGreaterThan(30);
  });

  it('the token still works after the sweep (nothing it tried ended it) and its organisation is unchanged', async () => {
    const me = await writer.get(paths.auth.me);
    expect(me.status).toBe(200);
    expect(me.body.org.id).toBe(team.org.id);
  });
});

describe('a token is never the session cookie', () => {
  it('switching organisation with a token is refused and sets no cookie', async () => {
    const res = await writer.post(paths.auth.selectOrg, team.org.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'An API token works in its own organization only' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('a page asked for with a token as its cookie gets no answers (as without a cookie)', async () => {
    const page = await fetch(`${server.url}/documentation/browse`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${writerToken}` } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const block = JSON.parse(textOf(one(html, 'script#rb-page-data[type="application/json"]')));
    expect(block.answers).toBeUndefined();
    expect(block.session).toBeUndefined();
  });

  it('the API never takes a token from a cookie', async () => {
    const res = await server.client().get(paths.auth.me, { headers: { cookie: `rb_session=${writerToken}` } });
    expect(res.status).toBe(401);
  });
});
