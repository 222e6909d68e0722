/**
 * GET activity: what each event names, as it is now — documents and folders live, in the trash (linking
 * to the trash that lists them) or gone; users still members or not; roles live or deleted; the actor
 * while a member, gone once they left, null once their account is deleted. Names are today's; a gone
 * thing keeps the name its event recorded. Made through the API wherever the API can make it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../src/shared/api/activity.ts';
import { documents, folders, memberships, users } from '../../../src/server/db/schema.ts';
import { submit } from '../checklists/support.ts';
import { rootId } from '../documentation/support.ts';
import { insertEvents, makeChecklist, makeDocument, makeFolder, memberOf, orgWithAdmin, question, type TestOrg, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';

const server = useTestServer();

let admin: TestUser;
let org: TestOrg;
let root: string;
let log: ActivityEntry[];

// What the setup made, by name.
const made: Record<string, Json> = {};

async function ok(res: Promise<{ status: number; text: string; body: Json }>, status = 200): Promise<Json> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

beforeAll(async () => {
  ({ admin, org } = await orgWithAdmin(server));
  root = await rootId(admin);

  // Live, then renamed: the log shows the names of now.
  made.live = await makeFolder(admin, root, 'Live folder, first name');
  made.liveDoc = await makeDocument(admin, made.live.id, 'presentation', 'Live doc, first name');
  await ok(admin.api.put(`documentation/folders/${made.live.id}`, { name: 'Live folder', version: made.live.version }));
  await ok(admin.api.put(`documentation/documents/${made.liveDoc.id}`, { name: 'Live doc', version: made.liveDoc.version }));

  // A document in the trash, deleted on its own from a live folder.
  made.holder = await makeFolder(admin, root, 'Holder');
  made.binnedDoc = await makeDocument(admin, made.holder.id, 'report', 'Binned doc');
  await ok(admin.api.delete(`documentation/documents/${made.binnedDoc.id}`), 204);

  // A folder in the trash, and a document that went with it.
  made.binned = await makeFolder(admin, made.live.id, 'Binned folder');
  made.inBinned = await makeDocument(admin, made.binned.id, 'form', 'Inside the binned folder');
  await ok(admin.api.delete(`documentation/folders/${made.binned.id}`), 204);

  // Gone: rows no longer there (the trash has no purge yet, so they are deleted directly).
  made.gone = await makeFolder(admin, root, 'Gone folder');
  made.goneDoc = await makeDocument(admin, made.gone.id, 'sheet', 'Gone doc');
  await server.db.delete(documents).where(eq(documents.id, made.goneDoc.id as string));
  await server.db.delete(folders).where(eq(folders.id, made.gone.id as string));

  // A move (into Holder): the event's folder is where it went.
  made.moved = await makeFolder(admin, root, 'Moved folder');
  await ok(admin.api.post(`documentation/folders/${made.holder.id}/move`, { folder_id: made.moved.id }));

  // A checklist filled in.
  made.checklist = await makeChecklist(admin, { q1: question('text', { required: false }) }, made.live.id, 'Daily check');
  await ok(submit(admin, made.checklist.id, { q1: { value: 'fine' } }), 201);

  // Roles: one renamed, one deleted.
  made.role = await ok(admin.api.post('roles', { name: 'Role, first name' }), 201);
  await ok(admin.api.put(`roles/${made.role.id}`, { name: 'Inspectors' }));
  made.goneRole = await ok(admin.api.post('roles', { name: 'Short-lived role' }), 201);
  await ok(admin.api.delete(`roles/${made.goneRole.id}`), 204);

  // People: a member; one who left the organisation; one whose account is deleted. Their user events
  // and their own actions are inserted directly (the users API records its events elsewhere).
  made.member = await memberOf(server, admin);
  made.leaver = await memberOf(server, admin);
  made.deleted = await memberOf(server, admin);
  const t = server.clock.now().getTime() + 60_000;
  const userEvent = (user: TestUser, i: number) => ({
    type: 'UserCreated',
    actorId: admin.id,
    at: new Date(t + i),
    context: { user_id: user.id, username: `${user.username} then`, full_name: user.full_name, email: user.email },
  });
  await insertEvents(server, org.id, [
    userEvent(made.member, 1),
    userEvent(made.leaver, 2),
    userEvent(made.deleted, 3),
    { type: 'FolderCreated', actorId: made.leaver.id, at: new Date(t + 4), folderId: made.live.id, context: { name: 'x', folder_id: root, folder_name: 'Root' } },
    { type: 'FolderCreated', actorId: made.deleted.id, at: new Date(t + 5), folderId: made.live.id, context: { name: 'x', folder_id: root, folder_name: 'Root' } },
  ]);
  await server.db.delete(memberships).where(eq(memberships.userId, made.leaver.id as string));
  await server.db.delete(users).where(eq(users.id, made.deleted.id as string));

  const res = await admin.api.get('activity?limit=1000');
  expect(res.status, res.text).toBe(200);
  log = res.body.results;
  expect(res.body.total).toBe(log.length);
});

/** The one event of `type` whose target is `id`. */
function event(type: string, id: string): ActivityEntry {
  const found = log.filter((e) => e.activity_type === type && e.target?.id === id);
  expect(found, `${type} of ${id}`).toHaveLength(1);
  return found[0]!;
}

