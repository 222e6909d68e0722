/**
 * An assignment notifies the people it is handed to (issue #32): the user named, every holder of the role
 * named, every member for the organisation — never the one who assigned it, never someone who may not
 * Read the item. In the bell's list (and so the live stream), and by e-mail where one of their
 * subscriptions covering the item asked for e-mail notifications.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mailDueNotifications } from '../../../src/server/services/notifications/email.ts';
import { assign, createRole, createUserDirectly, makeDocument, makeFolder, orgWithAdmin, Permission, revoke, setAcl, type TestUser } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';

const WINDOW_MS = 60_000;
const server = useTestServer({ env: { NOTIFICATION_MAIL_WINDOW_MS: String(WINDOW_MS), NOTIFICATION_MAIL_INTERVAL_MS: String(60 * 60 * 1000) } });
const pass = () => mailDueNotifications({ db: server.db, config: server.config, mail: server.deps.mail, now: server.deps.now });

let admin: TestUser;
let ann: TestUser;
let bob: TestUser;
let role: { id: string; name: string };

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  role = await createRole(server, admin);
  ann = await createUserDirectly(server, admin, { roles: [role.id] });
  bob = await createUserDirectly(server, admin);
});

async function notificationsOf(user: TestUser) {
  const res = await user.api.get('documentation/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body.results as { activity_type: string; username: string; context_data: Record<string, unknown>; item: { id: string; kind: string } | null }[];
}

describe('an assignment notifies its assignees', () => {
  it('a user: they hear of it, with who assigned what; the assigner and others do not', async () => {
    const doc = await makeDocument(admin, 'root', 'form', 'Fire drill');
    await assign(admin, 'document', doc.id as string, { type: 'user', id: ann.id }, 'Before Friday');
    const heard = (await notificationsOf(ann)).filter((n) => n.item?.id === doc.id);
    expect(heard).toEqual([
      expect.objectContaining({
        activity_type: 'DocumentAssigned',
        username: admin.username,
        item: expect.objectContaining({ id: doc.id, kind: 'document' }),
        context_data: expect.objectContaining({ name: 'Fire drill', notes: 'Before Friday', assigned_to: { type: 'user', id: ann.id, name: ann.username } }),
      }),
    ]);
    expect((await notificationsOf(bob)).filter((n) => n.item?.id === doc.id)).toEqual([]);
    expect((await notificationsOf(admin)).filter((n) => n.item?.id === doc.id)).toEqual([]);
  });

  it('a role: each holder; the organisation: every member but the assigner', async () => {
    const folder = await makeFolder(admin, 'root', 'Boiler room');
    await assign(admin, 'folder', folder.id as string, { type: 'role', id: role.id });
    expect((await notificationsOf(ann)).filter((n) => n.item?.id === folder.id).map((n) => n.activity_type)).toEqual(['FolderAssigned']);
    expect((await notificationsOf(bob)).filter((n) => n.item?.id === folder.id)).toEqual([]);

    const doc = await makeDocument(admin, folder.id as string, 'form', 'Boiler check');
    await assign(ann, 'document', doc.id as string, { type: 'org', id: (await admin.api.get('auth/me')).body.org.id });
    expect((await notificationsOf(bob)).filter((n) => n.item?.id === doc.id).map((n) => n.activity_type)).toEqual(['DocumentAssigned']);
    expect((await notificationsOf(admin)).filter((n) => n.item?.id === doc.id).map((n) => n.username)).toEqual([ann.username]);
    expect((await notificationsOf(ann)).filter((n) => n.item?.id === doc.id)).toEqual([]);
  });

  it('nobody who may not Read the item hears of it', async () => {
    const closed = await makeFolder(admin, 'root', 'Closed');
    await setAcl(admin, 'folders', closed.id as string, [revoke(bob.id, Permission.Read)]);
    await assign(admin, 'folder', closed.id as string, { type: 'user', id: bob.id });
    expect((await notificationsOf(bob)).filter((n) => n.item?.id === closed.id)).toEqual([]);
  });

  it('the activity log records it', async () => {
    const doc = await makeDocument(admin, 'root', 'form', 'Logged');
    await assign(admin, 'document', doc.id as string, { type: 'user', id: bob.id });
    const log = await admin.api.get('activity?limit=5');
    expect(log.status, log.text).toBe(200);
    expect(log.body.results[0]).toMatchObject({ activity_type: 'DocumentAssigned', username: admin.username, target: { kind: 'document', id: doc.id } });
  });

  it('by e-mail where a subscription of theirs covering the item asked for it, and only there', async () => {
    const mailedFolder = await makeFolder(admin, 'root', 'Mailed');
    expect((await ann.api.post(`documentation/folders/${mailedFolder.id}/subscription`, { email_notifications: true })).status).toBe(200);
    expect((await bob.api.post(`documentation/folders/${mailedFolder.id}/subscription`, {})).status).toBe(200);
    const doc = await makeDocument(admin, mailedFolder.id as string, 'form', 'Gas meter');
    await pass();
    server.clock.advance(WINDOW_MS + 1000);
    await pass();
    const annBefore = (await server.outbox.to(ann.email)).length;
    const bobBefore = (await server.outbox.to(bob.email)).length;

    await assign(admin, 'document', doc.id as string, { type: 'user', id: ann.id });
    await assign(admin, 'document', doc.id as string, { type: 'user', id: bob.id });
    server.clock.advance(WINDOW_MS + 1000);
    await pass();
    const annMails = await server.outbox.to(ann.email);
    expect(annMails).toHaveLength(annBefore + 1);
    expect(annMails.at(-1)!.text).toContain(`${admin.username} assigned the document Gas meter to you`);
    expect(annMails.at(-1)!.links).toContain(`${PUBLIC_URL}/documentation/view/${doc.id}`);
    // Bob follows the folder without e-mail: in the bell only.
    expect(await server.outbox.to(bob.email)).toHaveLength(bobBefore);
    expect((await notificationsOf(bob)).filter((n) => n.item?.id === doc.id).map((n) => n.activity_type)).toContain('DocumentAssigned');
  });
});
