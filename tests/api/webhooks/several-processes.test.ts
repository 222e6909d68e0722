/**
 * Several server processes on one database (issue #34, PostgreSQL): each has its own webhook sender, its
 * own connection pool and its own LISTEN, and every delivery arrives exactly once — the senders claim with
 * FOR UPDATE SKIP LOCKED. The second "process" is a second sender over a second pool, woken by the same
 * commits (PGlite is one process: skipped there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection.ts';
import { WebhookSender } from '../../../src/server/services/webhooks/sender.ts';
import { makeChecklist, orgWithAdmin, question, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { eventually, registerWebhook, startReceiver, type Receiver } from './support.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

describe.skipIf(!process.env.DATABASE_URL)('two senders over one database', () => {
  let receiver: Receiver;
  let admin: TestUser;
  let second: DatabaseHandle;
  let stopSecond: () => Promise<void>;
  let sender: WebhookSender;

  beforeAll(async () => {
    receiver = await startReceiver();
    ({ admin } = await orgWithAdmin(server));
    second = await openDatabase({ databaseUrl: server.databaseUrl });
    sender = new WebhookSender({ db: second.db, config: server.config, now: server.clock.now, mail: server.deps.mail });
    stopSecond = sender.keepDelivering(60_000);
  });

  afterAll(async () => {
    await stopSecond();
    await second.close();
    await receiver.close();
  });

  it('forty submissions to three endpoints: each of the 120 deliveries arrives once', async () => {
    const endpoints = await Promise.all([1, 2, 3].map(() => registerWebhook(admin, { url: receiver.url, events: ['checklist.submitted'] })));
    const checklist = await makeChecklist(admin, { ok: question('true/false') });
    const submissions: string[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => admin.api.post(`documentation/documents/${checklist.id}/data`, { record: { ok: { value: true } } })),
      );
      for (const a of answers) {
        expect(a.status, a.text).toBe(201);
        submissions.push(a.body.id as string);
      }
    }
    await eventually(() => receiver.received.length >= 120, '120 deliveries', 60_000);
    await Promise.all([server.deps.webhooks.idle(), sender.idle()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(120);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(120);
    for (const id of submissions) expect(receiver.received.filter((r) => r.data.submission_id === id)).toHaveLength(3);
    const attempts = await admin.api.get(`webhooks/${endpoints[0]!.id}/deliveries?limit=200`);
    expect(attempts.body.total).toBe(40);
  });
});
