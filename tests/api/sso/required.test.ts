/**
 * Required single sign-on (issue #48): members cannot sign in to the organisation with a password nor use
 * it through sessions started that way, except the org admins named as break-glass accounts; SSO governs
 * only its own organisation; the provider's back-channel logout ends the person's SSO sessions at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_REQUIRED } from '../../../src/server/auth/membership.ts';
import { hashToken } from '../../../src/server/auth/tokens.ts';
import { loginSessions } from '../../../src/server/db/schema.ts';
import { createUserDirectly, invite, newRegistration, orgWithAdmin, requestAccessToken, signIn, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { Browser, startProvider, tokenOf, uniqueDomain, type TestProvider } from './support.ts';

const server = useTestServer({ env: { OIDC_ALLOW_PRIVATE: '1' } });

let idp: TestProvider;
let admin: TestUser;
let secondAdmin: TestUser;
let member: TestUser;
let org: TestOrg;
const domain = uniqueDomain('required');

beforeAll(async () => {
  idp = await startProvider({ backchannelLogoutUri: `${server.url}/auth/sso/backchannel-logout` });
  ({ admin, org } = await orgWithAdmin(server));
  secondAdmin = await createUserDirectly(server, admin, { is_org_admin: true });
  member = await createUserDirectly(server, admin);
  const put = await admin.api.put('sso/connection', {
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains: [domain],
    required: true,
    break_glass_user_ids: [admin.id],
  });
  expect(put.status, put.text).toBe(200);
});

afterAll(async () => {
  await idp?.close();
});

describe('required SSO', () => {
  it('refuses a member’s password sign-in, and sessions started by password do not work in the organisation', async () => {
    const refused = await requestAccessToken(server, member.username, member.password);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.detail).toBe(SSO_REQUIRED);
    // The sessions they had from before it was required: no longer usable in it.
    const before = await member.api.get('documentation/folders/root');
    expect(before.status).toBe(403);
    expect(before.body.detail).toBe(SSO_REQUIRED);
    const otherAdmin = await secondAdmin.api.get('users');
    expect(otherAdmin.status).toBe(403);
  });

  it('refuses the new password of a temporary one too (auth/set-new-password), and opens no session', async () => {
    // The member got their step's token before the organisation required SSO; they finish it after.
    const other = await orgWithAdmin(server);
    const body = newRegistration();
    const created = await other.admin.api.post('users/', body);
    expect(created.status, created.text).toBe(201);
    const step = await requestAccessToken(server, body.username, body.password);
    expect(step.status, step.text).toBe(403);
    const required = await other.admin.api.put('sso/connection', { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [uniqueDomain('temporary')], required: true });
    expect(required.status, required.text).toBe(200);
    const res = await server.client().post('auth/set-new-password', { token: step.body.password_change_token, password: `${body.password}-Own1` });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ detail: SSO_REQUIRED });
    expect(res.body).not.toHaveProperty('access_token');
    const sessions = await server.db.select().from(loginSessions).where(eq(loginSessions.userId, created.body.id as string));
    expect(sessions).toEqual([]);
  });

  it('lets the break-glass admin in with their password', async () => {
    const again = await signIn(server, admin);
    expect((await again.api.get('users')).status).toBe(200);
    expect((await admin.api.get('sso/connection')).status).toBe(200);
  });

  it('SSO governs only its own organisation: a member of another one signs in by password and works there', async () => {
    const elsewhere = await orgWithAdmin(server);
    const { id } = await invite(server, elsewhere.admin, member.email);
    const accepted = await member.api.post(`auth/invite/${id}`, true);
    expect(accepted.status, accepted.text).toBeLessThan(300);
    const session = await signIn(server, member);
    const chosen = await session.api.post('auth/select-org', elsewhere.org.id);
    expect(chosen.status, chosen.text).toBe(200);
    expect((await session.api.get('documentation/folders/root')).status).toBe(200);
    expect((await session.api.post('auth/select-org', org.id)).status).toBe(200);
    expect((await session.api.get('documentation/folders/root')).status).toBe(403);
  });

  it('a session started by the provider works; the provider’s back-channel logout ends it at once', async () => {
    const email = `dee@${domain}`;
    idp.people.set('dee-sub', { email, name: 'Dee' });
    const token = tokenOf(await new Browser(server).signIn(email, 'dee-sub'));
    expect((await server.client(token).get('documentation/folders/root')).status).toBe(200);
    const [session] = await server.db.select().from(loginSessions).where(eq(loginSessions.tokenHash, hashToken(token)));
    expect(session!.ssoSid).toBeTruthy();
    await idp.logout('dee-sub', session!.ssoSid!);
    expect((await server.client(token).get('documentation/folders/root')).status).toBe(401);
  });

  it('refuses a logout token that is not the provider’s', async () => {
    const forged = 'eyJhbGciOiJub25lIn0.' + Buffer.from(JSON.stringify({ iss: idp.issuer, aud: idp.clientId, sub: 'dee-sub', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })).toString('base64url') + '.';
    const res = await fetch(`${server.url}/auth/sso/backchannel-logout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ logout_token: forged }) });
    expect(res.status).toBe(400);
  });
});
