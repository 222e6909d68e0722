/**
 * Signing in through the organisation's provider (issue #48), against a real OpenID Connect provider: the
 * whole flow (start → provider's sign-in form → callback), the account made just in time with the
 * connection's role and counted against the plan, a normal login session in that organisation (the token
 * in the page's body and the session cookie), the link kept as (issuer, subject).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, loginSessions, ssoIdentities, users } from '../../../src/server/db/schema.ts';
import { hashToken } from '../../../src/server/auth/tokens.ts';
import { createRole, orgWithAdmin, setPlanLimits, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { Browser, startProvider, tokenOf, uniqueDomain, type TestProvider } from './support.ts';

const server = useTestServer({ env: { OIDC_ALLOW_PRIVATE: '1' } });

let idp: TestProvider;
let admin: TestUser;
let org: TestOrg;
let role: { id: string };
const domain = uniqueDomain('acme');

beforeAll(async () => {
  idp = await startProvider();
  ({ admin, org } = await orgWithAdmin(server));
  role = await createRole(server, admin);
  const put = await admin.api.put('sso/connection', { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [domain], default_role_id: role.id });
  expect(put.status, put.text).toBe(200);
});

afterAll(async () => {
  await idp?.close();
});

describe('GET /auth/sso/start → the provider → /auth/sso/callback', () => {
  it('the first sign-in makes the account just in time, with the role, in the organisation, with the token and the cookie', async () => {
    const email = `ann@${domain}`;
    idp.people.set('ann-sub', { email, name: 'Ann Example' });
    const browser = new Browser(server);
    const page = await browser.signIn(email, 'ann-sub');
    expect(page.status, page.text).toBe(200);
    const token = tokenOf(page);
    expect(browser.cookies(server.url).get('rb_session')).toBe(token);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    const me = await server.client(token).get('auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ email, full_name: 'Ann Example' });
    const users_ = await admin.api.get('users');
    const ann = users_.body.results.find((u: { user_account: { email: string } }) => u.user_account.email === email);
    expect(ann).toBeTruthy();
    expect(ann.roles.map((r: { id: string }) => r.id)).toEqual([role.id]);
    // Working in that organisation: a member call answers.
    expect((await server.client(token).get('documentation/folders/root')).status).not.toBe(400);
    const [session] = await server.db.select().from(loginSessions).where(eq(loginSessions.tokenHash, hashToken(token)));
    expect(session).toMatchObject({ orgId: org.id, ssoOrgId: org.id, ssoIssuer: idp.issuer, ssoSubject: 'ann-sub' });
    const [identity] = await server.db.select().from(ssoIdentities).where(and(eq(ssoIdentities.issuer, idp.issuer), eq(ssoIdentities.subject, 'ann-sub')));
    expect(identity!.userId).toBe(ann.id);
    const events = await server.db.select().from(activityEvents).where(and(eq(activityEvents.orgId, org.id), eq(activityEvents.type, 'SsoAccountCreated')));
    expect(events).toHaveLength(1);
  });

  it('signs the same person in again by (issuer, subject), even after their address changed at the provider', async () => {
    const email = `bo@${domain}`;
    idp.people.set('bo-sub', { email, name: 'Bo' });
    const first = tokenOf(await new Browser(server).signIn(email, 'bo-sub'));
    const firstMe = await server.client(first).get('auth/me');
    idp.people.set('bo-sub', { email: `bo.renamed@${domain}`, name: 'Bo' });
    const again = tokenOf(await new Browser(server).signIn(email, 'bo-sub'));
    const me = await server.client(again).get('auth/me');
    expect(me.body.id ?? me.body.username).toBe(firstMe.body.id ?? firstMe.body.username);
    expect(me.body.email).toBe(email);
    const made = await server.db.select().from(users).where(eq(users.email, `bo.renamed@${domain}`));
    expect(made).toHaveLength(0);
  });

  it('discovers the provider once for two sign-ins (its metadata and JWKS kept), and again once the connection changes', async () => {
    const own = await startProvider();
    try {
      const other = await orgWithAdmin(server);
      const ownDomain = uniqueDomain('cached');
      const connection = { issuer: own.issuer, client_id: own.clientId, client_secret: own.clientSecret, domains: [ownDomain] };
      expect((await other.admin.api.put('sso/connection', connection)).status).toBe(200);
      const asked = (path: string) => own.requests.filter((p) => p === path).length;
      const DISCOVERY = '/.well-known/openid-configuration';
      const jwks = () => own.requests.filter((p) => /jwks/i.test(p)).length;
      own.people.set('kim-sub', { email: `kim@${ownDomain}` });
      own.people.set('lou-sub', { email: `lou@${ownDomain}` });
      tokenOf(await new Browser(server).signIn(`kim@${ownDomain}`, 'kim-sub'));
      const [discoveries, keySets] = [asked(DISCOVERY), jwks()];
      expect(discoveries).toBeGreaterThanOrEqual(1);
      expect(keySets).toBe(1);
      tokenOf(await new Browser(server).signIn(`lou@${ownDomain}`, 'lou-sub'));
      expect(asked(DISCOVERY)).toBe(discoveries);
      expect(jwks()).toBe(keySets);
      // A changed connection is discovered anew.
      expect((await other.admin.api.put('sso/connection', { ...connection, domains: [ownDomain, uniqueDomain('more')] })).status).toBe(200);
      const afterChange = asked(DISCOVERY);
      tokenOf(await new Browser(server).signIn(`kim@${ownDomain}`, 'kim-sub'));
      expect(asked(DISCOVERY)).toBe(afterChange + 1);
    } finally {
      await own.close();
    }
  });

  it('past the plan’s user limit: a page that says so, and nothing is created', async () => {
    const small = await orgWithAdmin(server);
    const smallDomain = uniqueDomain('small');
    const put = await small.admin.api.put('sso/connection', { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [smallDomain] });
    expect(put.status).toBe(200);
    await setPlanLimits(server, small.org.id, { users: 1 });
    const email = `cy@${smallDomain}`;
    idp.people.set('cy-sub', { email });
    const page = await new Browser(server).signIn(email, 'cy-sub');
    expect(page.status).toBe(409);
    expect(page.text).toContain('Your organization has no room for another user');
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await server.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'cy-sub'))).toHaveLength(0);
  });
});
