/**
 * The 402 gate with billing on (issue #15): a new organisation's trial lasts TRIAL_DAYS (3 here); once
 * neither the trial nor a paid period holds, EVERY call on the organisation's data answers 402
 * 'Organization subscription is expired' — the list is built from the API's own routes, so a new route is
 * gated unless it is named below as one that stays open — while auth/me, select-org, create-org, sign-out,
 * account settings and billing/* keep working, so an admin can always pay.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisations } from '../../../src/server/db/schema.ts';
import { createOrg, memberOf, missingId, orgWithAdmin, signIn, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { apiRoutes as allRoutes } from '../support/routes.ts';
import { useStripeServer } from '../support/stripe-server.ts';

const stripe = useStripeServer();
const server = useTestServer({
  get env() {
    return { ...stripe.env, TRIAL_DAYS: '3' };
  },
});
stripe.prices.push({ id: 'price_gate', unit_amount: 900, product: { name: 'Gate', description: '' } });

const DAY = 24 * 60 * 60 * 1000;
const EXPIRED = { detail: 'Organization subscription is expired' };

/** Calls that never look at the organisation's data (signed addresses, signing in, one's own account, billing). */
const OPEN = new Set([
  'POST /uploads',
  'POST /auth/register',
  'POST /auth/activate',
  'POST /auth/access-token',
  'POST /auth/send-password-reset',
  'POST /auth/reset-password',
  'POST /auth/set-new-password',
  'POST /auth/confirm-email',
  'GET /auth/invite/:id',
  'GET /auth/me',
  'PUT /auth/me',
  'POST /auth/logout',
  'DELETE /auth/me/email-change',
  'GET /auth/me/sessions',
  'DELETE /auth/me/sessions/:id',
  'POST /auth/set-otp',
  'POST /auth/create-org',
  'POST /auth/select-org',
  'GET /auth/invites',
  'POST /auth/invite/:id',
  // Account Settings' API tokens (issue #34): listed, made and revoked whatever an organisation's state (a
  // token of an expired organisation answers 402 when it is used).
  'GET /auth/api-tokens',
  'POST /auth/api-tokens',
  'DELETE /auth/api-tokens/:id',
  'GET /media/:documentId/:uploadId',
  'GET /avatars/:userId/:uploadId',
  'POST /users/sign-avatar-upload',
  'POST /billing/webhook',
  'GET /billing/products',
  'POST /billing/create-checkout-session',
  'GET /_build-info',
  // THE OpenAPI document (issue #34): public.
  'GET /openapi.json',
  // A share token's own read (issue #29): a member's token gets 401 there, the link's own organisation's lapse 402 (share-links/lapsed-organisation.test.ts).
  'GET /share/checklist',
  // A share link's kiosk schedule (issue #44): the same, a share token's own read.
  'GET /share/schedule',
  // Erasing one's own account (issue #47, GDPR Art. 17) never waits on the organisation's billing.
  'POST /auth/delete-account',
]);

const apiRoutes = () => allRoutes(server.deps);

/** A route's address with every parameter filled (`:kind{folders|documents}` → folders, `:id` → an id). */
function addressOf(path: string): string {
  return path
    .replace(/:\w+\{([^|}]+)[^}]*\}/g, '$1')
    .replace(/:version\b/g, '1')
    .replace(/:kind\b/g, 'document')
    .replace(/:\w+/g, () => missingId())
    .replace(/^\//, '');
}

async function expiredOrgAdmin(): Promise<{ admin: TestUser; orgId: string; member: TestUser }> {
  const { admin, org } = await orgWithAdmin(server);
  const member = await memberOf(server, admin);
  await server.db.update(organisations).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(organisations.id, org.id));
  return { admin, orgId: org.id, member };
}

