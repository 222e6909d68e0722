/**
 * The log (issue #47, http/request-log.ts): one JSON object a line per request — time, level, request id
 * (the answer's X-Request-Id), route pattern, status, duration, user and organisation ids — and never a
 * token, password, cookie, share token or secret. A person signs in, an API token and a share link are
 * used (its fill page too, whose address carries the token), then the whole log is searched for each.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { share as sharePaths } from '../../../src/shared/api/paths.ts';
import { createLogger } from '../../../src/server/operations/logger.ts';
import { makeApiToken } from '../api-tokens/support.ts';
import { makeChecklist, makeShareLink, orgWithAdmin, question, signIn, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const lines: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const server = useTestServer({ env: { REQUEST_LOG: '1' }, log: createLogger({ level: 'info', format: 'json', destination }) });

type Entry = Record<string, unknown>;
const entries = () => lines.map((l) => JSON.parse(l) as Entry);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let admin: TestUser;
let orgId: string;
const secrets: Record<string, string> = {};

beforeAll(async () => {
  const made = await orgWithAdmin(server);
  orgId = made.org.id;
  admin = await signIn(server, made.admin);
  secrets.password = admin.password;
  secrets.sessionToken = admin.token;
  secrets.firstSessionToken = made.admin.token;
  const checklist = await makeChecklist(admin, { done: question('pass/fail') });
  const link = await makeShareLink(admin, checklist.id);
  secrets.shareToken = link.token as string;
  const apiToken = await makeApiToken(server, admin, orgId);
  secrets.apiToken = apiToken.token;

  // The share link's page (the token in the address), its checklist and a submission with the token.
  const page = await fetch(`${server.url}/fill/${link.token as string}`);
  expect(page.status).toBe(200);
  const share = server.client(link.token as string);
  expect((await share.get(sharePaths.checklist)).status).toBe(200);
  const submitted = await share.post(`documentation/documents/${checklist.id as string}/data`, { record: { done: { value: 'pass' } } });
  expect(submitted.status, submitted.text).toBe(201);
  // The API token, and a signed-in call with a session cookie beside the bearer token.
  expect((await apiToken.api.get('auth/me')).status).toBe(200);
  const cookieRes = await fetch(`${server.apiUrl}/auth/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ username: admin.username, password: admin.password }),
  });
  const cookie = cookieRes.headers.get('set-cookie') ?? '';
  secrets.cookie = cookie.split(';')[0]!.split('=').slice(1).join('=');
  // A reset link's page: the token in the query.
  expect((await fetch(`${server.url}/reset-password?token=resetSECRETtoken123`)).status).toBeLessThan(500);
  secrets.resetToken = 'resetSECRETtoken123';
  await settle();
});

describe('the request log', () => {
  it('is one JSON object a line with time, level, request id, route pattern, status, duration and who', async () => {
    const res = await admin.api.get('auth/me', { headers: { 'X-Request-Id': 'probe-me-1' } });
    expect(res.headers.get('x-request-id')).toBe('probe-me-1');
    await settle();
    const line = entries().find((e) => e.reqId === 'probe-me-1');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/v1/auth/me', status: 200, userId: admin.id, orgId });
    expect(typeof line!.durationMs).toBe('number');
    expect(Date.parse(String(line!.time))).not.toBeNaN();
  });

  it('names the share link’s page and calls by their patterns, with the organisation', () => {
    const routes = entries().map((e) => e.route);
    expect(routes).toContain('/fill/:token');
    const submission = entries().find((e) => e.method === 'POST' && String(e.route).endsWith('/data'));
    expect(submission).toMatchObject({ status: 201, orgId });
    expect(submission!.route).toMatch(/^\/api\/v1\/documentation\/documents\/:[a-z_]+\/data$/i);
  });

  it('holds no token, password, cookie, share token or secret anywhere', async () => {
    const dir = join(server.config.dataDir, 'secrets');
    for (const name of await readdir(dir).catch(() => [] as string[])) secrets[`file ${name}`] = (await readFile(join(dir, name), 'utf8')).trim();
    expect(secrets.cookie, 'the sign-in set a session cookie').toBeTruthy();
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(8);
      expect(log.includes(value), `the log holds the ${what}`).toBe(false);
    }
  });
});
