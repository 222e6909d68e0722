/**
 * auth/create-org and auth/select-org, and the subscription check of org-scoped calls: 402 'Organization
 * subscription is expired' once the trial (or paid period) is over, 403 'Invalid Organization Subscription'
 * for a switched-off organisation.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aclEntries, folders, memberships, organisations } from '../../src/server/db/schema.ts';
import { ALL_BITS, createOrg, orgWithAdmin, registerAndActivate, shared, signIn, uniqueName } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import { BILLING_ON_WITHOUT_STRIPE } from './support/stripe-server.ts';
import type { ApiClient } from './support/http.ts';

// Billing on (issue #15): with billing off nothing expires, and these tests check the 402.
const server = useTestServer({ env: BILLING_ON_WITHOUT_STRIPE });
const someUser = shared(() => registerAndActivate(server));
const DAY = 24 * 60 * 60 * 1000;
const EXPIRED = { detail: 'Organization subscription is expired' };

describe('POST auth/create-org', () => {
  it('creates the organisation with its creator as org admin, and makes it current for this session', async () => {
    const user = await registerAndActivate(server);
    const name = uniqueName('Acme');
    const res = await user.api.post('auth/create-org', { name: `  ${name}  ` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name });
    const me = (await user.api.get('auth/me')).body;
    expect(me.org).toMatchObject({ id: res.body.id, name, is_active: true });
    expect(me.is_org_admin).toBe(true);
    expect(me.available_orgs).toEqual([{ id: res.body.id, name, is_org_admin: true }]);
  });

  it('creates the root folder, granting the organisation every permission bit (the spec’s root permissions)', async () => {
    const { org, admin } = await orgWithAdmin(server);
    const roots = await server.db
      .select()
      .from(folders)
      .where(and(eq(folders.orgId, org.id), isNull(folders.parentId)));
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ name: org.name, createdBy: admin.id, deletedAt: null });
    const acl = await server.db.select().from(aclEntries).where(eq(aclEntries.folderId, roots[0]!.id));
    expect(acl).toEqual([
      expect.objectContaining({ orgId: org.id, subjectType: 'org', subjectId: org.id, isGrant: true, permissions: ALL_BITS }),
    ]);
  });

  it('starts the 7-day free trial', async () => {
    const user = await registerAndActivate(server);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    server.clock.freeze(at);
    try {
      const org = await createOrg(user);
      const me = (await user.api.get('auth/me')).body;
      expect(me.org.trial_ends_at).toBe(new Date(at.getTime() + 7 * DAY).toISOString());
      const [row] = await server.db.select().from(organisations).where(eq(organisations.id, org.id));
      expect(row?.paidUntil).toBeNull();
    } finally {
      server.clock.reset();
    }
  });

  it('a second organisation becomes current; both are available', async () => {
    const { admin, org: first } = await orgWithAdmin(server);
    const second = await createOrg(admin);
    const me = (await admin.api.get('auth/me')).body;
    expect(me.org.id).toBe(second.id);
    expect(me.available_orgs.map((o: { id: string }) => o.id).sort()).toEqual([first.id, second.id].sort());
  });

  it.each([
    [{}, 'name: Field required'],
    [{ name: '   ' }, 'Organization Name is required'],
    [{ name: 'x'.repeat(201) }, 'Organization Name must be at most 200 characters'],
    [{ name: 7 }, 'name: name must be a string'],
  ])('refuses %j with 422', async (body, detail) => {
    const user = await someUser();
    const res = await user.api.post('auth/create-org', body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
    expect((await user.api.get('auth/me')).body.available_orgs).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.client().post('auth/create-org', { name: 'Nobody Inc' })).status).toBe(401);
  });
});

describe('POST auth/select-org', () => {
  it('takes the organisation id as the body and answers the user with that organisation current', async () => {
    const { admin, org: first } = await orgWithAdmin(server);
    await createOrg(admin);
    const res = await admin.api.post('auth/select-org', first.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.id, org: { id: first.id, name: first.name }, is_org_admin: true });
    expect((await admin.api.get('auth/me')).body.org.id).toBe(first.id);
  });

  it('the choice belongs to the login session', async () => {
    const { admin, org: first } = await orgWithAdmin(server);
    const second = await createOrg(admin);
    const other = await signIn(server, admin); // two organisations: none current yet
    expect((await other.api.get('auth/me')).body.org).toBeNull();
    await other.api.post('auth/select-org', first.id);
    expect((await other.api.get('auth/me')).body.org.id).toBe(first.id);
    expect((await admin.api.get('auth/me')).body.org.id).toBe(second.id);
  });

  it("answers 404 for another organisation's id and for unknown ids", async () => {
    const { org: theirs } = await orgWithAdmin(server);
    const { admin, org: mine } = await orgWithAdmin(server);
    for (const id of [theirs.id, '0190f0f0-0000-7000-8000-000000000000']) {
      const res = await admin.api.post('auth/select-org', id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Organization not found' });
    }
    expect((await admin.api.get('auth/me')).body.org.id).toBe(mine.id);
  });

  it('answers 404 once the membership is switched off', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await server.db.update(memberships).set({ isActive: false }).where(eq(memberships.orgId, org.id));
    expect((await admin.api.post('auth/select-org', org.id)).status).toBe(404);
  });

  it('refuses a body that is not an id with 422', async () => {
    const { admin, org } = await orgWithAdmin(server);
    for (const body of ['not-a-uuid', { id: org.id }, [org.id], null, 1]) {
      const res = await admin.api.post('auth/select-org', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});

describe('subscription of org-scoped calls', () => {
  // POST users and GET auth/org-invites are the org-scoped calls of this issue.
  const orgScoped = [
    (api: ApiClient) => api.get('auth/org-invites'),
    (api: ApiClient) => api.post('users', { email: `${uniqueName('x')}@example.com`, roles: [] }),
  ];

  it("answers 402 'Organization subscription is expired' once the trial has ended", async () => {
    const { admin } = await orgWithAdmin(server);
    for (const call of orgScoped) expect((await call(admin.api)).status).toBeLessThan(300);
    await server.clock.shifted(7 * DAY + 60_000, async () => {
      for (const call of orgScoped) {
        const res = await call(admin.api);
        expect(res.status).toBe(402);
        expect(res.body).toMatchObject(EXPIRED);
      }
      // Not org-scoped: the profile still answers, so the client can send the user to billing.
      expect((await admin.api.get('auth/me')).status).toBe(200);
    });
  });

  it('follows the organisation row: an ended trial answers 402, a paid period lifts it', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await server.db
      .update(organisations)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organisations.id, org.id));
    expect((await admin.api.get('auth/org-invites')).body).toMatchObject(EXPIRED);
    await server.db
      .update(organisations)
      .set({ paidUntil: new Date(Date.now() + 30 * DAY) })
      .where(eq(organisations.id, org.id));
    expect((await admin.api.get('auth/org-invites')).status).toBe(200);
  });

  it("answers 403 'Invalid Organization Subscription' for a switched-off organisation", async () => {
    const { admin, org } = await orgWithAdmin(server);
    await server.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, org.id));
    const res = await admin.api.get('auth/org-invites');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Invalid Organization Subscription' });
  });

  it('answers 400 when no organisation is selected', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.get('auth/org-invites');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'No organization selected' });
  });
});
