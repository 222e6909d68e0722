/**
 * Cross-organisation sweep: every documentation route, called by one organisation's admin with the ids
 * of another organisation's folders and documents, answers 404 with exactly the body a missing id gets
 * — and changes nothing over there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grant, makeDocument, makeFolder, missingId, orgWithAdmin, Permission, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiResponse } from '../support/http.ts';

const server = useTestServer();

interface Ids {
  folder: string;
  document: string;
  trashedFolder: string;
  trashedDocument: string;
}

let ours: { admin: TestUser; ids: Ids };
let theirs: { admin: TestUser; ids: Ids; orgId: string };

async function arrange(admin: TestUser): Promise<Ids> {
  const folder = await makeFolder(admin, 'root', 'Private folder');
  const document = await makeDocument(admin, folder.id, 'form', 'Private document');
  const trashedFolder = await makeFolder(admin);
  const trashedDocument = await makeDocument(admin);
  expect((await admin.api.delete(`documentation/folders/${trashedFolder.id}`)).status).toBe(204);
  expect((await admin.api.delete(`documentation/documents/${trashedDocument.id}`)).status).toBe(204);
  return { folder: folder.id, document: document.id, trashedFolder: trashedFolder.id, trashedDocument: trashedDocument.id };
}

beforeAll(async () => {
  const a = await orgWithAdmin(server);
  const b = await orgWithAdmin(server);
  ours = { admin: a.admin, ids: await arrange(a.admin) };
  theirs = { admin: b.admin, ids: await arrange(b.admin), orgId: b.org.id };
});

type Call = (ids: Ids) => [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown];

/** Every documentation route, with the ids it is called with; `ids` are the other organisation's (or missing ones). */
const routes: Record<string, Call> = {
  'GET folders/{id}': (x) => ['GET', `folders/${x.folder}`],
  'GET folders/{id}/contents': (x) => ['GET', `folders/${x.folder}/contents`],
  'PUT folders/{id}': (x) => ['PUT', `folders/${x.folder}`, { name: 'Taken', version: 1 }],
  'DELETE folders/{id}': (x) => ['DELETE', `folders/${x.folder}`],
  'POST folders (parent_id)': (x) => ['POST', 'folders', { parent_id: x.folder, name: 'Intruder' }],
  'GET folders/{id}/acl': (x) => ['GET', `folders/${x.folder}/acl`],
  'PUT folders/{id}/acl': (x) => ['PUT', `folders/${x.folder}/acl`, []],
  'POST folders/{id}/restore-from-trash': (x) => ['POST', `folders/${x.trashedFolder}/restore-from-trash`],
  'POST folders/{dest}/move (dest)': (x) => ['POST', `folders/${x.folder}/move`, { document_id: ours.ids.document }],
  'POST folders/{dest}/copy (dest)': (x) => ['POST', `folders/${x.folder}/copy`, { folder_id: ours.ids.folder }],
  'POST folders/{dest}/move (folder_id)': (x) => ['POST', `folders/root/move`, { folder_id: x.folder }],
  'POST folders/{dest}/copy (folder_id)': (x) => ['POST', `folders/root/copy`, { folder_id: x.folder }],
  'GET trash/{id}': (x) => ['GET', `trash/${x.folder}`],
  'POST documents (folder_id)': (x) => ['POST', 'documents', { folder_id: x.folder, name: 'Intruder', doctype: 'form' }],
  'GET documents/{id}': (x) => ['GET', `documents/${x.document}`],
  'GET documents/{id}/version/{n}': (x) => ['GET', `documents/${x.document}/version/1`],
  'PUT documents/{id}': (x) => ['PUT', `documents/${x.document}`, { version: 1, contents: { questions: {}, question_index: [] } }],
  'DELETE documents/{id}': (x) => ['DELETE', `documents/${x.document}`],
  'GET documents/{id}/history': (x) => ['GET', `documents/${x.document}/history`],
  'GET documents/{id}/acl': (x) => ['GET', `documents/${x.document}/acl`],
  'PUT documents/{id}/acl': (x) => ['PUT', `documents/${x.document}/acl`, []],
  'POST documents/{id}/restore-from-trash': (x) => ['POST', `documents/${x.trashedDocument}/restore-from-trash`],
  'POST folders/{dest}/move (document_id)': (x) => ['POST', `folders/root/move`, { document_id: x.document }],
  'POST folders/{dest}/copy (document_id)': (x) => ['POST', `folders/root/copy`, { document_id: x.document }],
};

function call(user: TestUser, [method, path, body]: ReturnType<Call>): Promise<ApiResponse> {
  return user.api.request(method, `documentation/${path}`, body === undefined ? {} : { json: body });
}

const missing = (): Ids => ({ folder: missingId(), document: missingId(), trashedFolder: missingId(), trashedDocument: missingId() });
/** Path ids that are not ids at all (body ids must be UUIDs and answer 422 instead). */
const malformed: Ids = { folder: 'not-an-id', document: '42', trashedFolder: 'x', trashedDocument: 'null' };

describe('another organisation’s ids', () => {
  it.each(Object.keys(routes))('%s answers 404 with the body of a missing id', async (name) => {
    const route = routes[name]!;
    const foreign = await call(ours.admin, route(theirs.ids));
    const absent = await call(ours.admin, route(missing()));
    expect(absent.status, absent.text).toBe(404);
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.body).toEqual(absent.body);
    expect(foreign.body.detail).toMatch(/^(Folder|Document) not found$/);
    const [, path] = route(malformed);
    if (Object.values(malformed).some((id) => path.split('/').includes(id))) {
      const bad = await call(ours.admin, route(malformed));
      expect(bad.status, bad.text).toBe(404);
      expect(bad.body).toEqual(absent.body);
    }
  });

  it('left the other organisation’s tree as it was', async () => {
    const folder = await theirs.admin.api.get(`documentation/folders/${theirs.ids.folder}`);
    expect(folder.body).toMatchObject({ name: 'Private folder', version: 1 });
    const document = await theirs.admin.api.get(`documentation/documents/${theirs.ids.document}`);
    expect(document.body).toMatchObject({ name: 'Private document', version: 1, folder_id: theirs.ids.folder });
    const contents = await theirs.admin.api.get(`documentation/folders/${theirs.ids.folder}/contents`);
    expect(contents.body.total).toBe(1);
    const trash = await theirs.admin.api.get('documentation/trash/root');
    expect(trash.body.total).toBe(2);
    const acl = await theirs.admin.api.get(`documentation/folders/${theirs.ids.folder}/acl`);
    expect(acl.body.entries).toEqual([]);
  });

  it('their organisation, roles and users are not subjects here (422)', async () => {
    const res = await ours.admin.api.put(`documentation/folders/${ours.ids.folder}/acl`, [grant(theirs.orgId, Permission.Read)]);
    expect(res.status).toBe(422);
    const user = await ours.admin.api.put(`documentation/folders/${ours.ids.folder}/acl`, [grant(theirs.admin.id, Permission.Read)]);
    expect(user.status).toBe(422);
  });

  it('`root` is always the caller’s own root', async () => {
    const mine = await ours.admin.api.get('documentation/folders/root/contents');
    const names = mine.body.results.map((r: { name: string }) => r.name);
    expect(names).toContain('Private folder');
    const theirRoot = (await theirs.admin.api.get('documentation/folders/root')).body.id;
    expect((await ours.admin.api.get('documentation/folders/root')).body.id).not.toBe(theirRoot);
    expect((await ours.admin.api.get(`documentation/folders/${theirRoot}`)).status).toBe(404);
  });
});
