/**
 * The 403 sweep (issue #11): every admin-only call, one row each in ADMIN_CALLS. A plain member of the
 * organisation gets 403 from each, and nothing changes; an admin of ANOTHER organisation using this
 * organisation's ids gets 404 (as for a missing id), and nothing changes. A last test enumerates the
 * API's routes (from the Hono app) so that a new admin-area route cannot be left out of the table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUserDirectly, invite, newRegistration, orgWithAdmin, uniqueName, type TestOrg, type TestUser } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import type { ApiResponse } from './support/http.ts';
import { apiRoutes } from './support/routes.ts';

const server = useTestServer();

/** The ids of one organisation's things an admin call may name. */
interface Ids {
  user: string;
  invitation: string;
  role: string;
  webhook: string;
  apiToken: string;
}

interface AdminCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as Hono has it (checked against the app's routes). */
  route: string;
  path: (ids: Ids) => string;
  body?: () => unknown;
  /** Whether the address names one of the organisation's things (then another organisation gets 404). */
  namesId: boolean;
}

/** THE table: one line per admin-only call. */
const ADMIN_CALLS: AdminCall[] = [
  { method: 'GET', route: '/users', path: () => 'users', namesId: false },
  { method: 'GET', route: '/users/:id', path: (ids) => `users/${ids.user}`, namesId: true },
  { method: 'POST', route: '/users/', path: () => 'users/', body: () => newRegistration(), namesId: false },
  { method: 'POST', route: '/users', path: () => 'users', body: () => ({ email: `${uniqueName('sweep')}@example.com`, roles: [] }), namesId: false },
  { method: 'PUT', route: '/users/:id', path: (ids) => `users/${ids.user}`, body: () => ({ full_name: 'Swept', is_org_admin: true }), namesId: true },
  { method: 'DELETE', route: '/users/:id', path: (ids) => `users/${ids.user}`, namesId: true },
  { method: 'DELETE', route: '/users/accounts/:id', path: (ids) => `users/accounts/${ids.user}`, namesId: true },
  { method: 'GET', route: '/auth/org-invites', path: () => 'auth/org-invites', namesId: false },
  { method: 'PUT', route: '/auth/org-invites/:id', path: (ids) => `auth/org-invites/${ids.invitation}`, body: () => ({ resend_email: true }), namesId: true },
  { method: 'DELETE', route: '/auth/org-invites/:id', path: (ids) => `auth/org-invites/${ids.invitation}`, namesId: true },
  { method: 'POST', route: '/roles', path: () => 'roles', body: () => ({ name: uniqueName('Swept') }), namesId: false },
  { method: 'PUT', route: '/roles/:id', path: (ids) => `roles/${ids.role}`, body: () => ({ name: uniqueName('Swept') }), namesId: true },
  { method: 'DELETE', route: '/roles/:id', path: (ids) => `roles/${ids.role}`, namesId: true },
  { method: 'GET', route: '/activity', path: () => 'activity', namesId: false },
  { method: 'GET', route: '/settings/mail-failures', path: () => 'settings/mail-failures', namesId: false },
  { method: 'GET', route: '/settings/export.zip', path: () => 'settings/export.zip', namesId: false },
  { method: 'GET', route: '/webhooks', path: () => 'webhooks', namesId: false },
  { method: 'POST', route: '/webhooks', path: () => 'webhooks', body: () => ({ url: 'https://example.com/hook', events: ['member.left'] }), namesId: false },
  { method: 'GET', route: '/webhooks/:id', path: (ids) => `webhooks/${ids.webhook}`, namesId: true },
  { method: 'PUT', route: '/webhooks/:id', path: (ids) => `webhooks/${ids.webhook}`, body: () => ({ url: 'https://example.com/swept', events: ['member.joined'] }), namesId: true },
  { method: 'DELETE', route: '/webhooks/:id', path: (ids) => `webhooks/${ids.webhook}`, namesId: true },
  { method: 'POST', route: '/webhooks/:id/rotate-secret', path: (ids) => `webhooks/${ids.webhook}/rotate-secret`, namesId: true },
  { method: 'GET', route: '/webhooks/:id/deliveries', path: (ids) => `webhooks/${ids.webhook}/deliveries`, namesId: true },
  { method: 'POST', route: '/webhooks/:id/deliveries/:deliveryId/resend', path: (ids) => `webhooks/${ids.webhook}/deliveries/${ids.webhook}/resend`, namesId: true },
  { method: 'POST', route: '/webhooks/:id/test', path: (ids) => `webhooks/${ids.webhook}/test`, namesId: true },
  { method: 'GET', route: '/users/api-tokens', path: () => 'users/api-tokens', namesId: false },
  { method: 'DELETE', route: '/users/api-tokens/:id', path: (ids) => `users/api-tokens/${ids.apiToken}`, namesId: true },
  { method: 'GET', route: '/sso/connection', path: () => 'sso/connection', namesId: false },
  { method: 'PUT', route: '/sso/connection', path: () => 'sso/connection', body: () => ({ issuer: 'https://id.example.com', client_id: 'swept', client_secret: 'swept', domains: ['example.com'] }), namesId: false },
  { method: 'DELETE', route: '/sso/connection', path: () => 'sso/connection', namesId: false },
];

