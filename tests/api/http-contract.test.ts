/**
 * What every answer of the API shares (issue #40): errors as RFC 9457 problem details
 * (`application/problem+json`, `{ type, title, status, detail }`, src/server/http/problem-types.ts) on every
 * error path; X-Request-Id on every answer, the API's and the site's; ETag and 304 on every GET answering
 * JSON, openapi.json included, the 304 keeping the 200's Vary and Cache-Control; CORS exposing the headers a
 * page on an embedding origin reads; Retry-After, RateLimit and RateLimit-Policy on the throttled calls;
 * and sign-in's statuses as the OpenAPI document gives them.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPE_PREFIX, PROBLEM_TYPES } from '../../src/server/http/problem-types.ts';
import * as paths from '../../src/shared/api/paths.ts';
import { makeChecklist, makeShareLink, makeTeam, orgWithAdmin, question, registerAndActivate, uniqueName } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import type { ApiResponse } from './support/http.ts';
import { shareClient, shareSubmit } from './share-links/support.ts';

const server = useTestServer({
  env: {
    TRUST_PROXY: '1',
    EMBED_ORIGINS: 'https://intranet.example.com',
    SHARE_SUBMISSIONS_PER_LINK_PER_HOUR: '2',
    SHARE_UPLOADS_PER_LINK_PER_HOUR: '100',
    SHARE_UPLOADS_PER_IP_PER_HOUR: '2',
  },
});
const MiB = 1024 * 1024;

let lastOctet = 0;
/** A documentation address (RFC 5737) no other test of this file uses. */
function newIp(): string {
  lastOctet += 1;
  return `198.51.100.${lastOctet}`;
}
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectProblem(res: ApiResponse | { status: number; headers: Headers; body: unknown }, status: number, type: keyof typeof PROBLEM_TYPES, what = ''): void {
  expect(res.status, what).toBe(status);
  expect(res.headers.get('content-type'), what).toBe('application/problem+json');
  const body = res.body as Record<string, unknown>;
  expect(body, what).toMatchObject({ type: `${PROBLEM_TYPE_PREFIX}${type}`, title: PROBLEM_TYPES[type].title, status });
  expect(typeof body.detail, what).toBe('string');
}

describe('errors are problem details (RFC 9457)', () => {
  it('400, 401, 403, 404, 405, 413, 422 (a reused Idempotency-Key too, of its own type) and 429 answer application/problem+json with type, title, status and detail', async () => {
    const team = await makeTeam(server);
    const badJson = await server.client().post(paths.auth.register, undefined, { body: '{', headers: { 'content-type': 'application/json' } });
    expectProblem(badJson, 400, 'bad-request', 'malformed JSON');
    expect(badJson.body.detail).toBe('The request body is not valid JSON');

    const unauthorized = await server.client().get(paths.auth.me);
    expectProblem(unauthorized, 401, 'unauthorized');
    expect(unauthorized.body.detail).toBe('Could not validate credentials');
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer');

    const forbidden = await team.member.api.get(paths.users.list);
    expectProblem(forbidden, 403, 'forbidden');

    const notFound = await team.admin.api.get('no/such/call');
    expectProblem(notFound, 404, 'not-found');
    expect(notFound.body.detail).toBe('Not found');
    const outsideV1 = await fetch(`${server.url}/api/v2/anything`);
    expectProblem({ status: outsideV1.status, headers: outsideV1.headers, body: await outsideV1.json() }, 404, 'not-found', '/api/v2');
    const missingUser = await team.admin.api.get(paths.users.user('0190a0a0-0000-7000-8000-000000000000'));
    expectProblem(missingUser, 404, 'not-found', 'an id of no member');

    const notAllowed = await team.admin.api.request('PATCH', paths.auth.me, { json: {} });
    expectProblem(notAllowed, 405, 'method-not-allowed');
    expect(notAllowed.headers.get('allow')).toBe('GET, HEAD, PUT');

    const tooLarge = await team.admin.api.post(paths.documentation.folders, undefined, {
      body: JSON.stringify({ name: 'x'.repeat(2 * MiB) }),
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(tooLarge, 413, 'too-large');
    expect(tooLarge.body.detail).toBe('Request body is too large');

    const invalid = await server.client().post(paths.auth.register, {});
    expectProblem(invalid, 422, 'validation');
    expect(invalid.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'username' })]));

    const key = crypto.randomUUID();
    expect((await team.admin.api.post(paths.roles.list, { name: uniqueName('Role') }, { headers: { 'idempotency-key': key } })).status).toBe(201);
    const reused = await team.admin.api.post(paths.roles.list, { name: uniqueName('Role') }, { headers: { 'idempotency-key': key } });
    expectProblem(reused, 422, 'idempotency-mismatch');
    expect(reused.body.errors).toEqual([{ field: 'Idempotency-Key', message: 'was already used for a different request' }]);

    const ip = newIp();
    let throttled: ApiResponse | undefined;
    for (let i = 0; i < 6 && throttled === undefined; i++) {
      const res = await server.client().postForm(paths.auth.accessToken, { username: team.member.username, password: 'guess guess' }, { headers: from(ip) });
      if (res.status === 429) throttled = res;
    }
    expectProblem(throttled!, 429, 'rate-limited');
    expect(throttled!.body.detail).toBe('Too many attempts, please try again later');
  });
});

