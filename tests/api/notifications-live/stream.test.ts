/**
 * Live notifications (issue #12): GET documentation/notifications/stream sends a subscriber's new
 * notifications as server-sent events the moment they are committed (pg_notify → the hub's LISTEN →
 * the open stream), presented as GET documentation/notifications presents them, with the unread count;
 * never another organisation's; signed in like any call; ended when its session ends and when the server
 * stops; and, on PostgreSQL, a notification written through one server reaches a stream open on another.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList, NotificationPush } from '../../../src/shared/api/notifications.ts';
import { openDatabase } from '../../../src/server/db/connection.ts';
import { LiveHub, type LiveStream } from '../../../src/server/live/hub.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { createUserDirectly, makeDocument, makeFolder, orgWithAdmin, type TestUser } from '../support/factories.ts';
import { startTestServer, useTestServer } from '../support/harness.ts';
import { openStream, type OpenStream } from './event-stream.ts';

const server = useTestServer();

let admin: TestUser;
let reader: TestUser;
let folderId: string;
const streams: OpenStream[] = [];

const open = async (token: string | undefined, apiUrl = server.apiUrl) => {
  const s = await openStream(apiUrl, token);
  streams.push(s);
  return s;
};
const open2 = async (token: string, accept: string) => {
  const s = await openStream(server.apiUrl, token, accept);
  streams.push(s);
  return s;
};
const push = (e: { data: string }) => JSON.parse(e.data) as NotificationPush;
const isNotification = (e: { event: string }) => e.event === 'notification';

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  reader = await createUserDirectly(server, admin);
  folderId = (await makeFolder(admin, 'root', 'Live folder')).id as string;
  expect((await reader.api.post(`documentation/folders/${folderId}/subscription`, {})).status).toBe(200);
});

afterAll(() => {
  for (const s of streams) s.close();
});

describe('GET documentation/notifications/stream', () => {
  it('is refused without a valid bearer token (401)', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const s = await open(token);
      expect(s.status).toBe(401);
      await s.ended;
    }
  });

  it('answers 406 to a client that does not ask for an event stream (a plain GET would never end)', async () => {
    for (const accept of ['*/*', 'application/json']) {
      const s = await open2(reader.token, accept);
      expect(s.status).toBe(406);
      await s.ended;
      expect(s.contentType).toBe('application/problem+json');
    }
  });

  it('opens with `ready` (the unread count, a retry hint) and pushes a subscriber the document another user adds', async () => {
    const s = await open(reader.token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const ready = await s.next();
    expect(ready.event).toBe('ready');
    expect(ready.retry).toBeGreaterThan(0);
    const before = (JSON.parse(ready.data) as { unread: number }).unread;

    const doc = await makeDocument(admin, folderId, 'form', 'Pushed checklist');
    const e = await s.next(isNotification);
    const got = push(e);
    expect(got.notification).toMatchObject({
      activity_type: 'DocumentCreated',
      read_at: null,
      username: admin.username,
      item: { kind: 'document', id: doc.id, name: 'Pushed checklist', doctype: 'form' },
    });
    expect(e.id).toBe(got.notification.id);
    expect(got.unread).toBe(before + 1);

    // Exactly as the panel's GET presents it.
    const list = (await reader.api.get('documentation/notifications')).body as NotificationList;
    expect(list.unread).toBe(got.unread);
    expect(list.results.find((n: Notification) => n.id === got.notification.id)).toEqual(got.notification);

    // Marked read, the next push counts from there.
    expect((await reader.api.post('documentation/notifications/mark-read', list.results.map((n) => n.id))).status).toBe(204);
    await makeFolder(admin, folderId, 'Pushed sub folder');
    const next = push(await s.next(isNotification));
    expect(next.notification).toMatchObject({ activity_type: 'FolderCreated', item: { kind: 'folder', name: 'Pushed sub folder' } });
    expect(next.unread).toBe(1);
    // The actor hears nothing of their own change: a stream of the admin gets no notification.
    s.close();
  });

  it("never pushes another organisation's notifications, even a forged payload naming this user", async () => {
    const s = await open(reader.token);
    await s.next((e) => e.event === 'ready');
    // Another organisation, its own subscriber, its own events.
    const other = await orgWithAdmin(server);
    const outsider = await createUserDirectly(server, other.admin);
    const otherFolder = (await makeFolder(other.admin, 'root', 'Elsewhere')).id as string;
    await outsider.api.post(`documentation/folders/${otherFolder}/subscription`, {});
    const theirs = await open(outsider.token);
    await theirs.next((e) => e.event === 'ready');
    await makeDocument(other.admin, otherFolder, 'form', 'Not for reader');
    expect(push(await theirs.next(isNotification)).notification.item?.name).toBe('Not for reader');

    // A payload naming the reader with the other organisation, and one naming an id that is not theirs.
    const [mine] = (await reader.api.get('documentation/notifications')).body.results as Notification[];
    await server.db.execute(sql`select pg_notify('notifications', ${JSON.stringify({ u: reader.id, o: other.org.id, n: mine!.id })})`);
    const theirId = ((await outsider.api.get('documentation/notifications')).body.results as Notification[])[0]!.id;
    const readerOrg = (await reader.api.get('auth/me')).body.org.id as string;
    await server.db.execute(sql`select pg_notify('notifications', ${JSON.stringify({ u: reader.id, o: readerOrg, n: theirId })})`);

    // The reader's next notification is their own organisation's next event: nothing came before it.
    await makeDocument(admin, folderId, 'form', 'Reader news');
    const first = await s.next(isNotification);
    expect(push(first).notification.item?.name).toBe('Reader news');
    expect(s.events.filter(isNotification)).toHaveLength(1);
    s.close();
    theirs.close();
  });

  it('ends a stream whose login session has ended (at the next push) instead of pushing to it', async () => {
    const again = await createUserDirectly(server, admin);
    await again.api.post(`documentation/folders/${folderId}/subscription`, {});
    const s = await open(again.token);
    await s.next((e) => e.event === 'ready');
    expect((await again.api.post('auth/logout')).status).toBeLessThan(300);
    await makeDocument(admin, folderId, 'form', 'After logout');
    await s.ended;
    expect(s.events.filter(isNotification)).toHaveLength(0);
    expect((await open(again.token)).status).toBe(401);
  });

  it('ends every open stream when the server stops, and the server stops promptly', async () => {
    const own = await startTestServer();
    try {
      const { admin: a } = await orgWithAdmin(own);
      const s = await openStream(own.apiUrl, a.token);
      expect(s.status).toBe(200);
      await s.next((e) => e.event === 'ready');
      const started = Date.now();
      const closing = own.close();
      await s.ended;
      // The stream ends at once (its server does not wait for it), and the server closes.
      expect(Date.now() - started).toBeLessThan(2000);
      await closing;
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});

describe('the live hub', () => {
  it('sends each open stream a heartbeat comment and forgets a stream its client left', async () => {
    const hub = new LiveHub(server.deps, { heartbeatMs: 30 });
    await hub.start();
    try {
      let pings = 0;
      const stream: LiveStream = {
        member: { userId: reader.id, orgId: 'x', orgName: '', username: '', isOrgAdmin: false, roleIds: new Set() },
        sessionId: '00000000-0000-0000-0000-000000000000',
        send: () => undefined,
        ping: () => pings++,
        close: () => undefined,
      };
      const forget = hub.add(stream);
      expect(hub.openStreams).toBe(1);
      // Two heartbeats, however long a loaded machine takes to run the timer (no wall-clock verdict).
      await vi.waitFor(() => expect(pings).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
      forget();
      expect(hub.openStreams).toBe(0);
    } finally {
      await hub.stop();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('several server processes on one PostgreSQL database', () => {
  let second: RunningServer;
  beforeAll(async () => {
    // Another server process as production runs it: its own pool and LISTEN connection, the same database.
    second = await startServer({ ...server.config, port: 0 }, { database: await openDatabase({ databaseUrl: server.databaseUrl }) });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a notification written through server A reaches a stream open on server B', async () => {
    const onB = await open(reader.token, `${second.url}/api/v1`);
    expect(onB.status).toBe(200);
    await onB.next((e) => e.event === 'ready');
    const onA = await open(reader.token);
    await onA.next((e) => e.event === 'ready');
    const doc = await makeDocument(admin, folderId, 'form', 'Across servers'); // through server A
    const [b, a] = await Promise.all([onB.next(isNotification), onA.next(isNotification)]);
    expect(push(b).notification.item?.id).toBe(doc.id);
    expect(push(b)).toEqual(push(a));
    onA.close();
    onB.close();
  });

  it("tells open streams to resync when the hub's LISTEN connection was lost, and keeps pushing", async () => {
    const s = await open(reader.token);
    await s.next((e) => e.event === 'ready');
    // Every LISTEN backend on this database (both servers') is cut off, as a PostgreSQL restart would.
    await server.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await s.next((e) => e.event === 'resync', 8000);
    const doc = await makeDocument(admin, folderId, 'form', 'After reconnect');
    expect(push(await s.next(isNotification)).notification.item?.id).toBe(doc.id);
    s.close();
  });
});
