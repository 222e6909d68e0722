/**
 * Notifications (issue #12): made from activity events for every subscriber of the item or of a folder
 * above it who may Read the item (never the actor), DataSubmitted and "validation errors only";
 * GET documentation/notifications (newest first, unread count, skip/limit, the caller's own in the
 * current organisation) and POST documentation/notifications/mark-read; a pg_notify per notification.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema.ts';
import { submit } from '../checklists/support.ts';
import {
  createUserDirectly,
  makeChecklist,
  makeDocument,
  makeFolder,
  makeTeam,
  missingId,
  orgWithAdmin,
  Permission,
  question,
  revoke,
  setAcl,
  type Team,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

interface Listed {
  id: string;
  read_at: string | null;
  activity_type: string;
  activity_time: string;
  username: string | null;
  context_data: Record<string, unknown>;
  item: { kind: string; id: string; name: string; doctype: string | null } | null;
}

async function list(user: TestUser, query = ''): Promise<{ results: Listed[]; total: number; unread: number }> {
  const res = await user.api.get(`documentation/notifications${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const subscribe = async (user: TestUser, kind: 'folders' | 'documents', id: string, options: object = {}) => {
  const res = await user.api.post(`documentation/${kind}/${id}/subscription`, options);
  expect(res.status, res.text).toBe(200);
};

describe('fan-out', () => {
  it('subscribers of the item and of every folder above it hear of a change; the actor does not', async () => {
    const top = await makeFolder(team.admin, 'root', 'Top');
    const mid = await makeFolder(team.admin, top.id, 'Mid');
    await subscribe(team.member, 'folders', top.id);
    await subscribe(team.roleMember, 'folders', mid.id);
    await subscribe(team.admin, 'folders', top.id);
    const before = { member: (await list(team.member)).total, roleMember: (await list(team.roleMember)).total, admin: (await list(team.admin)).total };

    const doc = await makeDocument(team.admin, mid.id, 'form', 'Deep doc');
    const m = await list(team.member);
    expect(m.total).toBe(before.member + 1);
    expect(m.results[0]).toEqual({
      id: expect.any(String),
      read_at: null,
      activity_type: 'DocumentCreated',
      activity_time: expect.any(String),
      username: team.admin.username,
      context_data: expect.objectContaining({ name: 'Deep doc', folder_id: mid.id }),
      item: { kind: 'document', id: doc.id, name: 'Deep doc', doctype: 'form' },
    });
    expect((await list(team.roleMember)).total).toBe(before.roleMember + 1);
    // The admin made the change: not told of it.
    expect((await list(team.admin)).total).toBe(before.admin);

    // A folder event: the folder's own subscribers and those above.
    expect((await team.admin.api.put(`documentation/folders/${mid.id}`, { name: 'Mid renamed', version: mid.version })).status).toBe(200);
    const renamed = (await list(team.roleMember)).results[0]!;
    expect(renamed.activity_type).toBe('FolderUpdated');
    expect(renamed.item).toEqual({ kind: 'folder', id: mid.id, name: 'Mid renamed', doctype: null });
    expect((await list(team.member)).results[0]!.activity_type).toBe('FolderUpdated');
  });

  it('a document subscription hears of that document only; someone subscribed twice hears once', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Docs');
    const a = await makeDocument(team.admin, folder.id, 'form', 'A');
    const b = await makeDocument(team.admin, folder.id, 'form', 'B');
    const admin = team.admin;
    const watcher = team.roleMember;
    await subscribe(watcher, 'documents', a.id);
    await subscribe(team.member, 'documents', a.id);
    await subscribe(team.member, 'folders', folder.id);
    const before = { w: (await list(watcher)).total, m: (await list(team.member)).total };
    expect((await admin.api.put(`documentation/documents/${b.id}`, { name: 'B2', version: b.version })).status).toBe(200);
    expect((await list(watcher)).total).toBe(before.w);
    expect((await admin.api.delete(`documentation/documents/${a.id}`)).status).toBe(204);
    const w = await list(watcher);
    expect(w.total).toBe(before.w + 1);
    // Deleted: named in the context (they could Read it), but nothing to open.
    expect(w.results[0]).toMatchObject({ activity_type: 'DocumentDeleted', item: null, context_data: expect.objectContaining({ name: 'A' }) });
    const m = await list(team.member);
    expect(m.total).toBe(before.m + 2);
    const rows = await server.db.select().from(notifications).where(and(eq(notifications.userId, team.member.id), eq(notifications.orgId, team.org.id)));
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
  });

  it('no notification about an item the subscriber may not Read — revoked on a folder after subscribing', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Restricted');
    await subscribe(team.roleMember, 'folders', folder.id);
    await subscribe(team.member, 'folders', 'root');
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.role.id, Permission.Read)]);
    const before = { r: (await list(team.roleMember)).total, m: (await list(team.member)).total };
    await makeDocument(team.admin, folder.id, 'form', 'Secret plan');
    await makeFolder(team.admin, folder.id, 'Secret folder');
    expect((await list(team.roleMember)).total).toBe(before.r);
    // A member the revoke does not name still hears (from the root subscription).
    expect((await list(team.member)).total).toBe(before.m + 2);
    // A document-level revoke hides that document only.
    const open = await makeDocument(team.admin, 'root', 'form', 'Open');
    await setAcl(team.admin, 'documents', open.id, [revoke(team.member.id, Permission.Read)]);
    const mid = (await list(team.member)).total;
    expect((await team.admin.api.put(`documentation/documents/${open.id}`, { name: 'Open 2', version: open.version })).status).toBe(200);
    expect((await list(team.member)).total).toBe(mid);
  });

  it('a notification whose item the user may no longer Read names nothing', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Later hidden');
    await subscribe(team.member, 'folders', folder.id);
    await makeDocument(team.admin, folder.id, 'form', 'Visible then hidden');
    const [first] = (await list(team.member)).results;
    expect(first!.item?.name).toBe('Visible then hidden');
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.member.id, Permission.Read)]);
    const again = (await list(team.member)).results.find((n) => n.id === first!.id)!;
    expect(again.item).toBeNull();
    expect(again.context_data).toEqual({});
    expect(JSON.stringify(again)).not.toContain('Visible then hidden');
  });

  it('DataSubmitted: every submission for plain subscriptions; only those with validation errors for validation_errors_only', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Inspections');
    const checklist = await makeChecklist(team.admin, { pf: question('pass/fail') }, folder.id, 'Round');
    await subscribe(team.roleMember, 'folders', folder.id, { validation_errors_only: true });
    await subscribe(team.admin, 'documents', checklist.id);
    const before = { r: (await list(team.roleMember)).total, a: (await list(team.admin)).total };
    expect((await submit(team.member, checklist.id, { pf: { value: 'pass' } })).status).toBe(201);
    expect((await list(team.roleMember)).total).toBe(before.r);
    expect((await list(team.admin)).total).toBe(before.a + 1);
    expect((await submit(team.member, checklist.id, { pf: { value: 'fail' } })).status).toBe(201);
    const r = await list(team.roleMember);
    expect(r.total).toBe(before.r + 1);
    expect(r.results[0]).toMatchObject({
      activity_type: 'DataSubmitted',
      username: team.member.username,
      context_data: expect.objectContaining({ sheet_id: checklist.id, sheet_name: 'Round', validation_errors: 1 }),
      item: { kind: 'document', id: checklist.id, name: 'Round', doctype: 'form' },
    });
    expect((await list(team.admin)).total).toBe(before.a + 2);
    // validation_errors_only hears nothing else either.
    expect((await team.admin.api.put(`documentation/folders/${folder.id}`, { name: 'Inspections 2', version: folder.version })).status).toBe(200);
    expect((await list(team.roleMember)).total).toBe(before.r + 1);
    // The submitter is the actor: subscribed, still not told of their own submission.
    await subscribe(team.member, 'documents', checklist.id);
    const m = (await list(team.member)).total;
    expect((await submit(team.member, checklist.id, { pf: { value: 'fail' } })).status).toBe(201);
    expect((await list(team.member)).total).toBe(m);
  });

  it('each notification is announced with pg_notify on "notifications" ({u, o, n}) at commit', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Announced');
    await subscribe(team.member, 'folders', folder.id);
    const heard: { u: string; o: string; n: string }[] = [];
    const client = (server.deps.db as unknown as { session: { client: { listen?: (c: string, f: (p: string) => void) => Promise<() => Promise<void>> } } }).session.client;
    let stop: (() => Promise<void>) | undefined;
    let pgClient: { end: () => Promise<void>; query: (q: string) => Promise<unknown>; on: (e: string, f: (m: { payload?: string }) => void) => void } | undefined;
    if (server.databaseUrl) {
      const pg = await import('pg');
      const c = new pg.default.Client({ connectionString: server.databaseUrl });
      await c.connect();
      c.on('notification', (m: { payload?: string }) => heard.push(JSON.parse(m.payload!)));
      await c.query('LISTEN notifications');
      pgClient = c as unknown as typeof pgClient;
    } else {
      stop = await client.listen!('notifications', (payload) => heard.push(JSON.parse(payload)));
    }
    try {
      await makeDocument(team.admin, folder.id, 'form', 'Pushed');
      const newest = (await list(team.member)).results[0]!;
      await expect.poll(() => heard.find((h) => h.n === newest.id)).toEqual({ u: team.member.id, o: team.org.id, n: newest.id });
    } finally {
      await stop?.();
      await pgClient?.end();
    }
  });
});

describe('GET documentation/notifications', () => {
  it('pages newest first with the total and unread count; only the caller’s, in the current organisation', async () => {
    const { admin } = await orgWithAdmin(server);
    const watcher = await createUserDirectly(server, admin);
    const folder = await makeFolder(admin, 'root', 'Paged');
    await subscribe(watcher, 'folders', folder.id);
    for (let i = 0; i < 5; i++) {
      server.clock.advance(1000);
      await makeFolder(admin, folder.id, `Child ${i}`);
    }
    const all = await list(watcher);
    expect(all.total).toBe(5);
    expect(all.unread).toBe(5);
    expect(all.results.map((n) => n.item?.name)).toEqual(['Child 4', 'Child 3', 'Child 2', 'Child 1', 'Child 0']);
    const page = await list(watcher, '?skip=1&limit=2');
    expect(page.results.map((n) => n.item?.name)).toEqual(['Child 3', 'Child 2']);
    expect(page.total).toBe(5);
    expect((await list(watcher, '?skip=10')).results).toEqual([]);
    // Another organisation's member sees none of them.
    expect((await list(team.member)).results.map((n) => n.id)).not.toContain(all.results[0]!.id);
  });

  it('refuses bad paging with 422 naming the parameter; needs a member', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?skip=-1', '?limit=100000', '?skip=1.5']) {
      const res = await team.member.api.get(`documentation/notifications${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toMatch(/skip|limit/);
    }
    expect((await server.client().get('documentation/notifications')).status).toBe(401);
    expect((await server.client().post('documentation/notifications/mark-read', [])).status).toBe(401);
  });
});

describe('POST documentation/notifications/mark-read', () => {
  it('marks the caller’s own read (204); ids of others and unknown ids are ignored', async () => {
    const folder = await makeFolder(team.admin, 'root', 'To read');
    await subscribe(team.member, 'folders', folder.id);
    await subscribe(team.roleMember, 'folders', folder.id);
    await makeDocument(team.admin, folder.id, 'form', 'R1');
    await makeDocument(team.admin, folder.id, 'form', 'R2');
    const mine = await list(team.member);
    const theirs = await list(team.roleMember);
    const [n1, n2] = mine.results;
    const res = await team.member.api.post('documentation/notifications/mark-read', [n1!.id, theirs.results[0]!.id, missingId(), n1!.id]);
    expect(res.status, res.text).toBe(204);
    const after = await list(team.member);
    expect(after.unread).toBe(mine.unread - 1);
    const readAt = after.results.find((n) => n.id === n1!.id)!.read_at;
    expect(readAt).toEqual(expect.any(String));
    expect(after.results.find((n) => n.id === n2!.id)!.read_at).toBeNull();
    // Not theirs: still unread for its owner.
    expect((await list(team.roleMember)).unread).toBe(theirs.unread);
    // Again: idempotent, the first time kept.
    server.clock.advance(5000);
    expect((await team.member.api.post('documentation/notifications/mark-read', [n1!.id])).status).toBe(204);
    expect((await list(team.member)).results.find((n) => n.id === n1!.id)!.read_at).toBe(readAt);
    expect((await team.member.api.post('documentation/notifications/mark-read', [])).status).toBe(204);
  });

  it('refuses a body that is not a list of ids (422 naming where), malformed JSON 400', async () => {
    const cases: unknown[] = [{ ids: [] }, 'abc', ['not-an-id'], [1], [null], Array.from({ length: 1001 }, () => missingId())];
    for (const body of cases) {
      const res = await team.member.api.post('documentation/notifications/mark-read', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect((await team.member.api.post('documentation/notifications/mark-read', ['x'])).body.detail).toMatch(/^0: /);
    const malformed = await team.member.api.request('POST', 'documentation/notifications/mark-read', {
      body: '[',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });
});