describe('X-Request-Id', () => {
  it('is echoed when the request brings a sane one, on the API and on the site', async () => {
    for (const path of ['/api/v1/_build-info', '/api/v1/auth/me', '/api/v1/no/such/call', '/login', '/no/such/page']) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'x-request-id': 'trace-01.ab:CD_9' } });
      expect(res.headers.get('x-request-id'), path).toBe('trace-01.ab:CD_9');
    }
  });

  it('is a new one otherwise: none given, too long, or characters a log line must not take', async () => {
    const seen = new Set<string>();
    for (const given of [undefined, 'x'.repeat(129), 'two words', 'quote"d', 'a,b', '']) {
      const res = await fetch(`${server.url}/api/v1/_build-info`, { headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = res.headers.get('x-request-id');
      expect(id, String(given)).toMatch(/^[0-9a-f-]{36}$/);
      seen.add(id!);
    }
    expect(seen.size).toBe(6);
    expect((await fetch(`${server.url}/api/v1/_build-info`, { headers: { 'x-request-id': 'y'.repeat(128) } })).headers.get('x-request-id')).toBe('y'.repeat(128));
  });
});

describe('ETag and 304 on the API’s GETs', () => {
  async function revalidates(client: ReturnType<typeof server.client>, path: string): Promise<void> {
    const first = await client.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.status, `${path}: ${first.text}`).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag, path).toMatch(/^(W\/)?"[\w-]+"$/);
    const again = await client.get(path, { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': tag! } });
    expect(again.status, path).toBe(304);
    expect(again.text, path).toBe('');
    expect(again.headers.get('etag'), path).toBe(tag);
    const varyOf = (res: ApiResponse) => (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase()).sort();
    expect(varyOf(again), path).toEqual(varyOf(first));
    expect(varyOf(again), path).toContain('accept-encoding');
    expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
    const stale = await client.get(path, { headers: { 'if-none-match': '"not-this-one"' } });
    expect(stale.status, path).toBe(200);
  }

  it('every GET answering JSON carries an ETag, and a repeat naming it gets 304 with the 200’s Vary and Cache-Control', async () => {
    const team = await makeTeam(server);
    for (const path of [paths.auth.me, paths.users.list, paths.roles.list, `${paths.documentation.contents('root')}?limit=10`, '_build-info']) {
      await revalidates(team.admin.api, path);
    }
  });

  it('openapi.json too', async () => {
    await revalidates(server.client(), 'openapi.json');
  });

  it('a published version (its own validator) keeps Accept-Encoding in the Vary of its 304', async () => {
    const { admin } = await orgWithAdmin(server);
    const checklist = await makeChecklist(admin, { q: question('true/false') });
    await revalidates(admin.api, `documentation/documents/${checklist.id}/version/1`);
  });

  it('errors, writes and the event stream carry none', async () => {
    const user = await registerAndActivate(server);
    expect((await user.api.get('no/such/call')).headers.get('etag')).toBeNull();
    expect((await server.client().get(paths.auth.me)).headers.get('etag')).toBeNull();
    expect((await user.api.put(paths.auth.me, { full_name: 'Same' })).headers.get('etag')).toBeNull();
  });
});

