/**
 * Notifications by e-mail (issue #12): subscribers who chose email_notifications get ONE message for all
 * their notifications once the oldest has waited the window (NOTIFICATION_MAIL_WINDOW_MS, moved here by
 * the test clock), each item linked (PUBLIC_URL/documentation/view/{id} or /browse/{id}); nothing about
 * an item they may no longer Read; nobody else is mailed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mailDueNotifications } from '../../../src/server/services/notifications/email.ts';
import { createUserDirectly, makeDocument, makeFolder, orgWithAdmin, Permission, revoke, setAcl, type TestUser } from '../support/factories.ts';
import { PUBLIC_URL, startTestServer, useTestServer } from '../support/harness.ts';
import { attr, select } from '../../support/html.ts';

const WINDOW_MS = 60_000;
// The timer never fires during a test (an hour); each test runs a pass itself, as the timer would.
const server = useTestServer({ env: { NOTIFICATION_MAIL_WINDOW_MS: String(WINDOW_MS), NOTIFICATION_MAIL_INTERVAL_MS: String(60 * 60 * 1000) } });

let admin: TestUser;
let mailed: TestUser;
let quiet: TestUser;

beforeAll(async () => {
  ({ admin } = await orgWithAdmin(server));
  mailed = await createUserDirectly(server, admin);
  quiet = await createUserDirectly(server, admin);
});

const pass = () => mailDueNotifications({ db: server.db, config: server.config, mail: server.deps.mail, now: server.deps.now });

describe('notification e-mail', () => {
  it('groups a burst of events into one message per user once the window has passed, with a link to each item', async () => {
    const folder = await makeFolder(admin, 'root', 'Mailed folder');
    expect((await mailed.api.post(`documentation/folders/${folder.id}/subscription`, { email_notifications: true })).status).toBe(200);
    expect((await quiet.api.post(`documentation/folders/${folder.id}/subscription`, {})).status).toBe(200);
    const doc = await makeDocument(admin, folder.id, 'form', 'Checklist one');
    const sub = await makeFolder(admin, folder.id, 'Sub folder');
    expect((await admin.api.put(`documentation/folders/${folder.id}`, { name: 'Mailed folder 2', version: folder.version })).status).toBe(200);
    const before = (await server.outbox.to(mailed.email)).length;

    // Not yet: the oldest has not waited the window.
    expect(await pass()).toBe(0);
    server.clock.advance(WINDOW_MS + 1000);
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);
    const mails = await server.outbox.to(mailed.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(/3 changes/);
    expect(mail.text).toContain(`${admin.username} created the document Checklist one`);
    expect(mail.text).toContain(`${admin.username} created the folder Sub folder`);
    expect(mail.text).toContain(`${admin.username} changed the folder Mailed folder 2`);
    expect(mail.links).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/documentation/view/${doc.id}`,
        `${PUBLIC_URL}/documentation/browse/${sub.id}`,
        `${PUBLIC_URL}/documentation/browse/${folder.id}`,
      ]),
    );
    expect(select(mail.html!, 'a').map((a) => attr(a, 'href'))).toContain(`${PUBLIC_URL}/documentation/view/${doc.id}`);
    // Subscribed without e-mail: nothing; the actor: nothing.
    expect(await server.outbox.to(quiet.email)).toHaveLength(0);
    expect((await server.outbox.to(admin.email)).filter((m) => /changes? you follow/.test(m.subject))).toHaveLength(0);
  });

  it('never mails about an item the user may no longer Read', async () => {
    const folder = await makeFolder(admin, 'root', 'Soon closed');
    await mailed.api.post(`documentation/folders/${folder.id}/subscription`, { email_notifications: true });
    await makeDocument(admin, folder.id, 'form', 'Confidential report');
    await setAcl(admin, 'folders', folder.id, [revoke(mailed.id, Permission.Read)]);
    const before = (await server.outbox.to(mailed.email)).length;
    server.clock.advance(WINDOW_MS + 1000);
    await pass();
    const after = await server.outbox.to(mailed.email);
    expect(after.length).toBe(before);
    for (const mail of after) expect(mail.text).not.toContain('Confidential report');
    // And it is not left waiting to be mailed later: Read given back mails the permission change only.
    await setAcl(admin, 'folders', folder.id, []);
    server.clock.advance(WINDOW_MS + 1000);
    await pass();
    const later = (await server.outbox.to(mailed.email)).slice(before);
    expect(later).toHaveLength(1);
    expect(later[0]!.text).toContain(`${admin.username} changed the permissions of the folder Soon closed`);
    expect(later[0]!.text).not.toContain('Confidential report');
  });

  it('the background job mails by itself', async () => {
    const fast = await startTestServer({ env: { NOTIFICATION_MAIL_WINDOW_MS: '300', NOTIFICATION_MAIL_INTERVAL_MS: '100' } });
    try {
      const { admin: a } = await orgWithAdmin(fast);
      const u = await createUserDirectly(fast, a);
      const folder = await makeFolder(a, 'root', 'Timed');
      await u.api.post(`documentation/folders/${folder.id}/subscription`, { email_notifications: true });
      await makeFolder(a, folder.id, 'Timed child');
      await expect.poll(async () => (await fast.outbox.to(u.email)).length, { timeout: 10_000, interval: 200 }).toBe(1);
      expect((await fast.outbox.to(u.email))[0]!.text).toContain('Timed child');
    } finally {
      await fast.close();
    }
  }, 120_000);
});
