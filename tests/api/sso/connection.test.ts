/**
 * `sso/connection` (issue #48): an org admin connects the organisation to its OpenID Connect provider. The
 * secret is sealed and never answered; the answer adds the addresses to register at the provider; issuers
 * on private addresses are refused unless OIDC_ALLOW_PRIVATE; API tokens are refused; every change is logged.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents, ssoConnections } from '../../../src/server/db/schema.ts';
import { createRole, createUserDirectly, orgWithAdmin } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';

const server = useTestServer();

const body = (overrides: Record<string, unknown> = {}) => ({
  issuer: 'https://id.example.com/realms/acme/',
  client_id: 'ringbinder',
  client_secret: 'the-provider-secret',
  domains: ['Acme.example', '@staff.acme.example'],
  ...overrides,
});

describe('sso/connection', () => {
  it('an admin connects, reads, changes and deletes it; the secret is sealed and never answered', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const role = await createRole(server, admin);
    expect((await admin.api.get('sso/connection')).status).toBe(404);
    const put = await admin.api.put('sso/connection', body({ default_role_id: role.id, break_glass_user_ids: [admin.id], required: true }));
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({
      issuer: 'https://id.example.com/realms/acme',
      client_id: 'ringbinder',
      domains: ['acme.example', 'staff.acme.example'],
      default_role_id: role.id,
      required: true,
      break_glass_user_ids: [admin.id],
      redirect_uri: `${PUBLIC_URL}/auth/sso/callback`,
      backchannel_logout_uri: `${PUBLIC_URL}/auth/sso/backchannel-logout`,
      updated_at: expect.any(String),
    });
    expect(put.text).not.toContain('the-provider-secret');
    const [row] = await server.db.select().from(ssoConnections).where(eq(ssoConnections.orgId, org.id));
    expect(row!.clientSecret).toMatch(/^v1:/);
    expect(row!.clientSecret).not.toContain('the-provider-secret');

    // Left out, the secret stays; break-glass and role kept when left out.
    const { client_secret: _, ...withoutSecret } = body({ client_id: 'ringbinder-2' });
    const changed = await admin.api.put('sso/connection', withoutSecret);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ client_id: 'ringbinder-2', break_glass_user_ids: [admin.id], default_role_id: role.id, required: true });
    const [kept] = await server.db.select().from(ssoConnections).where(eq(ssoConnections.orgId, org.id));
    expect(kept!.clientSecret).toBe(row!.clientSecret);
    expect((await admin.api.get('sso/connection')).body).toEqual(changed.body);

    expect((await admin.api.delete('sso/connection')).status).toBe(204);
    expect((await admin.api.get('sso/connection')).status).toBe(404);
    expect((await admin.api.delete('sso/connection')).status).toBe(404);
    const events = await server.db.select().from(activityEvents).where(eq(activityEvents.orgId, org.id));
    const sso = events.filter((e) => e.type.startsWith('SsoConnection'));
    expect(sso.map((e) => e.type)).toEqual(['SsoConnectionCreated', 'SsoConnectionUpdated', 'SsoConnectionDeleted']);
    expect(JSON.stringify(sso)).not.toContain('the-provider-secret');
    const log = await admin.api.get('activity');
    expect(log.status).toBe(200);
    expect(log.body.results.map((e: { activity_type: string }) => e.activity_type)).toContain('SsoConnectionCreated');
  });

  it('refuses bad bodies with 422 naming the field, and saves nothing', async () => {
    const { admin } = await orgWithAdmin(server);
    const other = await orgWithAdmin(server);
    const otherRole = await createRole(server, other.admin);
    const member = await createUserDirectly(server, admin);
    const cases: [Record<string, unknown>, string][] = [
      [body({ issuer: 'not a url' }), 'issuer'],
      [body({ issuer: 'ftp://id.example.com' }), 'issuer'],
      [body({ issuer: 'https://127.0.0.1:8443' }), 'issuer'],
      [body({ issuer: 'https://10.1.2.3' }), 'issuer'],
      [body({ issuer: 'https://[::1]' }), 'issuer'],
      [body({ issuer: 'https://169.254.169.254' }), 'issuer'],
      [body({ issuer: 'http://id.example.com' }), 'issuer'],
      [body({ domains: [] }), 'domains'],
      [body({ domains: ['not a domain'] }), 'domains.0'],
      [body({ client_id: '' }), 'client_id'],
      [body({ client_secret: undefined }), 'client_secret'],
      [body({ default_role_id: otherRole.id }), 'default_role_id'],
      [body({ break_glass_user_ids: [member.id] }), 'break_glass_user_ids'],
      [body({ break_glass_user_ids: [other.admin.id] }), 'break_glass_user_ids'],
    ];
    for (const [sent, field] of cases) {
      const res = await admin.api.put('sso/connection', sent);
      expect(res.status, `${JSON.stringify(sent)} ${res.text}`).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await admin.api.get('sso/connection')).status).toBe(404);
    const notJson = await admin.api.request('PUT', 'sso/connection', { body: 'nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('plain members get 403, API tokens get 403, and each organisation sees only its own', async () => {
    const { admin, org } = await orgWithAdmin(server);
    const member = await createUserDirectly(server, admin);
    expect((await admin.api.put('sso/connection', body())).status).toBe(200);
    expect((await member.api.get('sso/connection')).status).toBe(403);
    const token = await admin.api.post('auth/api-tokens', { name: 'Directory sync', organization_id: org.id, scope: 'read-write' });
    expect(token.status, token.text).toBe(201);
    const withToken = server.client(token.body.token);
    const read = await withToken.get('sso/connection');
    expect(read.status).toBe(403);
    expect(read.body.detail).toBe('An API token cannot manage single sign-on');
    expect((await withToken.delete('sso/connection')).status).toBe(403);
    const other = await orgWithAdmin(server);
    expect((await other.admin.api.get('sso/connection')).status).toBe(404);
    expect((await other.admin.api.delete('sso/connection')).status).toBe(404);
    expect((await admin.api.get('sso/connection')).status).toBe(200);
  });
});
