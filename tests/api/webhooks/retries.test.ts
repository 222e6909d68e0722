/**
 * Webhook retries (issue #34): a receiver that fails twice and then accepts gets the delivery on the third
 * attempt (WEBHOOK_RETRY_BASE_MS shortened, doubling); every attempt is in the endpoint's delivery log,
 * which re-sends a delivery and sends a test event; an endpoint that has failed for a day (the clock moved)
 * is switched off and its organisation's admins are mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserDirectly, makeDocument, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { eventually, registerWebhook, startReceiver, type Receiver } from './support.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '100' } });
let receiver: Receiver;
let admin: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  ({ admin } = await orgWithAdmin(server));
});

afterAll(async () => {
  await receiver.close();
});

interface Attempt {
  delivery_id: string;
  event_type: string;
  status_code: number | null;
  ok: boolean;
  duration_ms: number;
  response_head: string;
  delivery_status: string;
  at: string;
}

async function log(id: string): Promise<Attempt[]> {
  const res = await admin.api.get(`webhooks/${id}/deliveries`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.total).toBe(res.body.results.length);
  return res.body.results as Attempt[];
}

describe('retries and the delivery log', () => {
  it('fails twice, then accepts: three attempts, one message (the same webhook-id), backing off', async () => {
    const endpoint = await registerWebhook(admin, { url: receiver.url, events: ['document.published'] });
    receiver.secret = endpoint.secret;
    receiver.failNext(2, 503);
    const doc = await makeDocument(admin);
    await eventually(() => receiver.received.length === 3, 'the third attempt');
    await server.deps.webhooks.idle();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified && r.data.document_id === doc.id)).toBe(true);
    // The second waited at least the base (100 ms), the third at least twice it.
    const [a, b, c] = receiver.received.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(90);
    expect(c - b).toBeGreaterThanOrEqual(190);

    const attempts = await log(endpoint.id);
    expect(attempts.map((t) => [t.status_code, t.ok])).toEqual([
      [200, true],
      [503, false],
      [503, false],
    ]);
    expect(attempts[0]).toMatchObject({ event_type: 'document.published', response_head: '{"ok":true}', delivery_status: 'delivered' });
    expect(attempts[1]!.response_head).toBe('not now (503)');
    expect(attempts.every((t) => t.duration_ms >= 0 && !Number.isNaN(Date.parse(t.at)))).toBe(true);
    const got = await admin.api.get(`webhooks/${endpoint.id}`);
    expect(got.body).toMatchObject({ enabled: true, failing_since: null });
    expect(got.body.secret).toBeUndefined();
  });

  it('re-sends a delivery (the same webhook-id) and sends a test event', async () => {
    const endpoint = await registerWebhook(admin, { url: receiver.url, events: ['member.joined'] });
    receiver.secret = endpoint.secret;
    receiver.received.length = 0;
    const test = await admin.api.post(`webhooks/${endpoint.id}/test`, {});
    expect(test.status, test.text).toBe(202);
    await eventually(() => receiver.received.length === 1, 'the test event');
    expect(receiver.received[0]).toMatchObject({ id: test.body.delivery_id, type: 'webhook.test', verified: true });

    const again = await admin.api.post(`webhooks/${endpoint.id}/deliveries/${test.body.delivery_id}/resend`, {});
    expect(again.status, again.text).toBe(202);
    await eventually(() => receiver.received.length === 2, 'the re-sent delivery');
    expect(receiver.received[1]!.id).toBe(test.body.delivery_id);
    await server.deps.webhooks.idle();
    expect((await log(endpoint.id)).map((t) => t.delivery_id)).toEqual([test.body.delivery_id, test.body.delivery_id]);

    const missing = await admin.api.post(`webhooks/${endpoint.id}/deliveries/0199aaaa-0000-7000-8000-000000000000/resend`, {});
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: 'Delivery not found' });
  });
});

describe('an endpoint failing for a day', () => {
  it('is switched off, its admins mailed; switched on again by saving it enabled', async () => {
    const { admin: owner } = await orgWithAdmin(server);
    const other = await createUserDirectly(server, owner, { is_org_admin: true });
    const failing = await startReceiver();
    failing.always = 500;
    try {
      const endpoint = await registerWebhook(owner, { url: failing.url, events: ['document.published'] });
      await makeDocument(owner);
      await eventually(() => failing.received.length >= 1, 'the first attempt');
      await server.deps.webhooks.idle();
      const first = await owner.api.get(`webhooks/${endpoint.id}`);
      expect(first.body.enabled).toBe(true);
      expect(first.body.failing_since).not.toBeNull();

      // A day and a bit later the retry fails again: the endpoint has failed for a day.
      server.clock.advanceHours(25);
      try {
        await server.deps.webhooks.deliverDue();
        await server.deps.webhooks.idle();
        const after = await owner.api.get(`webhooks/${endpoint.id}`);
        expect(after.body.enabled).toBe(false);
        expect(after.body.disabled_at).not.toBeNull();
        for (const who of [owner, other]) {
          const mail = await server.outbox.last(who.email);
          expect(mail.subject).toMatch(/^A webhook of .* was switched off$/);
          expect(mail.text).toContain(failing.url);
          expect(mail.text).toContain(`/admin/webhooks/${endpoint.id}`);
        }
        // Switched off: a new event is not queued for it.
        const count = failing.received.length;
        await makeDocument(owner);
        await server.deps.webhooks.idle();
        expect(failing.received.length).toBe(count);
        // Switched on again: failures forgotten.
        const on = await owner.api.put(`webhooks/${endpoint.id}`, { url: failing.url, events: ['document.published'], enabled: true });
        expect(on.status, on.text).toBe(200);
        expect(on.body).toMatchObject({ enabled: true, disabled_at: null, failing_since: null });
      } finally {
        server.clock.reset();
      }
    } finally {
      await failing.close();
    }
  });
});
