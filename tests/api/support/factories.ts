/**
 * Factories: THE module that builds test data for the API suite. People, organisations and invitations
 * made through the API the way a user makes them (register → activation mail → activate; create-org; POST
 * users → invitation mail → accept; POST roles); folders, documents, ACLs and a team; checklists with
 * questions and uploaded files; and rows inserted directly where a test needs many of them quickly.
 * Support files beside the tests keep only HTTP plumbing and assertions.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Doctype } from '../../../src/shared/api/documentation.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { newQuestion, withValueType, type Question, type ValueType } from '../../../src/shared/checklists/index.ts';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { aclEntries, activityEvents, documents, documentVersions, folders, organisations, roles, users } from '../../../src/server/db/schema.ts';
import type { UploadContentType } from '../../../src/server/storage/content-types.ts';
import type { TestServer } from './harness.ts';
import type { ApiClient, ApiResponse, Json } from './http.ts';
import type { Mail } from './mail.ts';
import { postUpload, signOne } from './uploads.ts';

let sequence = 0;

/** A name no other test in the run uses: letters, digits and underscores only. */
export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}_${process.pid.toString(36)}${Date.now().toString(36)}${sequence}`;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface Registration {
  username: string;
  email: string;
  full_name: string;
  password: string;
}

export interface TestUser extends Registration {
  id: string;
  /** The bearer token of the login session opened by activation or sign-in. */
  token: string;
  /** An API client signed in with `token`. */
  api: ApiClient;
}

export interface TestOrg {
  id: string;
  name: string;
}

export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const username = overrides.username ?? uniqueName();
  return {
    username,
    email: overrides.email ?? `${username.toLowerCase()}@example.com`,
    full_name: overrides.full_name ?? `Test ${username}`,
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
}

/** POST auth/register; expects 201. The answer names no account (issue 28): its id is read from the database. */
export async function register(server: TestServer, overrides: Partial<Registration> = {}) {
  const registration = newRegistration(overrides);
  const res = await server.client().post(paths.auth.register, registration);
  expect(res.status, res.text).toBe(201);
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, registration.email.trim().toLowerCase()));
  if (!row) throw new Error(`no account for ${registration.email}`);
  return { registration, id: row.id };
}

/** The token of a link in the newest mail to `email` whose address contains `path`. */
export async function tokenFromMail(server: TestServer, email: string, path: string): Promise<string> {
  const mail = await server.outbox.last(email);
  return tokenFromLink(linkIn(mail, path));
}

export function linkIn(mail: Mail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Registers, follows the activation link from the outbox, and returns the signed-in user. */
export async function registerAndActivate(server: TestServer, overrides: Partial<Registration> = {}): Promise<TestUser> {
  const { registration, id } = await register(server, overrides);
  const token = await tokenFromMail(server, registration.email, '/auth/activate');
  const res = await server.client().post(paths.auth.activate, token);
  expect(res.status, res.text).toBe(200);
  const accessToken = res.body.access_token as string;
  return { ...registration, id, token: accessToken, api: server.client(accessToken) };
}

/** POST auth/access-token (form-encoded). */
export function requestAccessToken(
  server: TestServer,
  username: string,
  password: string,
  clientSecret?: string,
): Promise<ApiResponse> {
  return server.client().postForm(paths.auth.accessToken, {
    username,
    password,
    ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
  });
}

/** Signs in again (a new login session); returns the user with the new token. */
export async function signIn(server: TestServer, user: Registration & { id: string }, clientSecret?: string): Promise<TestUser> {
  const res = await requestAccessToken(server, user.username, user.password, clientSecret);
  expect(res.status, res.text).toBe(200);
  const token = res.body.access_token as string;
  return { ...user, token, api: server.client(token) };
}

/** POST auth/create-org as `user`; the organisation becomes current for the user's session. */
export async function createOrg(user: TestUser, name = uniqueName('Org')): Promise<TestOrg> {
  const res = await user.api.post(paths.auth.createOrg, { name });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as string, name };
}

/** A new user who has created (and so administers) a new organisation. */
export async function orgWithAdmin(server: TestServer, overrides: Partial<Registration> = {}) {
  const admin = await registerAndActivate(server, overrides);
  const org = await createOrg(admin);
  return { admin, org };
}

/** POST users {email, roles} as an org admin; returns the invitation id and the e-mailed link. */
export async function invite(server: TestServer, admin: TestUser, email: string, roleIds: string[] = []) {
  const res = await admin.api.post(paths.users.list, { email, roles: roleIds });
  expect(res.status, res.text).toBe(201);
  const mail = await server.outbox.last(email);
  const id = res.body.id as string;
  return { id, invitation: res.body, mail, link: linkIn(mail, `/invitation/${id}`) };
}

/** A new user who joined the admin's current organisation through an accepted invitation. */
export async function memberOf(server: TestServer, admin: TestUser, roleIds: string[] = []): Promise<TestUser> {
  const registration = newRegistration();
  const { id } = await invite(server, admin, registration.email, roleIds);
  const user = await registerAndActivate(server, registration);
  const res = await user.api.post(paths.auth.invite(id), true);
  expect(res.status, res.text).toBe(200);
  return user;
}

/**
 * A role of an organisation, made with POST roles by an admin whose current organisation it is. Given
 * only an organisation id (no admin at hand), the row is inserted directly.
 */
export async function createRole(server: TestServer, org: string | TestUser, name = uniqueName('Role')) {
  if (typeof org !== 'string') {
    const res = await org.api.post(paths.roles.list, { name });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as string, name: res.body.name as string };
  }
  const [row] = await server.db.insert(roles).values({ id: uuidv7(), orgId: org, name }).returning();
  return { id: row!.id, name: row!.name };
}

/**
 * A fixture made on first use and then shared by the tests that only need "some user" or "some admin"
 * (tables of refused bodies): every account costs an argon2 hash, so tables should not make one per row.
 */
export function shared<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

// ─── The documentation tree ───────────────────────────────────────────────────────────────────────

import { Permission } from '../../../src/shared/permissions/index.ts';
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

// ─── Checklists and uploads ───────────────────────────────────────────────────────────────────────

/** A question of a value type with its defaults (required, as the editor adds them), changed as given. */
export function question(valueType: ValueType, changes: Partial<Question> = {}): Question {
  return { ...withValueType({ ...newQuestion(), title: `A ${valueType} question` }, valueType), ...changes };
}

/** A published checklist (doctype form) with these questions, in this order. */
export async function makeChecklist(user: TestUser, questions: Record<string, object>, folderId = 'root', name?: string): Promise<Json> {
  return makeDocument(user, folderId, 'form', name, { questions, question_index: Object.keys(questions) });
}

/** POST documentation/documents/{id}/share-links as `user` (Edit Permissions on the checklist); expects 201. */
export async function makeShareLink(user: TestUser, checklistId: string, name = uniqueName('Link'), expiresAt?: string | null): Promise<Json> {
  const res = await user.api.post(paths.documentation.shareLinks(checklistId), { name, ...(expiresAt === undefined ? {} : { expires_at: expiresAt }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The first bytes of a real file of each type, padded with zeros to `size`. */
const MAGIC: Record<UploadContentType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF')],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/gif': [...Buffer.from('GIF89a')],
  'image/webp': [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  'application/pdf': [...Buffer.from('%PDF-1.7\n')],
  'video/mp4': [0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')],
};

export function fileBytes(type: UploadContentType, size = 256): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC[type].slice(0, size));
  for (let i = MAGIC[type].length; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/** Signs and uploads one file of `type`; returns its upload id. */
export async function uploadFile(server: TestServer, user: TestUser, documentId: string, type: UploadContentType = 'image/png', size = 256): Promise<string> {
  const signed = await signOne(user, documentId, { filename: `file.${type.split('/')[1]}`, file_size: size, content_type: type });
  const res = await postUpload(server, signed, fileBytes(type, size));
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return signed.upload_id;
}

// ─── Activity events ──────────────────────────────────────────────────────────────────────────────

export interface EventInput {
  type: string;
  actorId: string | null;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  context?: Record<string, unknown>;
}

/**
 * Activity events inserted directly (1,000 rows a statement), for logs longer than a test can make
 * through the API, or events of areas that record them elsewhere. Returns their ids in the given order.
 */
export async function insertEvents(server: TestServer, orgId: string, events: EventInput[]): Promise<string[]> {
  const rows = events.map((e) => ({
    id: uuidv7(e.at.getTime()),
    orgId,
    type: e.type,
    actorId: e.actorId,
    at: e.at,
    folderId: e.folderId ?? null,
    documentId: e.documentId ?? null,
    context: e.context ?? {},
  }));
  for (let i = 0; i < rows.length; i += 1000) await server.db.insert(activityEvents).values(rows.slice(i, i + 1000));
  return rows.map((r) => r.id);
}

// ─── The admin area's users (issue #11) ───────────────────────────────────────────────────────────

export interface DirectUserOptions extends Partial<Registration> {
  roles?: string[];
  is_org_admin?: boolean;
}

/**
 * POST users/ (the slash) as an org admin: an active account and its membership at once, then signed in
 * (its own login session) after choosing its own password, which the answer's `password` holds. Quicker
 * than memberOf (no invitation, no activation mail).
 */
export async function createUserDirectly(server: TestServer, admin: TestUser, options: DirectUserOptions = {}): Promise<TestUser> {
  const { roles: roleIds = [], is_org_admin = false, ...overrides } = options;
  const registration = newRegistration(overrides);
  const res = await admin.api.post(paths.users.create, { ...registration, is_org_admin, is_active: true, roles: roleIds });
  expect(res.status, res.text).toBe(201);
  const id = res.body.id as string;
  // The admin's password is temporary: the first sign-in asks for the member's own (issue 28).
  const first = await requestAccessToken(server, registration.username, registration.password);
  expect(first.status, first.text).toBe(403);
  const own = `${registration.password} (mine)`;
  const chosen = await server.client().post(paths.auth.setNewPassword, { token: first.body.password_change_token, password: own });
  expect(chosen.status, chosen.text).toBe(200);
  const token = chosen.body.access_token as string;
  return { ...registration, password: own, id, token, api: server.client(token) };
}

/** Sets an organisation's plan limits (organisations.limit_users, limit_active_users) directly. */
export async function setPlanLimits(server: TestServer, orgId: string, limits: { users?: number; activeUsers?: number }): Promise<void> {
  await server.db
    .update(organisations)
    .set({
      ...(limits.users === undefined ? {} : { limitUsers: limits.users }),
      ...(limits.activeUsers === undefined ? {} : { limitActiveUsers: limits.activeUsers }),
    })
    .where(eq(organisations.id, orgId));
}

// ─── Assignments (issue #12) ──────────────────────────────────────────────────────────────────────

/** POST workflow/assignments/{kind} as `user`; expects 201 and answers the assignment. */
export async function assign(
  user: TestUser,
  kind: 'document' | 'folder',
  objectId: string,
  assignedTo: { type: 'org' | 'role' | 'user'; id: string },
  notes?: string,
): Promise<Json> {
  const res = await user.api.post(paths.workflow.assign(kind), { assigned_to: assignedTo, object_id: objectId, ...(notes === undefined ? {} : { notes }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The ids of the open assignments GET workflow/assignments lists for `user`. */
export async function myAssignmentIds(user: TestUser): Promise<string[]> {
  const res = await user.api.get(paths.workflow.assignments);
  expect(res.status, res.text).toBe(200);
  return (res.body.results as { id: string }[]).map((a) => a.id);
}
