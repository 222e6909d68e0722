/**
 * A notification never names a folder its recipient cannot Read (issue #28, "What a member without Read
 * must not learn"): a move's source and destination, and the folder an event names beside its item, come
 * with id and name null for whoever may not Read that folder NOW — in GET documentation/notifications and
 * on the live stream alike; whoever may Read it still gets both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationPush } from '../../../src/shared/api/notifications.ts';
import { grant, makeDocument, makeFolder, makeTeam, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { openStream, type OpenStream } from '../notifications-live/event-stream.ts';

const server = useTestServer();
let team: Team;
/** The member may not Read these two folders; the role member may. */
let secret: { id: string; name: string };
let vault: { id: string; name: string };
let open: { id: string; name: string };
const streams: OpenStream[] = [];

beforeAll(async () => {
  team = await makeTeam(server);
  secret = (await makeFolder(team.admin, 'root', 'Secret source')) as typeof secret;
  vault = (await makeFolder(team.admin, 'root', 'Secret destination')) as typeof vault;
  open = (await makeFolder(team.admin, 'root', 'Open folder')) as typeof open;
  for (const folder of [secret, vault]) await setAcl(team.admin, 'folders', folder.id, [revoke(team.member.id, Permission.Read)]);
  for (const user of [team.member, team.roleMember]) {
    expect((await user.api.post(`documentation/folders/${open.id}/subscription`, {})).status).toBe(200);
  }
});

afterAll(() => {
  for (const s of streams) s.close();
});

const listed = async (user: TestUser): Promise<Notification[]> => {
  const res = await user.api.get('documentation/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body.results as Notification[];
};

const streamOf = async (user: TestUser) => {
  const s = await openStream(server.apiUrl, user.token);
  streams.push(s);
  expect(s.status).toBe(200);
  await s.next((e) => e.event === 'ready');
  return s;
};

/**
 * The next notification pushed on the stream of `activity` (DocumentMoved, …): a notification the test's own
 * set-up caused (an ACL change) may still be on its way when the stream opens, and is passed over.
 */
const pushed = async (s: OpenStream, activity?: string) => {
  for (;;) {
    const { notification } = JSON.parse((await s.next((e) => e.event === 'notification')).data) as NotificationPush;
    if (!activity || notification.activity_type === activity) return notification;
  }
};

const move = async (documentId: string, to: string) => {
  const res = await team.admin.api.post(`documentation/folders/${to}/move`, { document_id: documentId });
  expect(res.status, res.text).toBe(200);
};

/** A checklist in `folder` that the member may Read on its own ACL (the folder's revoke does not reach it). */
async function readableDocIn(folder: { id: string }, name: string) {
  const doc = await makeDocument(team.admin, folder.id, 'form', name);
  await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Read)]);
  return doc as { id: string; name: string };
}

describe('a move notification', () => {
  it('has from_folder_id and from_folder_name null for a recipient who cannot Read the folder it left, in the list and on the stream', async () => {
    const doc = await readableDocIn(secret, 'Moved out of secret');
    const memberStream = await streamOf(team.member);
    const roleStream = await streamOf(team.roleMember);
    await move(doc.id, open.id);

    const hidden = await pushed(memberStream, 'DocumentMoved');
    expect(hidden).toMatchObject({ activity_type: 'DocumentMoved', item: { id: doc.id, name: doc.name } });
    expect(hidden.context_data).toMatchObject({ name: doc.name, from_folder_id: null, from_folder_name: null, to_folder_id: open.id, to_folder_name: open.name });
    const [first] = await listed(team.member);
    expect(first).toEqual(hidden);
    expect(JSON.stringify(first)).not.toContain(secret.id);
    expect(JSON.stringify(first)).not.toContain(secret.name);

    // Whoever may Read the folder still learns where it came from.
    const shown = await pushed(roleStream);
    expect(shown.context_data).toMatchObject({ from_folder_id: secret.id, from_folder_name: secret.name, to_folder_id: open.id });
    expect((await listed(team.roleMember))[0]).toEqual(shown);
  });

  it('is decided when it is read: once the member may Read the folder, its name shows', async () => {
    const doc = await readableDocIn(secret, 'Moved before the grant');
    await move(doc.id, open.id);
    const before = (await listed(team.member))[0]!;
    expect(before.context_data).toMatchObject({ from_folder_id: null, from_folder_name: null });
    await setAcl(team.admin, 'folders', secret.id, []);
    try {
      const after = (await listed(team.member)).find((n) => n.id === before.id)!;
      expect(after.context_data).toMatchObject({ from_folder_id: secret.id, from_folder_name: secret.name });
    } finally {
      await setAcl(team.admin, 'folders', secret.id, [revoke(team.member.id, Permission.Read)]);
    }
  });

  it('hides the destination too when the recipient cannot Read it (a subscriber of the folder it left)', async () => {
    const doc = await readableDocIn(open, 'Moved into the vault');
    const memberStream = await streamOf(team.member);
    await move(doc.id, vault.id);
    const hidden = await pushed(memberStream, 'DocumentMoved');
    expect(hidden.context_data).toMatchObject({ from_folder_id: open.id, from_folder_name: open.name, to_folder_id: null, to_folder_name: null });
    expect(JSON.stringify(await listed(team.member))).not.toContain(vault.name);
  });
});

describe('any notification', () => {
  it("does not name the item's folder when the recipient cannot Read it (a subscriber of the document alone)", async () => {
    const doc = await readableDocIn(secret, 'Followed alone');
    expect((await team.member.api.post(`documentation/documents/${doc.id}/subscription`, {})).status).toBe(200);
    const memberStream = await streamOf(team.member);
    const res = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, name: 'Followed alone, renamed' });
    expect(res.status, res.text).toBe(200);
    const hidden = await pushed(memberStream);
    expect(hidden).toMatchObject({ activity_type: 'DocumentUpdated', item: { id: doc.id } });
    expect(hidden.context_data).toMatchObject({ name: 'Followed alone, renamed', folder_id: null, folder_name: null });
    expect((await listed(team.member))[0]).toEqual(hidden);
  });
});
