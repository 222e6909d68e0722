/**
 * Who may call what without signing in (issue #30): EVERY route of the API — enumerated from the Hono app,
 * so a new route is tried without touching this file — is called without credentials, and with a bearer
 * token that is no one's. Each answers 401 'Could not validate credentials', except the public calls
 * listed below, each with the reason it needs no sign-in. The sign-in itself is one table by path
 * (src/server/api.ts ACCESS, src/server/auth/access.ts).
 */
import { describe, expect, it } from 'vitest';
import { missingId } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import { addressOf, apiRoutes } from './support/routes.ts';

const server = useTestServer();
const NOT_AUTHENTICATED = { detail: 'Could not validate credentials' };

/** THE calls that need no sign-in, and why. */
const PUBLIC: Record<string, string> = {
  'POST /auth/register': 'signing up',
  'POST /auth/activate': 'the activation link: its token is the proof',
  'POST /auth/access-token': 'signing in',
  'POST /auth/send-password-reset': 'a forgotten password',
  'POST /auth/reset-password': "the reset link: its token is the proof",
  'POST /auth/set-new-password': 'the step after signing in with a temporary password: its token is the proof',
  'POST /auth/confirm-email': 'the link mailed to a new address: its token is the proof',
  'GET /auth/invite/:id': 'the invitation page shows whom it is from before the invitee signs in or up',
  'POST /uploads': 'the signed fields are the permission',
  'GET /media/:documentId/:uploadId': 'the signed address is the permission (an <img> sends no token)',
  'GET /avatars/:userId/:uploadId': 'the signed address is the permission (an <img> sends no token)',
  'POST /billing/webhook': "Stripe's calls: the body's signature is the permission",
  'GET /_build-info': 'the version in the about dialog, shown before sign-in too',
  'GET /openapi.json': 'THE OpenAPI document of the API (issue #34): for integrators and /api/docs, before any sign-in',
};

const routes = () => apiRoutes(server.deps);

async function call(route: string, token: string | null) {
  const [method, path] = route.split(' ') as [string, string];
  const client = server.client();
  return client.request(method, addressOf(path, missingId), { token, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
}

describe('every route of the API, without signing in', () => {
  it('the public calls are routes of the API', () => {
    expect(Object.keys(PUBLIC).filter((r) => !routes().includes(r))).toEqual([]);
  });

  it.each([
    ['no credentials', null],
    ['a token that is no one’s', 'not-a-token-of-anyone'],
  ])('with %s: 401 from every route but the public ones', async (_, token) => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of routes()) {
      const res = await call(route, token);
      const refused = res.status === 401 && res.body?.detail === NOT_AUTHENTICATED.detail && res.headers.get('content-type') === 'application/problem+json';
      // A public call answers what it answers to an empty request (422, 404 …): anything but the sign-in's 401.
      answered.push(`${route}: ${refused ? '401' : route in PUBLIC ? 'public' : `${res.status} ${res.text.slice(0, 80)}`}`);
      expected.push(`${route}: ${route in PUBLIC ? 'public' : '401'}`);
    }
    expect(answered).toEqual(expected);
    expect(answered.length).toBeGreaterThan(60);
  });
});
