/**
 * `webhooks` (issue #34): org admins register, read, change and delete endpoints; the secret is answered
 * once (and on rotation: the old one signs beside the new one for a day), stored sealed; bodies are checked (422 naming the field); other organisations'
 * ids are 404.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../../src/server/db/schema.ts';
import { makeFolder, missingId, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { eventually, registerWebhook, startReceiver, type Receiver } from './support.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let admin: TestUser;
let stranger: TestUser;
let receiver: Receiver;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  ({ admin: stranger } = await orgWithAdmin(server));
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
});

describe('POST, GET, PUT, DELETE webhooks', () => {
  it('registers, lists, reads, changes and deletes; the secret is shown once and kept sealed', async () => {
    const folder = await makeFolder(admin);
    const created = await registerWebhook(admin, { url: 'https://hooks.example.com/in', events: ['checklist.submitted', 'checklist.submitted'], folder_id: folder.id });
    expect(created).toMatchObject({ url: 'https://hooks.example.com/in', events: ['checklist.submitted'], folder_id: folder.id, folder_name: folder.name, enabled: true });
    expect((created as unknown as { created_by_username: string }).created_by_username).toBe(admin.username);
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(created.secret.slice(6));

    const list = await admin.api.get('webhooks');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, results: [{ id: created.id }] });
    expect(list.body.results[0].secret).toBeUndefined();

    const changed = await admin.api.put(`webhooks/${created.id}`, { url: 'https://hooks.example.com/other', events: ['member.left'], folder_id: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ url: 'https://hooks.example.com/other', events: ['member.left'], folder_id: null, folder_name: null });
    expect((await admin.api.get(`webhooks/${created.id}`)).body.url).toBe('https://hooks.example.com/other');

    expect((await admin.api.delete(`webhooks/${created.id}`)).status).toBe(204);
    expect((await admin.api.get(`webhooks/${created.id}`)).status).toBe(404);
  });

  it('a folder at any depth of the organisation: registered on one, changed to a deeper one, named in the answer', async () => {
    const top = await makeFolder(admin);
    const middle = await makeFolder(admin, top.id);
    const nested = await makeFolder(admin, middle.id);
    const created = await registerWebhook(admin, { url: 'https://hooks.example.com/nested', events: ['document.published'], folder_id: middle.id });
    expect(created).toMatchObject({ folder_id: middle.id, folder_name: middle.name });
    const changed = await admin.api.put(`webhooks/${created.id}`, { url: created.url, events: created.events, folder_id: nested.id.toUpperCase() });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ folder_id: nested.id, folder_name: nested.name });
    expect((await admin.api.get(`webhooks/${created.id}`)).body).toMatchObject({ folder_id: nested.id, folder_name: nested.name });
    const theirs = await makeFolder(stranger, (await makeFolder(stranger)).id);
    const refused = await admin.api.put(`webhooks/${created.id}`, { url: created.url, events: created.events, folder_id: theirs.id });
    expect(refused.status, refused.text).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('folder_id');
  });

  it('rotating the secret: the old one signs beside the new one for a day (sealed too), then only the new one', async () => {
    const endpoint = await registerWebhook(admin, { url: receiver.url, events: ['member.joined'] });
    const before = Date.now();
    const rotated = await admin.api.post(`webhooks/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    // Until when the old one still signs: WEBHOOK_SECRET_OVERLAP_HOURS (24) from now.
    const until = Date.parse(rotated.body.previous_secret_expires_at as string);
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR + 1000);
    expect((await admin.api.get(`webhooks/${endpoint.id}`)).body.previous_secret_expires_at).toBe(rotated.body.previous_secret_expires_at);
    // Both kept sealed at rest.
    const [row] = await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.previousSecret).not.toBeNull();
    for (const stored of [row!.secret, row!.previousSecret!]) {
      for (const plain of [endpoint.secret, rotated.body.secret as string]) {
        expect(stored).not.toContain(plain);
        expect(stored).not.toContain(plain.slice('whsec_'.length));
      }
    }

    // During the overlap: two signatures in one header, each verified against its own secret.
    const test = await admin.api.post(`webhooks/${endpoint.id}/test`, {});
    await eventually(() => receiver.received.some((r) => r.id === test.body.delivery_id), 'the test event');
    const got = receiver.received.find((r) => r.id === test.body.delivery_id)!;
    const headers = got.headers as Record<string, string>;
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(() => new Webhook(rotated.body.secret).verify(got.body, headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got.body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, headers)).toThrow();

    // After the overlap (a day and a bit later): only the new one signs.
    server.clock.advanceHours(25);
    try {
      expect((await admin.api.get(`webhooks/${endpoint.id}`)).body.previous_secret_expires_at).toBeNull();
      const later = await admin.api.post(`webhooks/${endpoint.id}/test`, {});
      await eventually(() => receiver.received.some((r) => r.id === later.body.delivery_id), 'the test event after the overlap');
      const last = receiver.received.find((r) => r.id === later.body.delivery_id)!;
      const signature = String(last.headers['webhook-signature']);
      // Its timestamp is a day ahead of this process's clock, so Webhook.verify would refuse it for that
      // alone: the signature is compared with what the package signs with each secret instead.
      const at = new Date(Number(last.headers['webhook-timestamp']) * 1000);
      expect(signature.split(' ')).toEqual([new Webhook(rotated.body.secret).sign(last.id, at, last.body)]);
      expect(signature).not.toContain(new Webhook(endpoint.secret).sign(last.id, at, last.body));
    } finally {
      server.clock.reset();
    }
  });

  it.each([
    [{ events: ['member.left'] }, 'url'],
    [{ url: 'ftp://example.com/x', events: ['member.left'] }, 'url'],
    [{ url: 'not a url', events: ['member.left'] }, 'url'],
    [{ url: 'https://user:pw@example.com/', events: ['member.left'] }, 'url'],
    [{ url: 'https://example.com/', events: [] }, 'events'],
    [{ url: 'https://example.com/', events: ['document.deleted'] }, 'events.0'],
    [{ url: 'https://example.com/', events: 'member.left' }, 'events'],
    [{ url: 'https://example.com/', events: ['member.left'], folder_id: 'nope' }, 'folder_id'],
  ])('%j → 422 naming %s', async (body, field) => {
    const res = await admin.api.post('webhooks', body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it("another organisation's folder → 422; its endpoints → 404 for every call", async () => {
    const theirs = await makeFolder(stranger);
    const res = await admin.api.post('webhooks', { url: 'https://example.com/', events: ['member.left'], folder_id: theirs.id });
    expect(res.status, res.text).toBe(422);
    const endpoint = await registerWebhook(stranger, { url: 'https://example.com/', events: ['member.left'] });
    for (const [method, path] of [
      ['GET', `webhooks/${endpoint.id}`],
      ['PUT', `webhooks/${endpoint.id}`],
      ['DELETE', `webhooks/${endpoint.id}`],
      ['POST', `webhooks/${endpoint.id}/rotate-secret`],
      ['GET', `webhooks/${endpoint.id}/deliveries`],
      ['POST', `webhooks/${endpoint.id}/test`],
      ['POST', `webhooks/${endpoint.id}/deliveries/${missingId()}/resend`],
      ['GET', `webhooks/${missingId()}`],
      ['GET', 'webhooks/not-an-id'],
    ] as const) {
      const answer = await admin.api.request(method, path, method === 'PUT' ? { json: { url: 'https://example.com/', events: ['member.left'] } } : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({ detail: 'Webhook not found' });
    }
    expect((await admin.api.get('webhooks')).body.results.some((e: { id: string }) => e.id === endpoint.id)).toBe(false);
  });
});
