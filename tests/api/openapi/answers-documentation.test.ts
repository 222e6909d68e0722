/**
 * The documentation tree's calls answer what the OpenAPI document says (issue #34): folders, documents and their
 * versions, the trash, ACLs, who can access, search and QR label sheets, called for real — successes and their own
 * errors — each answer checked against its operation's listed status and schema (./support.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grant, makeDocument, makeFolder, makeTeam, missingId, orgWithAdmin, Permission, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { call } from './support.ts';

const server = useTestServer();
let team: Team;
let folder: Json;
let doc: Json;
/** A checklist where the organisation may Read and nothing more (the team's root grants only Read). */
let readOnly: Json;

beforeAll(async () => {
  team = await makeTeam(server);
  folder = await makeFolder(team.admin, 'root', 'Plant A', 'Where the line is');
  doc = await makeDocument(team.admin, folder.id, 'presentation', 'Safety induction');
  readOnly = await makeDocument(team.admin, 'root', 'form');
});

describe('folders', () => {
  it('create, read (the root too), list, rename, move, copy, trash and restore', async () => {
    const admin = team.admin.api;
    const made = await call(admin, 'post', '/documentation/folders', {}, { json: { parent_id: folder.id, name: 'Line 3' } });
    expect(made.status).toBe(201);
    expect((await call(admin, 'get', '/documentation/folders/{id}', { id: 'root' })).status).toBe(200);
    expect((await call(admin, 'get', '/documentation/folders/{id}', { id: made.body.id })).status).toBe(200);
    expect((await call(team.member.api, 'get', '/documentation/folders/{id}', { id: made.body.id })).status).toBe(200);
    const contents = await call(admin, 'get', '/documentation/folders/{id}/contents', { id: folder.id }, { query: 'ordering=-name&limit=5' });
    expect(contents.body.total).toBe(2);
    expect((await call(admin, 'put', '/documentation/folders/{id}', { id: made.body.id }, { json: { name: 'Line 4', version: 1 } })).status).toBe(200);
    expect((await call(admin, 'put', '/documentation/folders/{id}', { id: made.body.id }, { json: { name: 'Line 5', version: 1 } })).status).toBe(409);

    const target = await makeFolder(team.admin);
    expect((await call(admin, 'post', '/documentation/folders/{id}/copy', { id: target.id }, { json: { document_id: doc.id } })).status).toBe(201);
    expect((await call(admin, 'post', '/documentation/folders/{id}/move', { id: target.id }, { json: { folder_id: made.body.id } })).status).toBe(200);
    expect((await call(admin, 'delete', '/documentation/folders/{id}', { id: made.body.id })).status).toBe(204);
    expect((await call(admin, 'get', '/documentation/trash/{id}', { id: 'root' })).status).toBe(200);
    expect((await call(admin, 'post', '/documentation/folders/{id}/restore-from-trash', { id: made.body.id })).status).toBe(200);
  });

  it('refusals: unknown and other organisations’ ids 404, a bad body 422, a member’s trash 403', async () => {
    const other = await orgWithAdmin(server);
    expect((await call(other.admin.api, 'get', '/documentation/folders/{id}', { id: folder.id })).status).toBe(404);
    expect((await call(team.admin.api, 'get', '/documentation/folders/{id}/contents', { id: missingId() })).status).toBe(404);
    expect((await call(team.admin.api, 'post', '/documentation/folders', {}, { json: { parent_id: 'root', name: '' } })).status).toBe(422);
    expect((await call(team.admin.api, 'get', '/documentation/folders/{id}/contents', { id: folder.id }, { query: 'limit=-1' })).status).toBe(422);
    expect((await call(team.member.api, 'get', '/documentation/trash/{id}', { id: 'root' })).status).toBe(403);
    expect((await call(team.admin.api, 'get', '/documentation/folders/{id}', { id: 'root' }, { token: null })).status).toBe(401);
  });
});

