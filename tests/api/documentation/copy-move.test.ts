import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aclEntries, activityEvents, documents } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';
import { grant, makeDocument, makeFolder, makeTeam, missingId, Permission, revoke, setAcl, type Team } from '../support/factories.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const form = (ids: string[]) => ({
  questions: Object.fromEntries(ids.map((id) => [id, { title: id }])),
  question_index: ids,
});

interface Node {
  name: string;
  kind: 'folder' | 'document';
  version?: number;
  children?: Node[];
}

/** The tree below a folder as the admin sees it, by name (sorted), with versions for documents. */
async function treeOf(folderId: string): Promise<Node[]> {
  const res = await team.admin.api.get(`documentation/folders/${folderId}/contents?limit=1000`);
  expect(res.status, res.text).toBe(200);
  const nodes: Node[] = [];
  for (const item of res.body.results) {
    if (item.kind === 'folder') nodes.push({ name: item.name, kind: 'folder', children: await treeOf(item.id) });
    else nodes.push({ name: item.name, kind: 'document', version: item.version });
  }
  return nodes;
}

const names = (list: { name: string }[]) => list.map((x) => x.name);

describe('POST documentation/folders/{dest}/copy', () => {
  it('copies a folder deeply: live subfolders, documents at their latest version as version 1, ACL entries', async () => {
    const source = await makeFolder(team.admin, 'root', 'Source', 'to copy');
    const sub = await makeFolder(team.admin, source.id, 'Sub');
    await makeFolder(team.admin, sub.id, 'Subsub');
    const doc = await makeDocument(team.admin, source.id, 'form', 'Doc', form(['a']));
    await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: form(['a', 'b']), changelog: 'b' });
    await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 2, contents: form(['a', 'b', 'c']), changelog: 'c' });
    await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 3, draft_contents: form(['draft']) });
    await makeDocument(team.admin, sub.id, 'presentation', 'Slides');
    const trashedDoc = await makeDocument(team.admin, sub.id, 'form', 'Trashed doc');
    await team.admin.api.delete(`documentation/documents/${trashedDoc.id}`);
    const trashedFolder = await makeFolder(team.admin, source.id, 'Trashed folder');
    await makeDocument(team.admin, trashedFolder.id);
    await team.admin.api.delete(`documentation/folders/${trashedFolder.id}`);
    await setAcl(team.admin, 'folders', sub.id, [grant(team.role.id, Permission.Write), revoke(team.member.id, Permission.Read)]);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Write)]);
    const dest = await makeFolder(team.admin, 'root', 'Dest');

    const res = await team.admin.api.post(`documentation/folders/${dest.id}/copy`, { folder_id: source.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Source', description: 'to copy', kind: 'folder', version: 1, created_by_username: team.admin.username });
    expect(res.body.id).not.toBe(source.id);

    expect(await treeOf(res.body.id)).toEqual([
      { name: 'Sub', kind: 'folder', children: [{ name: 'Subsub', kind: 'folder', children: [] }, { name: 'Slides', kind: 'document', version: 1 }] },
      { name: 'Doc', kind: 'document', version: 1 },
    ]);
    // The original is untouched.
    expect(await treeOf(source.id)).toEqual([
      { name: 'Sub', kind: 'folder', children: [{ name: 'Subsub', kind: 'folder', children: [] }, { name: 'Slides', kind: 'document', version: 1 }] },
      { name: 'Doc', kind: 'document', version: 3 },
    ]);

    const copies = (await team.admin.api.get(`documentation/folders/${res.body.id}/contents`)).body.results;
    const docCopy = await team.admin.api.get(`documentation/documents/${copies[1].id}`);
    expect(docCopy.body).toMatchObject({
      name: 'Doc',
      version: 1,
      contents: form(['a', 'b', 'c']),
      draft_contents: null,
      changelog: 'Copied from version 3 of Doc',
    });
    expect((await team.admin.api.get(`documentation/documents/${copies[1].id}/history`)).body.total).toBe(1);

    const subAcl = (await team.admin.api.get(`documentation/folders/${copies[0].id}/acl`)).body.entries;
    expect(subAcl.map((e: { subject: string; is_grant: boolean; permissions: number }) => [e.subject, e.is_grant, e.permissions])).toEqual([
      [team.role.id, true, Permission.Write],
      [team.member.id, false, Permission.Read],
    ]);
    const docAcl = (await team.admin.api.get(`documentation/documents/${copies[1].id}/acl`)).body.entries;
    expect(docAcl).toMatchObject([{ subject: team.member.id, is_grant: true, permissions: Permission.Write }]);

    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'FolderCopied'), eq(activityEvents.folderId, res.body.id)));
    expect(event!.context).toEqual({
      name: 'Source',
      source_id: source.id,
      folders: 3,
      documents: 2,
      from_folder_id: await rootId(team.admin),
      from_folder_name: team.org.name,
      to_folder_id: dest.id,
      to_folder_name: 'Dest',
    });
  }, 60_000);

  it('leaves out what the copier may not Read', async () => {
    const source = await makeFolder(team.admin, 'root', 'Mixed');
    const closed = await makeFolder(team.admin, source.id, 'Closed');
    await makeDocument(team.admin, closed.id, 'form', 'Behind closed');
    const hiddenDoc = await makeDocument(team.admin, source.id, 'form', 'Hidden doc');
    await makeDocument(team.admin, source.id, 'form', 'Visible doc');
    await setAcl(team.admin, 'folders', closed.id, [revoke(team.member.id, Permission.Read)]);
    await setAcl(team.admin, 'documents', hiddenDoc.id, [revoke(team.org.id, Permission.Read)]);
    // Copying needs Write on the source (the action table); what is copied below it needs only Read.
    await setAcl(team.admin, 'folders', source.id, [grant(team.member.id, Permission.Write)]);
    const dest = await makeFolder(team.admin, 'root', 'Member space');
    await setAcl(team.admin, 'folders', dest.id, [grant(team.member.id, Permission.Read | Permission.Write | Permission.CreateFolders)]);

    const res = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { folder_id: source.id });
    expect(res.status).toBe(201);
    expect(await treeOf(res.body.id)).toEqual([{ name: 'Visible doc', kind: 'document', version: 1 }]);
  });

  it('copies one document into a folder (201) and may copy a folder into its own subtree', async () => {
    const doc = await makeDocument(team.admin, 'root', 'report', 'Report');
    const dest = await makeFolder(team.admin, 'root', 'Reports');
    const res = await team.admin.api.post(`documentation/folders/${dest.id}/copy`, { document_id: doc.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Report', kind: 'document', doctype: 'report', version: 1 });
    const [event] = await server.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'DocumentCopied'), eq(activityEvents.documentId, res.body.id)));
    expect(event!.context).toMatchObject({ name: 'Report', source_id: doc.id, source_version: 1, to_folder_id: dest.id });
    // Names may repeat.
    expect((await team.admin.api.post(`documentation/folders/${dest.id}/copy`, { document_id: doc.id })).status).toBe(201);
    expect(names((await team.admin.api.get(`documentation/folders/${dest.id}/contents`)).body.results)).toEqual(['Report', 'Report']);

    const outer = await makeFolder(team.admin, 'root', 'Outer');
    const inner = await makeFolder(team.admin, outer.id, 'Inner');
    const nested = await team.admin.api.post(`documentation/folders/${inner.id}/copy`, { folder_id: outer.id });
    expect(nested.status).toBe(201);
    expect(await treeOf(outer.id)).toEqual([
      { name: 'Inner', kind: 'folder', children: [{ name: 'Outer', kind: 'folder', children: [{ name: 'Inner', kind: 'folder', children: [] }] }] },
    ]);
  });

  it('needs Write on the source (the action table: Write allows copy) and Write plus Create Folders/Documents on the destination', async () => {
    const dest = await makeFolder(team.admin, 'root', 'Target');
    const folder = await makeFolder(team.admin);
    const doc = await makeDocument(team.admin);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Write)]);
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Write)]);
    const noWrite = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { document_id: doc.id });
    expect(noWrite.status).toBe(403);
    expect(noWrite.body.detail).toBe("You need 'Write' and 'Create Documents' permission on this folder to add a document to it");

    await setAcl(team.admin, 'folders', dest.id, [grant(team.member.id, Permission.Write | Permission.CreateDocuments)]);
    expect((await team.member.api.post(`documentation/folders/${dest.id}/copy`, { document_id: doc.id })).status).toBe(201);
    const noCreateFolders = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { folder_id: folder.id });
    expect(noCreateFolders.status).toBe(403);
    expect(noCreateFolders.body.detail).toContain("'Create Folders'");

    const hidden = await makeDocument(team.admin);
    await setAcl(team.admin, 'documents', hidden.id, [revoke(team.member.id, Permission.Read)]);
    const unseen = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { document_id: hidden.id });
    expect(unseen.status).toBe(404);
    expect(unseen.body).toMatchObject({ detail: 'Document not found' });
  });

  it('refuses a reader who may not Write the source (the browser offers Copy only with Write)', async () => {
    const dest = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', dest.id, [grant(team.member.id, Permission.Write | Permission.CreateDocuments | Permission.CreateFolders)]);
    const doc = await makeDocument(team.admin);
    const folder = await makeFolder(team.admin);
    const readOnlyDoc = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { document_id: doc.id });
    expect(readOnlyDoc.status).toBe(403);
    expect(readOnlyDoc.body.detail).toBe("You need 'Write' permission to copy this document");
    const readOnlyFolder = await team.member.api.post(`documentation/folders/${dest.id}/copy`, { folder_id: folder.id });
    expect(readOnlyFolder.status).toBe(403);
    expect(readOnlyFolder.body.detail).toBe("You need 'Write' permission to copy this folder");
    expect((await team.admin.api.get(`documentation/folders/${dest.id}/contents`)).body.total).toBe(0);
  });
});

