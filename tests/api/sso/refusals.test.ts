/**
 * Each way a sign-in through a provider can go wrong (issue #48) is refused with a page that says what went
 * wrong in words a person can act on, and nothing is created: a wrong issuer, a provider that does not
 * answer, a bad or replayed state, an ID token for another client, expired, unsigned or signed with another
 * key, an unverified address, a domain claimed by two organisations, an address no organisation claims.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSessions, ssoIdentities, users } from '../../../src/server/db/schema.ts';
import { orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { signed, startRogueProvider, type IdTokenMaker, type RogueProvider } from './rogue-provider.ts';
import { Browser, startProvider, uniqueDomain, type TestProvider } from './support.ts';

const server = useTestServer({ env: { OIDC_ALLOW_PRIVATE: '1' } });

let idp: TestProvider;
let admin: TestUser;

beforeAll(async () => {
  idp = await startProvider();
  ({ admin } = await orgWithAdmin(server));
});

afterAll(async () => {
  await idp?.close();
});

async function connect(who: TestUser, issuer: string, domain: string, clientId = idp.clientId, secret = idp.clientSecret) {
  const put = await who.api.put('sso/connection', { issuer, client_id: clientId, client_secret: secret, domains: [domain] });
  expect(put.status, put.text).toBe(200);
}

/** Nothing was made for `email`: no account, no identity, no session. */
async function nothingCreated(email: string) {
  const [user] = await server.db.select().from(users).where(eq(users.email, email));
  expect(user).toBeUndefined();
}

describe('refusals, each a page a person can act on', () => {
  it('an address no organisation claims, and no address at all', async () => {
    const page = await new Browser(server).visit(`/auth/sso/start?email=${encodeURIComponent('someone@nobody-claims.example')}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('No organization signs in with this address');
    const empty = await new Browser(server).visit('/auth/sso/start');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Enter your e-mail address');
  });

  it('a domain claimed by two organisations', async () => {
    const domain = uniqueDomain('twice');
    await connect(admin, idp.issuer, domain);
    await connect((await orgWithAdmin(server)).admin, idp.issuer, domain);
    const page = await new Browser(server).visit(`/auth/sso/start?email=ed@${domain}`);
    expect(page.status).toBe(409);
    expect(page.text).toContain('Two organizations claim this e-mail domain');
    await connect(admin, idp.issuer, uniqueDomain('moved-on'));
  });

  it('a wrong issuer (the provider answers as another one) and a provider that does not answer', async () => {
    const { admin: owner } = await orgWithAdmin(server);
    const domain = uniqueDomain('wrong-issuer');
    await connect(owner, idp.issuer.replace('127.0.0.1', 'localhost'), domain);
    const wrong = await new Browser(server).visit(`/auth/sso/start?email=fi@${domain}`);
    expect(wrong.status).toBe(502);
    expect(wrong.text).toContain('set up wrongly');
    await connect(owner, 'http://127.0.0.1:9', domain);
    const down = await new Browser(server).visit(`/auth/sso/start?email=fi@${domain}`);
    expect(down.status).toBe(502);
    expect(down.text).toContain('is not answering');
  });

  it('a bad state, a replayed state, and a callback in another browser', async () => {
    const domain = uniqueDomain('state');
    const { admin: owner } = await orgWithAdmin(server);
    await connect(owner, idp.issuer, domain);
    const email = `gu@${domain}`;
    idp.people.set('gu-sub', { email });
    const bad = await new Browser(server).visit('/auth/sso/callback?code=x&state=made-up');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('This sign-in link has expired or was already used');
    // Follow the flow by hand up to the callback's address, then use it twice, and from another browser.
    const browser = new Browser(server);
    const form = await browser.visit(`/auth/sso/start?email=${email}`);
    const original = fetch;
    let callback = '';
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/auth/sso/callback') && !callback) {
        callback = url;
        return new Response('', { status: 200 });
      }
      return original(input, init);
    }) as typeof fetch;
    try {
      await browser.submit(form, { login: 'gu-sub', password: 'any' });
    } finally {
      globalThis.fetch = original;
    }
    expect(callback).toContain('state=');
    const stranger = await new Browser(server).visit(callback);
    expect(stranger.status).toBe(400);
    const first = await browser.visit(callback);
    expect(first.status, first.text).toBe(200);
    const replay = await browser.visit(callback);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('already used');
  });

  it('an unverified e-mail address', async () => {
    const domain = uniqueDomain('unverified');
    const { admin: owner } = await orgWithAdmin(server);
    await connect(owner, idp.issuer, domain);
    const email = `hu@${domain}`;
    idp.people.set('hu-sub', { email, email_verified: false });
    const page = await new Browser(server).signIn(email, 'hu-sub');
    expect(page.status).toBe(403);
    expect(page.text).toContain('Your e-mail address is not verified');
    await nothingCreated(email);
    expect(await server.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'hu-sub'))).toHaveLength(0);
  });

  describe('ID tokens the provider should never have sent', () => {
    let rogue: RogueProvider;
    const domain = uniqueDomain('rogue');
    const email = `ivy@${domain}`;

    beforeAll(async () => {
      rogue = await startRogueProvider({ email });
      const { admin: owner } = await orgWithAdmin(server);
      await connect(owner, rogue.issuer, domain, rogue.clientId, rogue.clientSecret);
    });
    afterAll(async () => {
      await rogue?.close();
    });

    const cases: [string, IdTokenMaker][] = [
      ['signed with another key', (claims, keys) => signed(keys.other, claims)],
      ['for another client', (claims, keys) => signed(keys.published, { ...claims, aud: 'another-client' })],
      ['expired', (claims, keys) => signed(keys.published, { ...claims, iat: claims.iat! - 7200, exp: claims.iat! - 3600 })],
      ['unsigned', async (claims) => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`],
      ['with another nonce', (claims, keys) => signed(keys.published, { ...claims, nonce: 'another' })],
      ['from another issuer', (claims, keys) => signed(keys.published, { ...claims, iss: 'https://elsewhere.example' })],
    ];

    it.each(cases)('an ID token %s', async (_, maker) => {
      rogue.idToken = maker;
      const page = await new Browser(server).visit(`/auth/sso/start?email=${email}`);
      expect(page.status, page.text).toBe(401);
      expect(page.text).toContain('could not be checked');
      await nothingCreated(email);
    });

    it('the same provider with a good token signs in (the cases above fail for their one reason)', async () => {
      rogue.idToken = (claims, keys) => signed(keys.published, claims);
      const page = await new Browser(server).visit(`/auth/sso/start?email=${email}`);
      expect(page.status, page.text).toBe(200);
      const [user] = await server.db.select().from(users).where(eq(users.email, email));
      expect(user).toBeTruthy();
      expect(await server.db.select().from(loginSessions).where(eq(loginSessions.userId, user!.id))).toHaveLength(1);
    });
  });
});
