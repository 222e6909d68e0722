/**
 * Builders for the documentation-tree tests: folders, documents and ACLs made through the API, a team
 * (admin, plain member, a role with a member) in one organisation, and rows inserted directly where a
 * test needs many of them quickly.
 */
import { expect } from 'vitest';
import type { Doctype } from '../../../src/shared/api/documentation.ts';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { aclEntries, documents, documentVersions, folders } from '../../../src/server/db/schema.ts';
import type { TestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { createRole, memberOf, orgWithAdmin, uniqueName, type TestOrg, type TestUser } from '../support/factories.ts';

export { Permission } from '../../../src/shared/permissions/index.ts';
export const ALL = 32767;
export const ALL_BITS = 63;

/** POST documentation/folders; expects 201. */
export async function makeFolder(user: TestUser, parentId = 'root', name = uniqueName('Folder'), description = ''): Promise<Json> {
  const res = await user.api.post('documentation/folders', { parent_id: parentId, name, description });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** POST documentation/documents; expects 201. */
export async function makeDocument(
  user: TestUser,
  folderId = 'root',
  doctype: Doctype = 'form',
  name = uniqueName('Doc'),
  contents?: unknown,
): Promise<Json> {
  const res = await user.api.post('documentation/documents', {
    folder_id: folderId,
    name,
    doctype,
    description: `about ${name}`,
    ...(contents === undefined ? {} : { contents }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export interface EntryInput {
  subject: string;
  is_grant: boolean;
  permissions: number;
}

export const grant = (subject: string, permissions: number): EntryInput => ({ subject, is_grant: true, permissions });
export const revoke = (subject: string, permissions: number): EntryInput => ({ subject, is_grant: false, permissions });

/** PUT …/acl; expects 200. */
export async function setAcl(user: TestUser, kind: 'folders' | 'documents', id: string, entries: EntryInput[]): Promise<Json> {
  const res = await user.api.put(`documentation/${kind}/${id}/acl`, entries);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export interface Team {
  org: TestOrg;
  admin: TestUser;
  /** A member without roles: reads what the organisation may read. */
  member: TestUser;
  role: { id: string; name: string };
  /** A member of `role`. */
  roleMember: TestUser;
}

/** An organisation with its admin, a plain member, and a role with one member. */
export async function makeTeam(server: TestServer): Promise<Team> {
  const { admin, org } = await orgWithAdmin(server);
  const role = await createRole(server, org.id);
  const member = await memberOf(server, admin);
  const roleMember = await memberOf(server, admin, [role.id]);
  return { org, admin, member, role, roleMember };
}

/** The id of the current organisation's root folder. */
export async function rootId(user: TestUser): Promise<string> {
  const res = await user.api.get('documentation/folders/root');
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

/** Many children inserted directly (one statement each kind): `folders` folders and `docs` form documents. */
export async function insertChildren(
  server: TestServer,
  orgId: string,
  parentId: string,
  counts: { folders: number; docs: number },
  name: (kind: 'folder' | 'document', i: number) => string = (kind, i) => `${kind} ${String(i).padStart(5, '0')}`,
): Promise<{ folderIds: string[]; documentIds: string[] }> {
  const now = Date.now();
  const folderRows = Array.from({ length: counts.folders }, (_, i) => ({
    id: uuidv7(now),
    orgId,
    parentId,
    name: name('folder', i),
    createdAt: new Date(now + i),
    modifiedAt: new Date(now + i),
  }));
  const documentRows = Array.from({ length: counts.docs }, (_, i) => ({
    id: uuidv7(now),
    orgId,
    folderId: parentId,
    name: name('document', i),
    doctype: 'form' as const,
    contents: { questions: {}, question_index: [] },
    createdAt: new Date(now + i),
    modifiedAt: new Date(now + i),
  }));
  for (let i = 0; i < folderRows.length; i += 1000) await server.db.insert(folders).values(folderRows.slice(i, i + 1000));
  for (let i = 0; i < documentRows.length; i += 1000) {
    const part = documentRows.slice(i, i + 1000);
    await server.db.insert(documents).values(part);
    await server.db
      .insert(documentVersions)
      .values(part.map((d) => ({ documentId: d.id, version: 1, name: d.name, contents: d.contents, createdAt: d.createdAt })));
  }
  return { folderIds: folderRows.map((r) => r.id), documentIds: documentRows.map((r) => r.id) };
}

/** ACL entries inserted directly on folders. */
export async function insertFolderEntries(
  server: TestServer,
  orgId: string,
  entries: { folderId: string; subjectType: 'org' | 'role' | 'user'; subjectId: string; isGrant: boolean; permissions: number }[],
): Promise<void> {
  if (entries.length === 0) return;
  await server.db.insert(aclEntries).values(entries.map((e) => ({ id: uuidv7(), orgId, documentId: null, ...e })));
}

/** A uuid that names nothing. */
export const missingId = () => uuidv7();
