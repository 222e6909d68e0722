/**
 * Personal API tokens made, listed and revoked by their user (issue #34): POST / GET / DELETE
 * auth/api-tokens. A token is shown once (`rb_pat_…`) and stored only as its SHA-256; the list never shows
 * it again and says when each was last used (at most once a minute); revoking answers 401 at once; each
 * change is in the activity log (created, first used, revoked).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, apiTokens } from '../../../src/server/db/schema.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { createOrg, orgWithAdmin, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { CREDENTIALS, makeApiToken } from './support.ts';

const server = useTestServer();
let ann: TestUser;
let org: TestOrg;

beforeAll(async () => {
  ({ admin: ann, org } = await orgWithAdmin(server));
});

const tokenEvents = async (orgId: string) =>
  (await server.db.select().from(activityEvents).where(eq(activityEvents.orgId, orgId)))
    .filter((e) => e.type.startsWith('ApiToken'))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));

describe('POST auth/api-tokens', () => {
  it('answers 201 with the token once, rb_pat_ + 43 base64url characters; only its SHA-256 is stored', async () => {
    const expires = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const made = await makeApiToken(server, ann, org.id, { name: '  CI deploy  ', scope: 'read', expires_at: expires });
    expect(made.token).toMatch(/^rb_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'CI deploy',
      organization: { id: org.id, name: org.name },
      scope: 'read',
      created_at: expect.any(String),
      expires_at: expires,
      last_used_at: null,
      token: made.token,
    });
    const [row] = await server.db.select().from(apiTokens).where(eq(apiTokens.id, made.body.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(7));
    // The list never shows it again.
    const list = await ann.api.get(paths.auth.apiTokens);
    expect(list.status).toBe(200);
    const listed = list.body.results.find((t: { id: string }) => t.id === made.body.id);
    const { token: _shownOnce, ...withoutToken } = made.body;
    expect(listed).toEqual(withoutToken);
    expect(list.text).not.toContain(made.token);
  });

  it('makes each token different', async () => {
    const [a, b] = await Promise.all([makeApiToken(server, ann, org.id), makeApiToken(server, ann, org.id)]);
    expect(a.token).not.toBe(b.token);
  });

  it.each([
    ['no name', { name: '   ', scope: 'read' }, 'Name is required'],
    ['a bad scope', { name: 'x', scope: 'admin' }, 'scope'],
    ['an unknown key', { name: 'x', scope: 'read', is_org_admin: true }, 'is_org_admin'],
    ['a past expiry', { name: 'x', scope: 'read', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at: must be in the future'],
    ['an expiry without a zone', { name: 'x', scope: 'read', expires_at: '2099-01-01T00:00:00' }, 'expires_at'],
  ])('refuses %s with 422', async (_, body, detail) => {
    const res = await ann.api.post(paths.auth.apiTokens, { organization_id: org.id, ...body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it("refuses an organisation that is not one of the caller's (another's, unknown, malformed) with 422", async () => {
    const other = await orgWithAdmin(server);
    for (const organization_id of [other.org.id, '0190a0a0-0000-7000-8000-000000000000', 'nope']) {
      const res = await ann.api.post(paths.auth.apiTokens, { name: 'x', scope: 'read', organization_id });
      expect(res.status, res.text).toBe(422);
      expect(res.body.detail).toContain('organization_id');
    }
  });

  it('makes a token for any of the caller’s organisations, not only the current one', async () => {
    const second = await createOrg(ann);
    const made = await makeApiToken(server, ann, org.id);
    expect(made.body.organization).toEqual({ id: org.id, name: org.name });
    const me = await made.api.get(paths.auth.me);
    expect(me.status, me.text).toBe(200);
    expect(me.body.org.id).toBe(org.id);
    // It names its own organisation only.
    expect(me.body.available_orgs.map((o: { id: string }) => o.id)).toEqual([org.id]);
    expect(second.id).not.toBe(org.id);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.client().post(paths.auth.apiTokens, { name: 'x', scope: 'read', organization_id: org.id });
    expect(res.status).toBe(401);
  });
});

describe('DELETE auth/api-tokens/{id}', () => {
  it('revokes at once: the token answers 401 like a bad one, and leaves the list', async () => {
    const made = await makeApiToken(server, ann, org.id);
    expect((await made.api.get(paths.auth.me)).status).toBe(200);
    const res = await ann.api.delete(paths.auth.apiToken(made.body.id));
    expect(res.status, res.text).toBe(204);
    const after = await made.api.get(paths.auth.me);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject(CREDENTIALS);
    const list = await ann.api.get(paths.auth.apiTokens);
    expect(list.body.results.map((t: { id: string }) => t.id)).not.toContain(made.body.id);
    // Twice: 404.
    expect((await ann.api.delete(paths.auth.apiToken(made.body.id))).status).toBe(404);
  });

  it("answers 404 for another user's token, an unknown id and a malformed one, and changes nothing", async () => {
    const made = await makeApiToken(server, ann, org.id);
    const bob = (await orgWithAdmin(server)).admin;
    for (const id of [made.body.id, '0190a0a0-0000-7000-8000-000000000000', 'nope']) {
      const res = await bob.api.delete(paths.auth.apiToken(id));
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ detail: 'API token not found' });
    }
    expect((await made.api.get(paths.auth.me)).status).toBe(200);
  });
});

describe('last used and the activity log', () => {
  it('notes the last use at most once a minute; records created, the first use once, and revoked', async () => {
    const { admin, org: own } = await orgWithAdmin(server);
    const made = await makeApiToken(server, admin, own.id, { name: 'Nightly export' });
    const lastUsed = async () => (await admin.api.get(paths.auth.apiTokens)).body.results[0].last_used_at as string | null;
    expect(await lastUsed()).toBeNull();

    await Promise.all([made.api.get(paths.auth.me), made.api.get(paths.auth.me), made.api.get(paths.auth.me)]);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await made.api.get(paths.auth.me);
    expect(await lastUsed()).toBe(first);
    await server.clock.shifted(2 * 60_000, async () => {
      await made.api.get(paths.auth.me);
      expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(new Date(first!).getTime() + 60_000);
    });

    expect((await admin.api.delete(paths.auth.apiToken(made.body.id))).status).toBe(204);
    const events = await tokenEvents(own.id);
    expect(events.map((e) => e.type)).toEqual(['ApiTokenCreated', 'ApiTokenUsed', 'ApiTokenRevoked']);
    for (const e of events) {
      expect(e.actorId).toBe(admin.id);
      expect(e.context).toEqual({ token_id: made.body.id, token_name: 'Nightly export', scope: 'read-write', user_id: admin.id, username: admin.username });
    }
    // The log says so.
    const log = await admin.api.get(`${paths.activity}?limit=3`);
    expect(log.status).toBe(200);
    expect(log.body.results.map((e: { activity_type: string }) => e.activity_type)).toEqual(['ApiTokenRevoked', 'ApiTokenUsed', 'ApiTokenCreated']);
    expect(log.body.results[0].target).toMatchObject({ kind: 'user', id: admin.id, name: admin.username, state: 'live' });
  });
});