/** Routes of the admin area's prefixes that any member may call (their own things). */
const MEMBER_CALLS = new Set(['GET /roles', 'GET /roles/:id', 'POST /users/sign-avatar-upload']);
const ADMIN_AREA = /^\/(users|auth\/org-invites|activity|roles|settings|webhooks|sso)(\/|$)/;

let ours: { admin: TestUser; member: TestUser; org: TestOrg; ids: Ids };
let theirs: { admin: TestUser };

beforeAll(async () => {
  const { admin, org } = await orgWithAdmin(server);
  const role = await createRole(server, admin);
  const user = await createUserDirectly(server, admin, { roles: [role.id] });
  const member = await createUserDirectly(server, admin);
  const { id: invitation } = await invite(server, admin, `${uniqueName('swept')}@example.com`);
  const webhook = await admin.api.post('webhooks', { url: 'https://example.com/hook', events: ['member.left'] });
  const apiToken = await user.api.post('auth/api-tokens', { name: 'Swept', organization_id: org.id, scope: 'read' });
  expect(apiToken.status, apiToken.text).toBe(201);
  ours = { admin, member, org, ids: { user: user.id, invitation, role: role.id, webhook: webhook.body.id, apiToken: apiToken.body.id } };
  theirs = { admin: (await orgWithAdmin(server)).admin };
});

const label = (c: AdminCall) => `${c.method} ${c.route}`;
const call = (who: TestUser, c: AdminCall): Promise<ApiResponse> =>
  who.api.request(c.method, c.path(ours.ids), c.body ? { json: c.body() } : {});

/** What an admin of the organisation sees of its things: unchanged by refused calls. */
async function snapshot() {
  const api = ours.admin.api;
  const [users, invites, role, user, webhooks, apiTokens] = await Promise.all([
    api.get('users'),
    api.get('auth/org-invites'),
    api.get(`roles/${ours.ids.role}`),
    api.get(`users/${ours.ids.user}`),
    api.get('webhooks'),
    api.get('users/api-tokens'),
  ]);
  return { users: users.body, invites: invites.body, role: role.body, user: user.body, webhooks: webhooks.body, apiTokens: apiTokens.body };
}

describe('every admin-only call', () => {
  it.each(ADMIN_CALLS.map((c) => [label(c), c] as const))('%s: a plain member gets 403, and nothing changes', async (_, c) => {
    const before = await snapshot();
    const res = await call(ours.member, c);
    expect(res.status, res.text).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Only organization admins can do this' });
    expect(await snapshot()).toEqual(before);
  });

  it.each(ADMIN_CALLS.filter((c) => c.namesId).map((c) => [label(c), c] as const))(
    "%s: another organisation's admin with this organisation's ids gets 404, and nothing changes",
    async (_, c) => {
      const before = await snapshot();
      const res = await call(theirs.admin, c);
      expect(res.status, res.text).toBe(404);
      expect(res.body.detail).toMatch(/not found$/);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('the table holds every admin-only route of the API', () => {
    const adminArea = apiRoutes(server.deps).filter((r) => ADMIN_AREA.test(r.split(' ')[1]!) && !MEMBER_CALLS.has(r));
    expect(adminArea.sort()).toEqual(ADMIN_CALLS.map(label).sort());
  });
});