describe('the trial', () => {
  it('a new organisation gets TRIAL_DAYS from its creation, then 402', async () => {
    const { admin } = await orgWithAdmin(server);
    const me = (await admin.api.get('auth/me')).body;
    const trialEnds = Date.parse(me.org.trial_ends_at);
    expect(Math.abs(trialEnds - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    expect(me.org.subscription).toEqual({ status: 'trialing', trial_ends_at: me.org.trial_ends_at, current_period_end: null });
    expect((await admin.api.get('documentation/folders/root')).status).toBe(200);
    await server.clock.shifted(3 * DAY + 60_000, async () => {
      expect((await admin.api.get('documentation/folders/root')).body).toMatchObject(EXPIRED);
      expect((await admin.api.get('auth/me')).body.org).toMatchObject({ is_active: true, subscription: { status: 'expired' } });
    });
  });
});

describe('an expired organisation', () => {
  const gated = () => apiRoutes().filter((r) => !OPEN.has(r));

  it('every call on its data answers 402, for its admin and its members', async () => {
    const { admin, member } = await expiredOrgAdmin();
    const failures: string[] = [];
    for (const [route, who] of gated().flatMap((r) => [[r, admin], [r, member]] as const)) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await who.api.request(method, addressOf(path), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      if (res.status !== 402 || res.body?.detail !== EXPIRED.detail) failures.push(`${route}: ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
    expect(gated().length).toBeGreaterThan(50);
  });

  it("an API token of the expired organisation answers 402 on its data, as its user would (issue #34)", async () => {
    const { admin, orgId } = await expiredOrgAdmin();
    const made = await admin.api.post('auth/api-tokens', { name: 'Script', organization_id: orgId, scope: 'read' });
    expect(made.status, made.text).toBe(201);
    const res = await server.client(made.body.token).get('documentation/folders/root');
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject(EXPIRED);
  });

  it('the calls that stay open never answer 402', async () => {
    const { admin } = await expiredOrgAdmin();
    const spare = await signIn(server, admin); // logout is tried on its own session
    const failures: string[] = [];
    for (const route of [...OPEN].filter((r) => r !== 'POST /auth/logout' && r !== 'POST /auth/create-org' && r !== 'POST /auth/select-org')) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await admin.api.request(method, addressOf(path), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      if (res.status === 402 || res.status >= 500) failures.push(`${route}: ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
    expect((await spare.api.post('auth/logout')).status).toBeLessThan(300);
  });

  it('keeps auth/me, account settings, create-org, select-org and billing working, so an admin can pay', async () => {
    const { admin, orgId } = await expiredOrgAdmin();
    const me = await admin.api.get('auth/me');
    expect(me.status).toBe(200);
    expect(me.body.org).toMatchObject({ id: orgId, is_active: true, subscription: { status: 'expired', current_period_end: null } });
    expect((await admin.api.put('auth/me', { full_name: 'Still Here' })).status).toBe(200);
    expect((await admin.api.get('auth/me/sessions')).status).toBe(200);
    const avatar = await admin.api.post('users/sign-avatar-upload', { filename: 'me.png', file_size: 100, content_type: 'image/png' });
    expect(avatar.status, avatar.text).toBe(201);
    expect((await admin.api.get('billing/products')).body).toEqual([
      { id: 'price_gate', unit_amount: 900, currency: 'usd', recurring: { interval: 'month' }, product: { name: 'Gate', description: '' } },
    ]);
    const checkout = await admin.api.post('billing/create-checkout-session', { price_id: 'price_gate' });
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // Another organisation (a fresh trial), and back.
    const other = await createOrg(admin);
    expect((await admin.api.get('documentation/folders/root')).status).toBe(200);
    expect((await admin.api.post('auth/select-org', orgId)).status).toBeLessThan(300);
    expect((await admin.api.get('documentation/folders/root')).body).toMatchObject(EXPIRED);
    expect((await admin.api.post('auth/select-org', other.id)).status).toBeLessThan(300);
    expect((await admin.api.post('auth/logout')).status).toBeLessThan(300);
  });

  it('a switched-off organisation gets 403 from billing too', async () => {
    const { admin, orgId } = await expiredOrgAdmin();
    await server.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, orgId));
    for (const res of [await admin.api.get('billing/products'), await admin.api.post('billing/create-checkout-session', { price_id: 'price_gate' })]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ detail: 'Invalid Organization Subscription' });
    }
  });
});
