/**
 * An existing account with the verified address (issue #48) is linked once, by its person proving the
 * address is theirs — with its password, or by a link mailed to it — and from then on by (issuer, subject).
 * Until then nothing is linked and no session opens.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoIdentities } from '../../../src/server/db/schema.ts';
import { linkIn, orgWithAdmin, registerAndActivate, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { Browser, startProvider, tokenOf, uniqueDomain, type TestProvider } from './support.ts';

const server = useTestServer({ env: { OIDC_ALLOW_PRIVATE: '1' } });

let idp: TestProvider;
let admin: TestUser;
const domain = uniqueDomain('linking');

beforeAll(async () => {
  idp = await startProvider();
  ({ admin } = await orgWithAdmin(server));
  const put = await admin.api.put('sso/connection', { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [domain] });
  expect(put.status, put.text).toBe(200);
});

afterAll(async () => {
  await idp?.close();
});

const identitiesOf = (userId: string) => server.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));

describe('linking an existing account', () => {
  it('asks for proof first; the password proves it, and the account is linked and signed in', async () => {
    const existing = await registerAndActivate(server, { email: `jo@${domain}` });
    idp.people.set('jo-sub', { email: existing.email });
    const browser = new Browser(server);
    const ask = await browser.signIn(existing.email, 'jo-sub');
    expect(ask.status, ask.text).toBe(200);
    expect(ask.text).toContain('Link your account');
    expect(await identitiesOf(existing.id)).toHaveLength(0);

    const wrong = await browser.submit(ask, { password: 'not it' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Incorrect password');
    expect(await identitiesOf(existing.id)).toHaveLength(0);

    const done = await browser.submit(ask, { password: existing.password });
    const me = await server.client(tokenOf(done)).get('auth/me');
    expect(me.body.email).toBe(existing.email);
    expect((await identitiesOf(existing.id)).map((i) => i.subject)).toEqual(['jo-sub']);
  });

  it('a link mailed to the address proves it too', async () => {
    const existing = await registerAndActivate(server, { email: `kim@${domain}` });
    idp.people.set('kim-sub', { email: existing.email });
    const browser = new Browser(server);
    const ask = await browser.signIn(existing.email, 'kim-sub');
    const mailed = await browser.submit(ask, {}, 1);
    expect(mailed.text).toContain('Check your e-mail');
    const link = linkIn(await server.outbox.last(existing.email), '/auth/sso/link');
    const done = await browser.visit(link);
    expect((await server.client(tokenOf(done)).get('auth/me')).body.email).toBe(existing.email);
    expect((await identitiesOf(existing.id)).map((i) => i.subject)).toEqual(['kim-sub']);
    // Used once.
    const again = await new Browser(server).visit(link);
    expect(again.status).toBe(400);
  });
});
