/**
 * Where webhook deliveries may go (issue #34): without WEBHOOK_ALLOW_PRIVATE, no request reaches a
 * private, loopback or link-local address, nor any other IANA special-purpose block (the IPv6 translation
 * blocks SIIT, NAT64, Teredo, 6to4: issue #40 item 5) — an IP literal, IPv4-mapped IPv6, or a name
 * resolving to one (`localhost`): the attempt fails in the log and the local receiver hears nothing. Redirects are not
 * followed (with WEBHOOK_ALLOW_PRIVATE, so the receiver can be reached): a 3xx is a failed attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgWithAdmin, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { eventually, registerWebhook, startReceiver, type Receiver } from './support.ts';

let receiver: Receiver;
let target: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  target = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
  await target.close();
});

async function lastAttempt(admin: TestUser, id: string) {
  let attempts: { status_code: number | null; ok: boolean; error: string | null; delivery_status: string }[] = [];
  for (let i = 0; i < 300 && attempts.length === 0; i++) {
    attempts = (await admin.api.get(`webhooks/${id}/deliveries`)).body.results;
    if (attempts.length === 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(attempts.length).toBeGreaterThan(0);
  return attempts[0]!;
}

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    ({ admin } = await orgWithAdmin(server));
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['127.0.0.1', (port: string) => `http://127.0.0.1:${port}/hook`],
    ['localhost (resolves to a loopback address)', (port: string) => `http://localhost:${port}/hook`],
    ['IPv4-mapped IPv6', (port: string) => `http://[::ffff:127.0.0.1]:${port}/hook`],
    ['IPv6 loopback', (port: string) => `http://[::1]:${port}/hook`],
    ['a decimal IPv4', (port: string) => `http://2130706433:${port}/hook`],
    // The IPv6 translation blocks (issue #40 item 5), refused before any connection is tried.
    ['SIIT (::ffff:0:0:0/96)', (port: string) => `http://[::ffff:0:127.0.0.1]:${port}/hook`],
    ['local NAT64 (64:ff9b:1::/48)', (port: string) => `http://[64:ff9b:1::7f00:1]:${port}/hook`],
    ['NAT64 (64:ff9b::/96)', (port: string) => `http://[64:ff9b::7f00:1]:${port}/hook`],
    ['Teredo (2001::/32)', (port: string) => `http://[2001::7f00:1]:${port}/hook`],
    ['6to4 (2002::/16)', (port: string) => `http://[2002:7f00:1::1]:${port}/hook`],
    ['documentation (2001:db8::/32)', (port: string) => `http://[2001:db8::1]:${port}/hook`],
  ])('%s: refused, the receiver hears nothing', async (_, url) => {
    const port = new URL(receiver.url).port;
    const endpoint = await registerWebhook(admin, { url: url(port), events: ['document.published'] });
    const before = receiver.received.length;
    const test = await admin.api.post(`webhooks/${endpoint.id}/test`, {});
    expect(test.status).toBe(202);
    const attempt = await lastAttempt(admin, endpoint.id);
    expect(attempt).toMatchObject({ status_code: null, ok: false, delivery_status: 'failed' });
    expect(attempt.error).toMatch(/private address/);
    await server.deps.webhooks.idle();
    expect(receiver.received.length).toBe(before);
  });
});

describe('with WEBHOOK_ALLOW_PRIVATE', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    ({ admin } = await orgWithAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    receiver.redirectTo = undefined;
  });

  it('localhost is reached', async () => {
    const endpoint = await registerWebhook(admin, { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['document.published'] });
    receiver.secret = endpoint.secret;
    const test = await admin.api.post(`webhooks/${endpoint.id}/test`, {});
    await eventually(() => receiver.received.some((r) => r.id === test.body.delivery_id), 'the test event');
  });

  it('a redirect is not followed: a failed attempt', async () => {
    receiver.redirectTo = target.url;
    const endpoint = await registerWebhook(admin, { url: receiver.url, events: ['document.published'] });
    await admin.api.post(`webhooks/${endpoint.id}/test`, {});
    const attempt = await lastAttempt(admin, endpoint.id);
    expect(attempt).toMatchObject({ status_code: 302, ok: false });
    expect(attempt.error).toMatch(/^Redirects are not followed/);
    expect(target.received).toHaveLength(0);
  });
});
