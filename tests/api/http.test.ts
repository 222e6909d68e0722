/**
 * What every call shares: security headers, the body size limit (413), errors as {detail}, unknown API
 * addresses (404 {detail}), and bad input — malformed JSON, wrong types, missing fields, odd characters —
 * that never gets a 500.
 */
import { like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { createRole, invite, orgWithAdmin, registerAndActivate, type TestOrg, type TestUser } from './support/factories.ts';
import { SITE_FIXTURE, useTestServer } from './support/harness.ts';
import { rawRequest } from './support/http.ts';

const server = useTestServer();
const MiB = 1024 * 1024;

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  expect(directives.get('script-src'), `${what}: ${csp}`).toBeDefined();
  expect(directives.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(directives.get('script-src'), what).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors'), what).toBeDefined();
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
}

describe('security headers', () => {
  it('are on every API answer, successful or not', async () => {
    const user = await registerAndActivate(server);
    const answers = {
      'GET _build-info': await server.client().get('_build-info'),
      'GET auth/me': await user.api.get('auth/me'),
      '401': await server.client().get('auth/me'),
      '404': await server.client().get('no/such/call'),
      '422': await server.client().post('auth/register', {}),
      '400': await server.client().post('auth/register', undefined, { body: '{' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectSecurityHeaders(res.headers, what);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('are on page shells, with the inline scripts of the shell allowed by hash only', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers, '/login');
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(SITE_FIXTURE.inlineScript).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const missing = await fetch(`${server.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, 'not-found page');
    const asset = await fetch(`${server.url}${SITE_FIXTURE.asset}`);
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset.headers, 'asset');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('HSTS (Strict-Transport-Security)', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  const behindProxy = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('is sent when the request came over HTTPS: X-Forwarded-Proto https from a trusted proxy', async () => {
    for (const path of ['/api/v1/_build-info', '/api/v1/no/such/call', '/login', '/no/such/page']) {
      const res = await fetch(`${behindProxy.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), path).toBe(HSTS);
      // The first of a list is the client's own hop.
      const listed = await fetch(`${behindProxy.url}${path}`, { headers: { 'x-forwarded-proto': 'https, http' } });
      expect(listed.headers.get('strict-transport-security'), path).toBe(HSTS);
      const plain = await fetch(`${behindProxy.url}${path}`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
      expect((await fetch(`${behindProxy.url}${path}`)).headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('is not sent for a forwarded scheme nobody vouches for (no TRUST_PROXY), nor over plain HTTP', async () => {
    const res = await fetch(`${server.url}/api/v1/_build-info`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${server.url}/login`)).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('body size limit', () => {
  // The server answers 413 as soon as it sees the length and may close before the client has written the
  // whole body; node:http reads that answer where fetch would report a broken connection.
  it('answers 413 {detail} for a body over 1 MiB, signed in or not, JSON or form', async () => {
    const user = await registerAndActivate(server);
    const json = JSON.stringify({ full_name: 'x'.repeat(MiB + 1) });
    const form = `username=${'x'.repeat(MiB + 1)}&password=y`;
    for (const [method, path, type, body, token] of [
      ['POST', 'auth/register', 'application/json', json, undefined],
      ['PUT', 'auth/me', 'application/json', json, user.token],
      ['POST', 'auth/access-token', 'application/x-www-form-urlencoded', form, undefined],
      ['POST', 'no/such/call', 'application/json', json, undefined],
    ] as const) {
      const res = await rawRequest(`${server.apiUrl}/${path}`, {
        method,
        headers: {
          'content-type': type,
          'content-length': String(Buffer.byteLength(body)),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        chunks: [body],
      });
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.text)).toMatchObject({ detail: 'Request body is too large' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 413 also when the body comes chunked, without a length', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const res = await rawRequest(`${server.apiUrl}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: ['{"full_name":"', ...Array(17).fill(chunk), '"}'],
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ detail: 'Request body is too large' });
  });

  // Found by the fuzz (fuzz.test.ts): hono's bodyLimit touched the body of every request, which then stalled
  // the server's draining of bodies nobody read, and the connection was cut mid-upload after 500 ms.
  it('a body refused before it is read (401, 404) still gets its answer, every time', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(300_000) });
    for (const path of ['auth/logout', 'documentation/documents', 'no/such/call']) {
      const statuses: (number | string)[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push(
          await fetch(`${server.apiUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
            async (res) => (await res.text(), res.status),
            (err: Error) => `${err.message}: ${String((err.cause as Error | undefined)?.message)}`,
          ),
        );
      }
      expect(statuses, path).toEqual(Array(20).fill(path === 'no/such/call' ? 404 : 401));
    }
  });

  it('takes a body just under the limit', async () => {
    const user = await registerAndActivate(server);
    const body = JSON.stringify({ full_name: 'x'.repeat(MiB - 100) });
    const res = await user.api.put('auth/me', undefined, { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422); // read whole, then refused by the 200-character rule
    expect(res.body.detail).toBe('Full Name must be at most 200 characters');
  });
});

describe('unknown API addresses', () => {
  it('answer 404 problem details, whatever the method', async () => {
    const user = await registerAndActivate(server);
    for (const [method, path] of [
      ['GET', 'no/such/call'],
      ['POST', 'no/such/call'],
      ['GET', 'auth/no-such-call'],
      ['DELETE', 'auth/me/no-such-call'],
    ] as const) {
      const res = await user.api.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toBe('application/problem+json');
      expect(res.body, `${method} ${path}`).toMatchObject({ detail: 'Not found', status: 404 });
    }
    const outside = await fetch(`${server.url}/api/v2/anything`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ detail: 'Not found' });
  });

  it('a known address called with another method: 405 with Allow', async () => {
    const user = await registerAndActivate(server);
    for (const [method, path, allow] of [
      ['DELETE', '_build-info', 'GET, HEAD'],
      ['POST', '_build-info', 'GET, HEAD'],
      ['PATCH', 'auth/me', 'GET, HEAD, PUT'],
      ['GET', 'auth/register', 'POST'],
      ['PUT', 'openapi.json', 'GET, HEAD'],
    ] as const) {
      const res = await user.api.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.headers.get('content-type'), `${method} ${path}`).toBe('application/problem+json');
      expect(res.body, `${method} ${path}`).toMatchObject({ detail: 'Method not allowed', status: 405 });
    }
  });
});

/**
 * Every call of this issue with bad bodies. Each answer must be a 4xx with a {detail} string — never a 500 —
 * and the call must still work afterwards (checked at the end).
 */
describe('bad input never gets a 500', () => {
  let admin: TestUser;
  let org: TestOrg;
  let invitationId: string;
  let sessionId: string;

  beforeAll(async () => {
    ({ admin, org } = await orgWithAdmin(server));
    await createRole(server, org.id);
    invitationId = (await invite(server, admin, 'sweep-invitee@example.com')).id;
    sessionId = (await admin.api.get('auth/me/sessions')).body.results[0].id;
  });

  const NUL = 'a\u0000b';
  const long = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
  const strings = ['', ' ', NUL, '\u0000', long(5000), '\ud800', '💥'.repeat(100), "'; drop table users; --", '../../etc/passwd', '%00'];
  const values: unknown[] = [null, true, 0, -1, 1e308, [], {}, [null], { $gt: '' }, ...strings];

  const jsonCalls: { name: string; method: string; path: () => string; fields: string[] }[] = [
    { name: 'POST auth/register', method: 'POST', path: () => 'auth/register', fields: ['username', 'email', 'full_name', 'password'] },
    { name: 'POST auth/activate', method: 'POST', path: () => 'auth/activate', fields: [] },
    { name: 'POST auth/reset-password', method: 'POST', path: () => 'auth/reset-password', fields: ['password', 'token'] },
    { name: 'POST auth/set-new-password', method: 'POST', path: () => 'auth/set-new-password', fields: ['token', 'password'] },
    { name: 'PUT auth/me', method: 'PUT', path: () => 'auth/me', fields: ['username', 'email', 'full_name', 'avatar'] },
    { name: 'POST auth/set-otp', method: 'POST', path: () => 'auth/set-otp', fields: ['enabled', 'verify_otp', 'uri'] },
    { name: 'POST auth/create-org', method: 'POST', path: () => 'auth/create-org', fields: ['name'] },
    { name: 'POST auth/select-org', method: 'POST', path: () => 'auth/select-org', fields: [] },
    { name: 'POST auth/invite/{id}', method: 'POST', path: () => `auth/invite/${invitationId}`, fields: [] },
    { name: 'POST users', method: 'POST', path: () => 'users', fields: ['email', 'roles'] },
  ];
  const formCalls = [
    { path: 'auth/access-token', fields: ['username', 'password', 'client_secret'] },
    { path: 'auth/send-password-reset', fields: ['email'] },
  ];

  /** A refusal: 4xx with a {detail} string. */
  function expectClientError(res: { status: number; body: unknown; text: string }, what: string): void {
    expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expectNoServerError(res, what);
  }

  /** Accepted or refused, but never a 500; a refusal carries a {detail} string. */
  function expectNoServerError(res: { status: number; body: unknown; text: string }, what: string): void {
    expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
    if (res.status >= 400) {
      expect(typeof (res.body as { detail?: unknown } | undefined)?.detail, `${what}: ${res.text.slice(0, 200)}`).toBe('string');
    }
  }

  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const deepObject = `${'{"a":'.repeat(100_000)}"\\u0000"${'}'.repeat(100_000)}`;
  const unusable = ['', '{', '{"a":}', 'nul', '[1,]', '\u0000', '{"a":1}{"b":2}', '"unterminated', deep, deepObject, '{"\\u0000":1}'];

  it.each(jsonCalls.map((call) => [call.name, call] as const))(
    '%s: malformed bodies, wrong shapes, and every odd value in every field',
    async (_, call) => {
      const what = (x: string) => `${call.method} ${call.path()} ${x}`;
      const send = (options: Parameters<typeof admin.api.request>[2]) => admin.api.request(call.method, call.path(), options);
      const unusableAnswers = await Promise.all(
        unusable.map((body) => send({ body, headers: { 'content-type': 'application/json' } })),
      );
      unusableAnswers.forEach((res, i) => expectClientError(res, what(JSON.stringify(unusable[i]).slice(0, 40))));
      const wholeBodies = await Promise.all(values.map((value) => send({ json: value })));
      // PUT auth/me {} changes nothing, and that is fine; every other bare value is refused.
      wholeBodies.forEach((res, i) => expectNoServerError(res, what(`body ${JSON.stringify(values[i])?.slice(0, 40)}`)));
      // One field at a time: a value may be acceptable (a name of odd characters), but none may break the server.
      for (const field of call.fields) {
        const answers = await Promise.all(values.map((value) => send({ json: { [field]: value } })));
        answers.forEach((res, i) => expectNoServerError(res, what(`${field}=${JSON.stringify(values[i])?.slice(0, 40)}`)));
      }
    },
  );

  it('full, otherwise valid bodies with a NUL or an overlong value in one field', async () => {
    const valid: Record<string, Record<string, unknown>> = {
      'auth/register': { username: 'sweeper', email: 'sweeper@example.com', full_name: 'Sweeper', password: 'long enough' },
      'auth/me': { full_name: 'Admin' },
      'auth/create-org': { name: 'Sweep Org' },
      users: { email: 'sweep-target@example.com', roles: [] },
    };
    for (const [path, body] of Object.entries(valid)) {
      for (const field of Object.keys(body)) {
        if (typeof body[field] !== 'string') continue;
        for (const bad of [`${body[field]}\u0000`, `${body[field]}${long(3000)}`]) {
          const res = await admin.api.request(path === 'auth/me' ? 'PUT' : 'POST', path, { json: { ...body, [field]: bad } });
          expectClientError(res, `${path} ${field}=${JSON.stringify(bad).slice(0, 30)}`);
        }
      }
    }
  });

  it('a NUL character, which PostgreSQL cannot store, is refused with 422 naming the field', async () => {
    const res = await server.client().post('auth/register', {
      username: 'nul_user',
      email: 'nul@example.com',
      full_name: 'Nul\u0000Person',
      password: 'long enough',
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('full_name: must not contain NUL characters');
    const form = await server.client().postForm('auth/access-token', { username: 'a\u0000b', password: 'whatever' });
    expect(form.status).toBe(422);
    expect(form.body.detail).toBe('username: must not contain NUL characters');
  });

  it('a __proto__, constructor or prototype key anywhere in a body is refused with 422 naming where, never dropped', async () => {
    const json = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const registration = `"username":"proto_${key.replace(/_/g, '')}","email":"proto-${key.replace(/_/g, '')}@example.com","full_name":"P","password":"long enough"`;
      const top = await server.client().post('auth/register', undefined, json(`{${registration},"${key}":{"is_superuser":true}}`));
      expect(top.status, top.text).toBe(422);
      expect(top.body.detail).toBe(`${key}: is not allowed as a name`);
      expect(top.body.errors).toEqual([{ field: key, message: 'is not allowed as a name' }]);

      const nested = await admin.api.put('auth/me', undefined, json(`{"full_name":"Admin","avatar":null,"x":{"y":[1,{"${key}":{"polluted":1}}]}}`));
      expect(nested.status, nested.text).toBe(422);
      expect(nested.body.detail).toBe(`x.y.1.${key}: is not allowed as a name`);

      const document = await admin.api.post(
        'documentation/documents',
        undefined,
        json(`{"folder_id":"root","name":"Proto ${key}","doctype":"form","contents":{"questions":{"${key}":{"title":"q"}},"question_index":[]}}`),
      );
      expect(document.status, document.text).toBe(422);
      expect(document.body.detail).toBe(`contents.questions.${key}: is not allowed as a name`);

      const form = await server.client().request('POST', 'auth/access-token', {
        body: `username=someone&password=whatever&${key}=1`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status, form.text).toBe(422);
      expect(form.body.detail).toBe(`${key}: is not allowed as a name`);
    }
    // Nothing was made on the way.
    expect(await server.db.select({ id: users.id }).from(users).where(like(users.username, 'proto\\_%'))).toEqual([]);
  });

  it('an overlong sign-in name is an ordinary failed sign-in', async () => {
    const res = await server.client().postForm('auth/access-token', { username: long(20_000), password: 'whatever' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Incorrect username or password' });
  });

  it('form calls: odd values, odd content types, broken encodings', async () => {
    for (const call of formCalls) {
      for (const field of call.fields) {
        for (const value of strings) {
          const form = Object.fromEntries(call.fields.map((f) => [f, f === field ? value : 'ordinary@example.com']));
          const res = await server.client().postForm(call.path, form);
          expectNoServerError(res, `${call.path} ${field}=${JSON.stringify(value).slice(0, 30)}`);
        }
      }
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', '%E0%A4%A=1&&=&%'],
        ['application/x-www-form-urlencoded', 'username=%00&password=%00&email=%00'],
        ['multipart/form-data', 'not multipart at all'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\n'],
        ['text/plain', 'username=a&password=b'],
        ['application/json', '{"username": 1, "password": ["x"], "email": {}}'],
        ['', ''],
      ] as const) {
        const res = await server.client().request('POST', call.path, { body, headers: type ? { 'content-type': type } : {} });
        expectClientError(res, `${call.path} ${type} ${body.slice(0, 30)}`);
      }
    }
  });

  it('path ids that are not ids, and query strings nobody asked for', async () => {
    for (const id of ['x', '0', '..', '%00', "'", 'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000']) {
      for (const [method, path] of [
        ['GET', `auth/invite/${id}`],
        ['POST', `auth/invite/${id}`],
        ['DELETE', `auth/me/sessions/${id}`],
      ] as const) {
        const res = await admin.api.request(method, path, method === 'POST' ? { json: true } : {});
        expectClientError(res, `${method} ${path}`);
      }
    }
    const res = await admin.api.get('auth/me?skip=-1&limit=abc&ordering=%00');
    expect(res.status).toBe(200);
  });

  it('leaves everything working afterwards', async () => {
    expect((await admin.api.post('auth/select-org', org.id)).body.org.id).toBe(org.id);
    expect((await admin.api.get('auth/org-invites')).body.results.map((i: { id: string }) => i.id)).toContain(invitationId);
    expect((await admin.api.get('auth/me/sessions')).body.results.map((s: { id: string }) => s.id)).toContain(sessionId);
  });
});

// Only PostgreSQL has connections that another party can end; PGlite runs in this process.
if (inject('templateDatabase').kind === 'postgres') {
  describe('PostgreSQL connections', () => {
    it('the server outlives its idle connections being ended, and answers on fresh ones', async () => {
      const user = await registerAndActivate(server);
      // Several connections in the pool, idle afterwards.
      await Promise.all(Array.from({ length: 6 }, () => user.api.get('auth/me')));
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await server.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        const answers = await Promise.all(Array.from({ length: 6 }, () => user.api.get('auth/me')));
        expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL connection lost/));
      } finally {
        logged.mockRestore();
      }
    });
  });
}