describe('GET activity: documents and folders', () => {
  it('a live document and folder link to themselves, by their names of now, with the folder they are in', () => {
    expect(event('DocumentCreated', made.liveDoc.id).target).toEqual({
      kind: 'document',
      id: made.liveDoc.id,
      name: 'Live doc',
      doctype: 'presentation',
      state: 'live',
      folder_id: made.live.id,
    });
    expect(event('DocumentCreated', made.liveDoc.id).folder).toEqual({
      kind: 'folder',
      id: made.live.id,
      name: 'Live folder',
      state: 'live',
      folder_id: root,
    });
    const renamed = event('FolderUpdated', made.live.id);
    expect(renamed.target).toEqual({ kind: 'folder', id: made.live.id, name: 'Live folder', state: 'live', folder_id: root });
    // The names before and after stay in the event's own record.
    expect(renamed.context_data).toMatchObject({ previous_name: 'Live folder, first name', name: 'Live folder' });
    expect(event('DocumentUpdated', made.liveDoc.id).target?.name).toBe('Live doc');
  });

  it('a document deleted on its own is trashed, linking to the trash of the folder it was deleted from', () => {
    const expected = { kind: 'document', id: made.binnedDoc.id, name: 'Binned doc', doctype: 'report', state: 'trashed', folder_id: made.holder.id };
    expect(event('DocumentCreated', made.binnedDoc.id).target).toEqual(expected);
    expect(event('DocumentDeleted', made.binnedDoc.id).target).toEqual(expected);
    expect(event('DocumentDeleted', made.binnedDoc.id).folder).toMatchObject({ id: made.holder.id, state: 'live' });
  });

  it('a folder in the trash, and a document that went with it, link to the trash that lists the folder', () => {
    const folder = { kind: 'folder', id: made.binned.id, name: 'Binned folder', state: 'trashed', folder_id: made.live.id };
    expect(event('FolderCreated', made.binned.id).target).toEqual(folder);
    expect(event('FolderDeleted', made.binned.id).target).toEqual(folder);
    expect(event('FolderDeleted', made.binned.id).folder).toMatchObject({ id: made.live.id, name: 'Live folder', state: 'live' });
    expect(event('DocumentCreated', made.inBinned.id).target).toEqual({
      kind: 'document',
      id: made.inBinned.id,
      name: 'Inside the binned folder',
      doctype: 'form',
      state: 'trashed',
      folder_id: made.live.id,
    });
    expect(event('DocumentCreated', made.inBinned.id).folder).toEqual(folder);
  });

  it('what no longer exists is gone, with the name its event recorded', () => {
    expect(event('DocumentCreated', made.goneDoc.id).target).toEqual({
      kind: 'document',
      id: made.goneDoc.id,
      name: 'Gone doc',
      doctype: 'sheet',
      state: 'gone',
      folder_id: null,
    });
    expect(event('DocumentCreated', made.goneDoc.id).folder).toEqual({ kind: 'folder', id: made.gone.id, name: 'Gone folder', state: 'gone', folder_id: null });
    expect(event('FolderCreated', made.gone.id).target).toEqual({ kind: 'folder', id: made.gone.id, name: 'Gone folder', state: 'gone', folder_id: null });
  });

  it('a move names where the item went', () => {
    const moved = event('FolderMoved', made.moved.id);
    expect(moved.target).toEqual({ kind: 'folder', id: made.moved.id, name: 'Moved folder', state: 'live', folder_id: made.holder.id });
    expect(moved.folder).toEqual({ kind: 'folder', id: made.holder.id, name: 'Holder', state: 'live', folder_id: root });
    expect(moved.context_data).toMatchObject({ from_folder_id: root, to_folder_id: made.holder.id });
  });

  it('a submission names the checklist and its folder', () => {
    const submitted = event('DataSubmitted', made.checklist.id);
    expect(submitted.target).toEqual({
      kind: 'document',
      id: made.checklist.id,
      name: 'Daily check',
      doctype: 'form',
      state: 'live',
      folder_id: made.live.id,
    });
    expect(submitted.folder).toMatchObject({ id: made.live.id, state: 'live' });
    expect(submitted.context_data).toMatchObject({ sheet_id: made.checklist.id, validation_errors: 0 });
  });
});

