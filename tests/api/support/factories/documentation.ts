/**
 * Factories: folders, documents, ACLs and a team; many children or entries inserted directly where a test
 * needs them quickly. Part of THE test-data module (../factories.ts), which re-exports it.
 */
import { Permission } from '../../../../src/shared/permissions/index.ts';
import { expect } from 'vitest';
import type { Doctype } from '../../../../src/shared/api/documentation.ts';
import * as paths from '../../../../src/shared/api/paths.ts';
import { uuidv7 } from '../../../../src/shared/ids.ts';
import { aclEntries, documents, documentVersions, folders } from '../../../../src/server/db/schema.ts';
import type { TestServer } from '../harness.ts';
import type { Json } from '../http.ts';
import { uniqueName, type TestUser, type TestOrg, orgWithAdmin, memberOf, createRole } from './accounts.ts';

// ─── The documentation tree ───────────────────────────────────────────────────────────────────────

export { Permission };
export const ALL = 32767;
export const ALL_BITS = 63;

/** POST documentation/folders; expects 201. */
export async function makeFolder(user: TestUser, parentId = 'root', name = uniqueName('Folder'), description = ''): Promise<Json> {
  const res = await user.api.post(paths.documentation.folders, { parent_id: parentId, name, description });
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
  const res = await user.api.post(paths.documentation.documents, {
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
  const res = await user.api.put(paths.documentation.acl(kind === 'folders' ? 'folder' : 'document', id), entries);
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

/**
 * An organisation with its admin, a plain member, and a role with one member. Its root grants the
 * organisation Read only (`readOnlyRoot`), as the root of an organisation made before issue #32 still
 * does: the tests of narrower rights start from members who read and nothing more. A new organisation's
 * root grants every bit (tests/api/documentation/root-grants.test.ts): `{ rootAsMade: true }` keeps that.
 */
export async function makeTeam(server: TestServer, options: { rootAsMade?: boolean } = {}): Promise<Team> {
  const { admin, org } = await orgWithAdmin(server);
  if (!options.rootAsMade) await readOnlyRoot(admin, org);
  const role = await createRole(server, org.id);
  const member = await memberOf(server, admin);
  const roleMember = await memberOf(server, admin, [role.id]);
  return { org, admin, member, role, roleMember };
}

/**
 * Narrows the admin's current organisation's root to org +Read — what an organisation made before issue
 * #32 keeps (its root's entries were not widened) — through the API, as an admin would.
 */
export async function readOnlyRoot(admin: TestUser, org: TestOrg): Promise<void> {
  const root = await admin.api.get(paths.documentation.folder('root'));
  expect(root.status, root.text).toBe(200);
  await setAcl(admin, 'folders', root.body.id as string, [grant(org.id, Permission.Read)]);
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
