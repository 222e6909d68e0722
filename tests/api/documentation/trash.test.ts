import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';
import { ALL, grant, makeDocument, makeFolder, makeTeam, missingId, Permission, revoke, setAcl, type Team } from '../support/factories.ts';

const server = useTestServer();
let team: Team;
let root: string;

beforeAll(async () => {
  team = await makeTeam(server);
  root = await rootId(team.admin);
});

const ids = (list: { id: string }[]) => list.map((x) => x.id);
const contentsOf = async (folderId: string) => ids((await team.admin.api.get(`documentation/folders/${folderId}/contents?limit=1000`)).body.results);

describe('GET documentation/trash/{id}', () => {
  it('lists what was deleted, newest first, with where it was — for org admins only', async () => {
    const place = await makeFolder(team.admin, 'root', 'Place');
    const folder = await makeFolder(team.admin, place.id, 'Gone folder');
    const inner = await makeDocument(team.admin, folder.id, 'form', 'Inside');
    const doc = await makeDocument(team.admin, place.id, 'sheet', 'Gone sheet');
    expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
    server.clock.advance(1000);
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);

    const res = await team.admin.api.get('documentation/trash/root');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(ids(res.body.results)).toEqual([doc.id, folder.id]);
    expect(ids(res.body.results)).not.toContain(inner.id);
    expect(res.body.results[0]).toEqual({
      id: doc.id,
      name: 'Gone sheet',
      description: doc.description,
      kind: 'document',
      doctype: 'sheet',
      version: 1,
      created_at: expect.any(String),
      modified_at: expect.any(String),
      created_by_username: team.admin.username,
      modified_by_username: team.admin.username,
      subscription_options: { validation_errors_only: false, email_notifications: false },
      user_permissions: ALL,
      folder_id: place.id,
      folder_name: 'Place',
      deleted_at: expect.any(String),
      deleted_by_username: team.admin.username,
    });
    expect(res.body.results[1]).toMatchObject({ kind: 'folder', doctype: null, folder_id: place.id, folder_name: 'Place' });

    const page = await team.admin.api.get('documentation/trash/root?skip=1&limit=1');
    expect(ids(page.body.results)).toEqual([folder.id]);
    expect(page.body.total).toBe(2);
    expect((await team.admin.api.get('documentation/trash/root?skip=9')).body).toEqual({ results: [], total: 2 });

    const fromPlace = await team.admin.api.get(`documentation/trash/${place.id}`);
    expect(fromPlace.body.total).toBe(2);
    const fromRoot = await team.admin.api.get(`documentation/trash/${root}`);
    expect(ids(fromRoot.body.results)).not.toContain(doc.id);

    const refused = await team.member.api.get('documentation/trash/root');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: 'Only organization admins can see the trash' });
    for (const id of [missingId(), 'bad']) {
      const missing = await team.admin.api.get(`documentation/trash/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ detail: 'Folder not found' });
    }
    for (const query of ['limit=0', 'skip=-2', 'limit=1001']) {
      expect((await team.admin.api.get(`documentation/trash/root?${query}`)).status).toBe(422);
    }
  });
});

describe('POST documentation/{folders|documents}/{id}/restore-from-trash', () => {
  it('puts a folder back where it was with its subtree', async () => {
    const place = await makeFolder(team.admin, 'root', 'Home');
    const folder = await makeFolder(team.admin, place.id, 'Returning');
    const inner = await makeDocument(team.admin, folder.id);
    await team.admin.api.delete(`documentation/folders/${folder.id}`);
    expect(await contentsOf(place.id)).not.toContain(folder.id);

    const res = await team.admin.api.post(`documentation/folders/${folder.id}/restore-from-trash`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: folder.id, name: 'Returning', kind: 'folder', user_permissions: ALL });
    expect(await contentsOf(place.id)).toContain(folder.id);
    expect((await team.admin.api.get(`documentation/documents/${inner.id}`)).status).toBe(200);
    expect(ids((await team.admin.api.get('documentation/trash/root?limit=1000')).body.results)).not.toContain(folder.id);
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'FolderRestored'), eq(activityEvents.folderId, folder.id)));
    expect(event!.context).toEqual({ name: 'Returning', folder_id: place.id, folder_name: 'Home', restored_to_root: false });
  });

  it('puts an item into the root when its folder is itself in the trash', async () => {
    const place = await makeFolder(team.admin, 'root', 'Doomed');
    const doc = await makeDocument(team.admin, place.id, 'form', 'Survivor');
    await team.admin.api.delete(`documentation/documents/${doc.id}`);
    await team.admin.api.delete(`documentation/folders/${place.id}`);
    const res = await team.admin.api.post(`documentation/documents/${doc.id}/restore-from-trash`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: doc.id, kind: 'document', doctype: 'form' });
    expect((await team.admin.api.get(`documentation/documents/${doc.id}`)).body.folder_id).toBe(root);
    expect(await contentsOf('root')).toContain(doc.id);
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentRestored'), eq(activityEvents.documentId, doc.id)));
    expect(event!.context).toMatchObject({ folder_id: root, restored_to_root: true });
    // The folder is still in the trash, and restores to its own place.
    expect((await team.admin.api.post(`documentation/folders/${place.id}/restore-from-trash`)).status).toBe(200);
    expect(await contentsOf('root')).toContain(place.id);
  });

  it('refuses items not in the trash (400) and missing ones (404)', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Alive');
    const inner = await makeDocument(team.admin, folder.id, 'form', 'Also alive');
    const res = await team.admin.api.post(`documentation/folders/${folder.id}/restore-from-trash`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Alive is not in the trash' });
    await team.admin.api.delete(`documentation/folders/${folder.id}`);
    // Inside a deleted folder, but not deleted itself: restore the folder instead.
    expect((await team.admin.api.post(`documentation/documents/${inner.id}/restore-from-trash`)).status).toBe(400);
    for (const [kind, detail] of [
      ['folders', 'Folder not found'],
      ['documents', 'Document not found'],
    ] as const) {
      for (const id of [missingId(), 'bad']) {
        const missing = await team.admin.api.post(`documentation/${kind}/${id}/restore-from-trash`);
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ detail });
      }
    }
  });

  it('answers 404 like a missing id to whoever may not Read the item: nothing says it exists', async () => {
    const closed = await makeFolder(team.admin, 'root', 'Closed');
    await setAcl(team.admin, 'folders', closed.id, [revoke(team.org.id, Permission.Read)]);
    const inner = await makeFolder(team.admin, closed.id);
    const doc = await makeDocument(team.admin, closed.id);
    const hiddenDoc = await makeDocument(team.admin);
    await setAcl(team.admin, 'documents', hiddenDoc.id, [revoke(team.org.id, Permission.Read)]);
    const alive = await makeFolder(team.admin, closed.id);
    for (const [kind, id] of [['documents', doc.id], ['folders', inner.id], ['documents', hiddenDoc.id]] as const) {
      expect((await team.admin.api.delete(`documentation/${kind}/${id}`)).status).toBe(204);
    }
    expect((await team.admin.api.delete(`documentation/folders/${closed.id}`)).status).toBe(204);

    for (const [kind, id] of [
      ['folders', closed.id],
      ['folders', inner.id],
      ['folders', alive.id],
      ['documents', doc.id],
      ['documents', hiddenDoc.id],
    ] as const) {
      const res = await team.member.api.post(`documentation/${kind}/${id}/restore-from-trash`);
      const missing = await team.member.api.post(`documentation/${kind}/${missingId()}/restore-from-trash`);
      expect(res.status, `${kind} ${id}`).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    // Still in the trash for those who may restore it.
    expect((await team.admin.api.post(`documentation/documents/${hiddenDoc.id}/restore-from-trash`)).status).toBe(200);
  });

  it('is for org admins and for whoever deleted the item (UNDO)', async () => {
    const place = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', place.id, [grant(team.member.id, Permission.Read | Permission.Delete)]);
    const byAdmin = await makeDocument(team.admin, place.id);
    const byMember = await makeDocument(team.admin, place.id);
    await team.admin.api.delete(`documentation/documents/${byAdmin.id}`);
    expect((await team.member.api.delete(`documentation/documents/${byMember.id}`)).status).toBe(204);

    const refused = await team.member.api.post(`documentation/documents/${byAdmin.id}/restore-from-trash`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: 'Only organization admins can restore items from the trash' });
    expect((await team.roleMember.api.post(`documentation/documents/${byMember.id}/restore-from-trash`)).status).toBe(403);

    const undo = await team.member.api.post(`documentation/documents/${byMember.id}/restore-from-trash`);
    expect(undo.status).toBe(200);
    expect(undo.body.user_permissions).toBe(Permission.Read | Permission.Delete);
    expect(await contentsOf(place.id)).toContain(byMember.id);
  });
});
