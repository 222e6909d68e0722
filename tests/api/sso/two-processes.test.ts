/**
 * Two server processes on one PostgreSQL (issue #48): the flow's state, nonce and PKCE verifier live in the
 * database, so a sign-in started on one process finishes on the other (PGlite is one process: skipped there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection.ts';
import { startServer } from '../../../src/server/server.ts';
import { orgWithAdmin } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { Browser, startProvider, tokenOf, uniqueDomain, type TestProvider } from './support.ts';

const server = useTestServer({ env: { OIDC_ALLOW_PRIVATE: '1' } });

describe.skipIf(!process.env.DATABASE_URL)('a flow started on one process finishes on another', () => {
  let idp: TestProvider;
  let second: DatabaseHandle;
  let other: Awaited<ReturnType<typeof startServer>>;
  const domain = uniqueDomain('two');

  beforeAll(async () => {
    idp = await startProvider();
    second = await openDatabase({ databaseUrl: server.databaseUrl });
    other = await startServer(server.config, { database: second, now: server.clock.now });
    const { admin } = await orgWithAdmin(server);
    const put = await admin.api.put('sso/connection', { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [domain] });
    expect(put.status, put.text).toBe(200);
  });

  afterAll(async () => {
    await other?.close();
    await idp?.close();
  });

  it('starts on the first, comes back to the second, and the session works on both', async () => {
    const email = `lu@${domain}`;
    idp.people.set('lu-sub', { email });
    const browser = new Browser(server);
    const form = await browser.visit(`/auth/sso/start?email=${email}`);
    // From here on the browser talks to the second process (a load balancer's choice), cookies and all.
    const onSecond = new Browser({ url: other.url });
    for (const [name, value] of browser.cookies(server.url)) onSecond.cookies(other.url).set(name, value);
    for (const [name, value] of browser.cookies(idp.issuer)) onSecond.cookies(idp.issuer).set(name, value);
    const page = await onSecond.submit(form, { login: 'lu-sub', password: 'any' });
    const token = tokenOf(page);
    expect(page.url.startsWith(other.url)).toBe(true);
    expect((await server.client(token).get('auth/me')).body.email).toBe(email);
  });
});