describe('POST documentation/folders/{dest}/move', () => {
  it('moves a document or a folder with its subtree, recording from and to', async () => {
    const from = await makeFolder(team.admin, 'root', 'From');
    const to = await makeFolder(team.admin, 'root', 'To');
    const doc = await makeDocument(team.admin, from.id, 'form', 'Mover');
    const folder = await makeFolder(team.admin, from.id, 'Moving folder');
    const deep = await makeFolder(team.admin, folder.id, 'Deep');

    const moved = await team.admin.api.post(`documentation/folders/${to.id}/move`, { document_id: doc.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: doc.id, name: 'Mover', kind: 'document', version: 1 });
    expect((await team.admin.api.get(`documentation/documents/${doc.id}`)).body.path.map((p: { name: string }) => p.name)).toEqual([team.org.name, 'To']);
    const [event] = await server.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'DocumentMoved'), eq(activityEvents.documentId, doc.id)));
    expect(event!.context).toEqual({
      name: 'Mover',
      doctype: 'form',
      from_folder_id: from.id,
      from_folder_name: 'From',
      to_folder_id: to.id,
      to_folder_name: 'To',
    });

    expect((await team.admin.api.post(`documentation/folders/${to.id}/move`, { folder_id: folder.id })).status).toBe(200);
    const deepNow = await team.admin.api.get(`documentation/folders/${deep.id}`);
    expect(deepNow.body.ancestors.map((a: { name: string }) => a.name)).toEqual([team.org.name, 'To', 'Moving folder']);
    expect(names((await team.admin.api.get(`documentation/folders/${from.id}/contents`)).body.results)).toEqual([]);
    const [folderEvent] = await server.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'FolderMoved'), eq(activityEvents.folderId, folder.id)));
    expect(folderEvent!.context).toMatchObject({ from_folder_id: from.id, to_folder_id: to.id });

    // Back again (UNDO).
    expect((await team.admin.api.post(`documentation/folders/${from.id}/move`, { document_id: doc.id })).status).toBe(200);
    expect((await team.admin.api.get(`documentation/documents/${doc.id}`)).body.folder_id).toBe(from.id);
  });

  it('refuses to move a folder into itself or below itself, and the root (400)', async () => {
    const top = await makeFolder(team.admin, 'root', 'Top');
    const child = await makeFolder(team.admin, top.id);
    const grandchild = await makeFolder(team.admin, child.id);
    for (const dest of [top.id, child.id, grandchild.id]) {
      const res = await team.admin.api.post(`documentation/folders/${dest}/move`, { folder_id: top.id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'A folder cannot be moved into itself or one of its subfolders' });
    }
    const root = await rootId(team.admin);
    const rootMove = await team.admin.api.post(`documentation/folders/${top.id}/move`, { folder_id: root });
    expect(rootMove.status).toBe(400);
    expect(rootMove.body).toMatchObject({ detail: 'The root folder cannot be moved' });
    expect((await team.admin.api.get(`documentation/folders/${top.id}`)).body.parent_id).toBe(root);
  });

  it('needs Write and Delete on the source (the action table: move) besides Write and Create on the destination', async () => {
    const dest = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', dest.id, [grant(team.member.id, Permission.Write | Permission.CreateDocuments | Permission.CreateFolders)]);
    const doc = await makeDocument(team.admin);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Write)]);
    const noDelete = await team.member.api.post(`documentation/folders/${dest.id}/move`, { document_id: doc.id });
    expect(noDelete.status).toBe(403);
    expect(noDelete.body.detail).toBe("You need 'Delete' permission to move this document");
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Delete)]);
    const deleteOnly = await team.member.api.post(`documentation/folders/${dest.id}/move`, { document_id: doc.id });
    expect(deleteOnly.status).toBe(403);
    expect(deleteOnly.body.detail).toBe("You need 'Write' permission to move this document");
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Write | Permission.Delete)]);
    expect((await team.member.api.post(`documentation/folders/${dest.id}/move`, { document_id: doc.id })).status).toBe(200);

    const folder = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Write | Permission.Delete)]);
    const noWrite = await team.member.api.post(`documentation/folders/root/move`, { folder_id: folder.id });
    expect(noWrite.status).toBe(403);
    expect(noWrite.body.detail).toBe("You need 'Write' and 'Create Folders' permission on this folder to add a folder to it");
  });

  it('refuses bad bodies with 422 and unknown ids with 404', async () => {
    const dest = await makeFolder(team.admin);
    const doc = await makeDocument(team.admin);
    const folder = await makeFolder(team.admin);
    for (const action of ['move', 'copy']) {
      for (const body of [{}, { document_id: doc.id, folder_id: folder.id }, { document_id: 'x' }, { folder_id: 5 }, [doc.id], 'x']) {
        const res = await team.admin.api.post(`documentation/folders/${dest.id}/${action}`, body);
        expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(422);
      }
      const missingDoc = await team.admin.api.post(`documentation/folders/${dest.id}/${action}`, { document_id: missingId() });
      expect(missingDoc.body).toMatchObject({ detail: 'Document not found' });
      const missingFolder = await team.admin.api.post(`documentation/folders/${dest.id}/${action}`, { folder_id: missingId() });
      expect(missingFolder.body).toMatchObject({ detail: 'Folder not found' });
      for (const target of [missingId(), 'nope']) {
        const missingDest = await team.admin.api.post(`documentation/folders/${target}/${action}`, { document_id: doc.id });
        expect(missingDest.status).toBe(404);
        expect(missingDest.body).toMatchObject({ detail: 'Folder not found' });
      }
    }
    // Nothing moved or copied by the refusals.
    const [row] = await server.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.folderId).toBe(await rootId(team.admin));
    const copiesOfAcl = await server.db.select().from(aclEntries).where(inArray(aclEntries.folderId, [dest.id]));
    expect(copiesOfAcl).toEqual([]);
  });
});