describe('documents', () => {
  it('create, read, a version with its ETag, publish, draft, discard, history, trash and restore', async () => {
    const admin = team.admin.api;
    const made = await call(admin, 'post', '/documentation/documents', {}, { json: { folder_id: folder.id, name: 'Checks', doctype: 'form' } });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect((await call(admin, 'get', '/documentation/documents/{id}', { id })).status).toBe(200);
    const v1 = await call(admin, 'get', '/documentation/documents/{id}/version/{version}', { id, version: '1' });
    expect(v1.status).toBe(200);
    const etag = v1.headers.get('etag')!;
    expect((await call(admin, 'get', '/documentation/documents/{id}/version/{version}', { id, version: '1' }, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const contents = { questions: {}, question_index: [] };
    expect((await call(admin, 'put', '/documentation/documents/{id}', { id }, { json: { version: 1, contents, changelog: 'second' } })).status).toBe(200);
    const draft = await call(admin, 'put', '/documentation/documents/{id}', { id }, { json: { version: 2, draft_contents: contents } });
    expect(draft.body.draft_contents).not.toBeNull();
    expect((await call(admin, 'put', '/documentation/documents/{id}', { id }, { json: { version: 2, draft_contents: null } })).status).toBe(200);
    expect((await call(admin, 'put', '/documentation/documents/{id}', { id }, { json: { version: 1, name: 'Stale' } })).status).toBe(409);
    expect((await call(admin, 'put', '/documentation/documents/{id}', { id }, { json: { version: 2, contents: { questions: 1 } } })).status).toBe(422);
    expect((await call(admin, 'get', '/documentation/documents/{id}/history', { id }, { query: 'limit=1' })).body.total).toBe(2);
    expect((await call(admin, 'delete', '/documentation/documents/{id}', { id })).status).toBe(204);
    expect((await call(admin, 'get', '/documentation/documents/{id}', { id })).status).toBe(404);
    expect((await call(admin, 'get', '/documentation/trash/{id}', { id: 'root' })).body.total).toBeGreaterThan(0);
    expect((await call(team.member.api, 'post', '/documentation/documents/{id}/restore-from-trash', { id })).status).toBe(403);
    expect((await call(admin, 'post', '/documentation/documents/{id}/restore-from-trash', { id })).status).toBe(200);
  });

  it('a member who may not edit is refused 403; another organisation’s document is 404', async () => {
    const mine = readOnly;
    const refused = await call(team.member.api, 'put', '/documentation/documents/{id}', { id: mine.id }, { json: { version: 1, name: 'Mine' } });
    expect(refused.status).toBe(403);
    const other = await orgWithAdmin(server);
    expect((await call(other.admin.api, 'get', '/documentation/documents/{id}/history', { id: mine.id })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('ACLs of folders and documents, read and replaced', async () => {
    const admin = team.admin.api;
    const entries = [grant(team.org.id, Permission.Read), grant(team.role.id, Permission.Read | Permission.Write)];
    expect((await call(admin, 'put', '/documentation/folders/{id}/acl', { id: folder.id }, { json: entries })).status).toBe(200);
    expect((await call(admin, 'get', '/documentation/folders/{id}/acl', { id: folder.id })).body.entries).toHaveLength(2);
    expect((await call(admin, 'put', '/documentation/documents/{id}/acl', { id: doc.id }, { json: [grant(team.member.id, Permission.Read)] })).status).toBe(200);
    expect((await call(admin, 'get', '/documentation/documents/{id}/acl', { id: doc.id })).body.inherited.length).toBeGreaterThan(0);
    expect((await call(admin, 'put', '/documentation/documents/{id}/acl', { id: doc.id }, { json: [grant(missingId(), 1)] })).status).toBe(422);
    expect((await call(team.member.api, 'put', '/documentation/documents/{id}/acl', { id: readOnly.id }, { json: [] })).status).toBe(403);
  });

  it('who can access: a page of members, one member, and proposed entries', async () => {
    const admin = team.admin.api;
    for (const [kind, id] of [
      ['folders', folder.id],
      ['documents', doc.id],
    ] as const) {
      const page = await call(admin, 'get', '/documentation/{kind}/{id}/effective-permissions', { kind, id }, { query: 'limit=2' });
      expect(page.body.total).toBeGreaterThanOrEqual(3);
      const proposed = await call(admin, 'post', '/documentation/{kind}/{id}/effective-permissions', { kind, id }, { json: [grant(team.member.id, Permission.Read)] });
      expect(proposed.status).toBe(200);
      const one = await call(admin, 'get', '/documentation/{kind}/{id}/effective-permissions/{userId}', { kind, id, userId: team.roleMember.id });
      expect(one.body.reasons.length).toBeGreaterThan(0);
    }
    expect((await call(admin, 'get', '/documentation/{kind}/{id}/effective-permissions/{userId}', { kind: 'folders', id: folder.id, userId: missingId() })).status).toBe(404);
    expect((await call(team.member.api, 'get', '/documentation/{kind}/{id}/effective-permissions', { kind: 'documents', id: readOnly.id })).status).toBe(403);
  });
});

describe('search and QR label sheets', () => {
  it('search answers what the caller may read', async () => {
    const found = await call(team.admin.api, 'get', '/documentation/search', {}, { query: 'q=Plant&include_folders=true' });
    expect(found.body.total).toBeGreaterThan(0);
    expect((await call(team.admin.api, 'get', '/documentation/search', {}, { query: 'created_before=yesterday' })).status).toBe(422);
  });

  it('a folder’s labels, and its sheet as a PDF', async () => {
    const items = await call(team.admin.api, 'get', '/documentation/folders/{id}/qr-sheet', { id: folder.id }, { query: 'subtree=true' });
    expect(items.body.items.length).toBeGreaterThan(0);
    const pdf = await call(team.admin.api, 'get', '/documentation/folders/{id}/qr-sheet.pdf', { id: folder.id }, { query: 'layout=tape-62' });
    expect(pdf.status).toBe(200);
    expect((await call(team.admin.api, 'get', '/documentation/folders/{id}/qr-sheet.pdf', { id: folder.id }, { query: 'layout=nope' })).status).toBe(422);
  });
});