describe('CORS for an embedding origin', () => {
  it('exposes every header a page there may read', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.get(paths.auth.me, { headers: { origin: 'https://intranet.example.com' } });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(exposed.sort()).toEqual(['content-disposition', 'etag', 'idempotent-replayed', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-request-id']);
  });
});

describe('the throttled calls: Retry-After on a 429, RateLimit and RateLimit-Policy on every answer', () => {
  const policyOf = (res: ApiResponse) => res.headers.get('ratelimit-policy') ?? '';
  const limitOf = (res: ApiResponse) => res.headers.get('ratelimit') ?? '';
  const remaining = (res: ApiResponse, name: string) => Number(new RegExp(`"${name}";r=(\\d+);t=\\d+`).exec(limitOf(res))?.[1]);

  async function expectHeaders(call: () => Promise<ApiResponse>, name: string, limit: number, windowSeconds: number, okStatus: number): Promise<void> {
    const first = await call();
    expect(first.status, first.text).toBe(okStatus);
    expect(policyOf(first)).toContain(`"${name}";q=${limit};w=${windowSeconds}`);
    const left = remaining(first, name);
    expect(left, limitOf(first)).toBeLessThan(limit);
    let res = first;
    for (let i = 0; i < limit && res.status !== 429; i++) res = await call();
    expect(res.status, `${name}: ${res.text}`).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(policyOf(res)).toContain(`"${name}";q=${limit};w=${windowSeconds}`);
    expect(limitOf(res)).toMatch(new RegExp(`"${name}";r=0;t=\\d+`));
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  }

  it('sign-in (per address and account: 5 in 15 minutes)', async () => {
    const user = await registerAndActivate(server);
    const ip = newIp();
    await expectHeaders(() => server.client().postForm(paths.auth.accessToken, { username: user.username, password: 'wrong guess' }, { headers: from(ip) }), 'sign-in:account-address', 5, 900, 400);
    // A right password from another address: the headers too, on the 200.
    const ok = await server.client().postForm(paths.auth.accessToken, { username: user.username, password: user.password }, { headers: from(newIp()) });
    expect(ok.status).toBe(200);
    expect(policyOf(ok)).toContain('"sign-in:ip";q=30;w=900');
    // The account-wide limit is never named (it would tell whether the account has signed in from here).
    expect(policyOf(ok)).not.toContain('"sign-in:account"');
  });

  it('a password reset request (per address: 20 an hour)', async () => {
    const ip = newIp();
    await expectHeaders(() => server.client().postForm(paths.auth.sendPasswordReset, { email: `${uniqueName()}@example.com` }, { headers: from(ip) }), 'reset:ip', 20, 3600, 200);
  });

  describe('with low limits of registrations and organisations per address', () => {
    const limited = useTestServer({ env: { TRUST_PROXY: '1', REGISTRATIONS_PER_IP_PER_HOUR: '3', ORGANISATIONS_PER_IP_PER_HOUR: '2' } });

    it('registration (per address: REGISTRATIONS_PER_IP_PER_HOUR)', async () => {
      const ip = newIp();
      const registration = () => ({ username: uniqueName(), email: `${uniqueName()}@example.com`, full_name: 'R', password: 'a good password 1' });
      await expectHeaders(() => limited.client().post(paths.auth.register, registration(), { headers: from(ip) }), 'register:ip', 3, 3600, 201);
    });

    it('creating an organisation (per address: ORGANISATIONS_PER_IP_PER_HOUR)', async () => {
      const user = await registerAndActivate(limited);
      const ip = newIp();
      await expectHeaders(() => user.api.post(paths.auth.createOrg, { name: uniqueName('Org') }, { headers: from(ip) }), 'create-org:ip', 2, 3600, 201);
    });
  });

  it('two-factor codes to POST auth/set-otp (per account: 5 in 15 minutes)', async () => {
    const user = await registerAndActivate(server);
    const started = await user.api.post(paths.auth.setOtp, { enabled: true });
    const secret = new URL(started.body.uri).searchParams.get('secret')!;
    const right = new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: server.clock.now().getTime() });
    const wrong = right === '000000' ? '111111' : '000000';
    await expectHeaders(() => user.api.post(paths.auth.setOtp, { enabled: true, verify_otp: wrong }), 'set-otp:account', 5, 900, 400);
  });

  it('share-link submissions (per link) and photo signing (per address)', async () => {
    const { admin } = await orgWithAdmin(server);
    const checklist = await makeChecklist(admin, { q: question('true/false') });
    const link = await makeShareLink(admin, checklist.id);
    const client = shareClient(server, link.token);
    const submitIp = newIp();
    await expectHeaders(() => shareSubmit(client, checklist.id, { q: { value: true } }, from(submitIp)), 'share-submission:link', 2, 3600, 201);
    const signIp = newIp();
    await expectHeaders(
      () => client.post(`documentation/documents/${checklist.id}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }], { headers: from(signIp) }),
      'share-upload-files:ip',
      2,
      3600,
      201,
    );
  });

  it('calls that are not throttled carry neither', async () => {
    const user = await registerAndActivate(server);
    const res = await user.api.get(paths.auth.me);
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBeNull();
  });
});

describe('POST auth/access-token: its statuses, as the OpenAPI document says them', () => {
  it('400 for a wrong password or an unknown account, 400 "Incorrect OTP" for a missing or wrong code, 403 for a password that must be changed first; 200 otherwise', async () => {
    const user = await registerAndActivate(server);
    const signIn = (username: string, password: string, code?: string) =>
      server.client().postForm(paths.auth.accessToken, { username, password, ...(code === undefined ? {} : { client_secret: code }) }, { headers: from(newIp()) });
    const wrong = await signIn(user.username, 'not the password');
    expectProblem(wrong, 400, 'bad-request');
    expect(wrong.body.detail).toBe('Incorrect username or password');
    const unknown = await signIn(uniqueName(), 'whatever it is');
    expectProblem(unknown, 400, 'bad-request');
    expect(unknown.body.detail).toBe('Incorrect username or password');
    expect((await signIn(user.username, user.password)).status).toBe(200);

    const started = await user.api.post(paths.auth.setOtp, { enabled: true });
    const secret = new URL(started.body.uri).searchParams.get('secret')!;
    const code = () => new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: server.clock.now().getTime() });
    expect((await user.api.post(paths.auth.setOtp, { enabled: true, verify_otp: code() })).status).toBe(200);
    const noCode = await signIn(user.username, user.password);
    expectProblem(noCode, 400, 'bad-request');
    expect(noCode.body.detail).toBe('Incorrect OTP');
    const wrongCode = await signIn(user.username, user.password, code() === '000000' ? '111111' : '000000');
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.detail).toBe('Incorrect OTP');

    const { admin } = await orgWithAdmin(server);
    const username = uniqueName();
    const made = await admin.api.post(paths.users.create, { username, email: `${username}@example.com`, full_name: 'Temp', password: 'chosen by the admin 1' });
    expect(made.status, made.text).toBe(201);
    const mustChange = await signIn(username, 'chosen by the admin 1');
    expectProblem(mustChange, 403, 'forbidden');
    expect(mustChange.body.password_change_token).toEqual(expect.any(String));

    const doc = (await server.client().get('openapi.json')).body;
    const responses = doc.paths['/auth/access-token'].post.responses as Record<string, { description: string }>;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
    expect(Object.keys(responses)).not.toContain('401');
  });
});