describe('GET activity: roles and users', () => {
  it('a role links while it exists, by its name of now; a deleted one is gone with its recorded name', () => {
    const role = { kind: 'role', id: made.role.id, name: 'Inspectors', state: 'live' };
    expect(event('RoleCreated', made.role.id).target).toEqual(role);
    expect(event('RoleUpdated', made.role.id).target).toEqual(role);
    const gone = { kind: 'role', id: made.goneRole.id, name: 'Short-lived role', state: 'gone' };
    expect(event('RoleCreated', made.goneRole.id).target).toEqual(gone);
    expect(event('RoleDeleted', made.goneRole.id).target).toEqual(gone);
    expect(event('RoleDeleted', made.goneRole.id).folder).toBeNull();
  });

  it('a user links while a member, by their username of now; a user who left or whose account is deleted is gone', () => {
    expect(event('UserCreated', made.member.id).target).toEqual({ kind: 'user', id: made.member.id, name: made.member.username, state: 'live' });
    expect(event('UserCreated', made.leaver.id).target).toEqual({ kind: 'user', id: made.leaver.id, name: made.leaver.username, state: 'gone' });
    expect(event('UserCreated', made.deleted.id).target).toEqual({
      kind: 'user',
      id: made.deleted.id,
      name: `${made.deleted.username} then`,
      state: 'gone',
    });
  });

  it('the actor links while a member, is gone once they left, and is null (no username) once their account is deleted', () => {
    const byAdmin = event('RoleCreated', made.role.id);
    expect(byAdmin.username).toBe(admin.username);
    expect(byAdmin.actor).toEqual({ kind: 'user', id: admin.id, name: admin.username, state: 'live' });
    const byLeaver = log.find((e) => e.activity_type === 'FolderCreated' && e.context_data.name === 'x' && e.username === made.leaver.username);
    expect(byLeaver?.actor).toEqual({ kind: 'user', id: made.leaver.id, name: made.leaver.username, state: 'gone' });
    const byDeleted = log.filter((e) => e.activity_type === 'FolderCreated' && e.context_data.name === 'x' && e.username === null);
    expect(byDeleted).toHaveLength(1);
    expect(byDeleted[0]!.actor).toBeNull();
  });
});

describe('GET activity: organisations', () => {
  it('another organisation’s items, roles and users never resolve, and its events never show', async () => {
    const other = await orgWithAdmin(server);
    const theirs = await makeFolder(other.admin, 'root', 'Their folder');
    // An event of ours that names their folder (it never should) shows it as gone, never by its name.
    await insertEvents(server, org.id, [
      { type: 'FolderUpdated', actorId: admin.id, at: server.clock.now(), folderId: theirs.id, context: { name: 'as recorded' } },
    ]);
    const res = await admin.api.get('activity?limit=1000');
    const named = (res.body.results as ActivityEntry[]).find((e) => e.target?.id === theirs.id);
    expect(named?.target).toEqual({ kind: 'folder', id: theirs.id, name: 'as recorded', state: 'gone', folder_id: null });
    const theirLog = await other.admin.api.get('activity?limit=1000');
    expect(theirLog.status).toBe(200);
    const ourIds = new Set((res.body.results as ActivityEntry[]).map((e) => e.id));
    for (const e of theirLog.body.results as ActivityEntry[]) expect(ourIds.has(e.id)).toBe(false);
    expect((theirLog.body.results as ActivityEntry[]).map((e) => e.target?.id)).toContain(theirs.id);
  });
});
