/**
 * The organisation the documentation-tree bench reads (issue #3, Benchmark):
 * - an org admin and a plain member in the role "Readers", made through the API as people make them
 *   (register → activation mail → activate; create-org; invitation with the role → accept);
 * - "Ten thousand items": a folder under the root whose ACL revokes Read from the organisation and
 *   grants it to Readers, so the member reads it only through the role; inside, 2,000 folders and
 *   8,000 documents (each with its version 1) inserted in bulk, 1 % of them with ACL entries of their
 *   own naming the member (half revoke Read from Readers, so the member does not see them; half grant
 *   the member Write) — the children's entries are what makes the member's listing the costly path;
 * - a chain of 20 nested folders made through the API, grants and revokes for the organisation, the
 *   role, another role and the user on 11 of its levels, a document at depth 1 and one at depth 20.
 */
import { performance } from 'node:perf_hooks';
import { emptyContents } from '../../src/shared/api/documentation.ts';
import { uuidv7 } from '../../src/shared/ids.ts';
import { Permission } from '../../src/shared/permissions/index.ts';
import { doctypes, aclEntries, documents, documentVersions, folders } from '../../src/server/db/schema.ts';
import { readOutbox } from '../api/support/mail.ts';
import type { ApiServer } from './api-server.ts';
import { sized } from './smoke.ts';

export const BIG_FOLDER: FolderFill = sized({ folders: 2_000, documents: 8_000, ownEntriesEvery: 100 }, { folders: 20, documents: 80, ownEntriesEvery: 10 });
export const CHAIN_DEPTH = 20;

export const PASSWORD = 'correct horse battery';
const { Read, Write, Delete, EditPermissions, CreateDocuments, CreateFolders } = Permission;

export interface Account {
  id: string;
  username: string;
  token: string;
}

export interface DocumentationTreeFixture {
  admin: Account;
  member: Account;
  orgId: string;
  bigFolder: { id: string; folders: number; documents: number; withOwnEntries: number; hiddenFromMember: number };
  chain: {
    /** Folder ids, depth 1 first. */
    folderIds: string[];
    shallowDocumentId: string;
    deepDocumentId: string;
    entries: number;
    levelsWithEntries: number;
  };
  /** Milliseconds each part of the setup took. */
  took: { accounts: number; bulk: number; chain: number };
}

type Json = Record<string, unknown>;

/** A call the setup makes through the API; anything but the expected status stops the bench. */
export async function call(server: Pick<ApiServer, 'apiUrl'>, method: string, path: string, options: { token?: string; json?: unknown; expect?: number } = {}): Promise<Json> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.apiUrl}/${path}`, {
    method,
    headers,
    body: options.json === undefined ? null : JSON.stringify(options.json),
  });
  const text = await res.text();
  if (res.status !== (options.expect ?? 200)) throw new Error(`bench setup: ${method} ${path} answered ${res.status}: ${text}`);
  return text === '' ? {} : (JSON.parse(text) as Json);
}

/** The `token` of the newest mailed link to `email` whose path is `path` (mail is sent just after the answer: waits up to 10 s). */
async function mailedToken(server: Pick<ApiServer, 'outboxDir'>, email: string, path: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox(server.outboxDir)).filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
    const link = mail?.links.find((l) => new URL(l).pathname === path);
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`bench setup: no ${path} link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Register → the activation mail → activate, as the API tests' factories make a person
 * (tests/api/support/factories/accounts.ts). The answer to `auth/register` names no account (issue 28: a new
 * and an existing address are answered alike), so the id is read afterwards — here from `auth/me`, which
 * works on every server the benches start (in this process or a child one, whose database is not ours).
 */
export async function registerAndActivate(server: Pick<ApiServer, 'apiUrl' | 'outboxDir'>, username: string): Promise<Account> {
  const email = `${username}@example.com`;
  await call(server, 'POST', 'auth/register', {
    json: { username, email, full_name: `Bench ${username}`, password: PASSWORD },
    expect: 201,
  });
  const activation = await mailedToken(server, email, '/auth/activate');
  const activated = await call(server, 'POST', 'auth/activate', { json: activation });
  const token = String(activated.access_token);
  const me = await call(server, 'GET', 'auth/me', { token });
  if (typeof me.id !== 'string' || me.username !== username) throw new Error(`bench setup: auth/me after activating ${username} answered ${JSON.stringify(me)}`);
  return { id: me.id, username, token };
}

export async function accounts(server: ApiServer) {
  const admin = await registerAndActivate(server, 'bench_admin');
  const org = await call(server, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Org' }, expect: 201 });
  const orgId = String(org.id);
  // Roles through POST roles, as the API tests' factories make them (createRole).
  const readers = await call(server, 'POST', 'roles', { token: admin.token, json: { name: 'Readers' }, expect: 201 });
  const auditors = await call(server, 'POST', 'roles', { token: admin.token, json: { name: 'Auditors' }, expect: 201 });
  const memberName = 'bench_member';
  const invitation = await call(server, 'POST', 'users', {
    token: admin.token,
    json: { email: `${memberName}@example.com`, roles: [readers.id] },
    expect: 201,
  });
  const member = await registerAndActivate(server, memberName);
  await call(server, 'POST', `auth/invite/${String(invitation.id)}`, { token: member.token, json: true });
  return { admin, member, orgId, readersId: String(readers.id), auditorsId: String(auditors.id) };
}

interface Entry {
  subject: string;
  is_grant: boolean;
  permissions: number;
}

async function createFolder(server: ApiServer, token: string, parentId: string, name: string): Promise<string> {
  const folder = await call(server, 'POST', 'documentation/folders', { token, json: { parent_id: parentId, name }, expect: 201 });
  return String(folder.id);
}

async function createDocument(server: ApiServer, token: string, folderId: string, name: string): Promise<string> {
  const document = await call(server, 'POST', 'documentation/documents', {
    token,
    json: { folder_id: folderId, name, doctype: 'form', description: `Checklist at ${name}` },
    expect: 201,
  });
  return String(document.id);
}

async function putAcl(server: ApiServer, token: string, kind: 'folders' | 'documents', id: string, entries: Entry[]): Promise<void> {
  await call(server, 'PUT', `documentation/${kind}/${id}/acl`, { token, json: entries });
}

const BATCH = 1_000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Names and descriptions like people write them: a few words from a workplace vocabulary, drawn by a
 * seeded generator (the same every run). Text this varied compresses about as real listings do; names
 * like "Site 00001" would flatter the gzip figure.
 */
const WORDS = (
  'annual boiler room inspection fire safety checklist kitchen hygiene audit forklift daily pre-start warehouse loading ' +
  'dock ladder scaffold electrical panel test tag emergency lighting exit signage first aid kit stock site induction ' +
  'contractor permit hot work confined space lockout tagout roof access guard rail chemical storage spill response ' +
  'ventilation noise survey hearing vehicle fleet service record north south east west building level basement ' +
  'workshop office reception car park cleaning schedule waste recycling pest control water quality legionella ' +
  'monthly weekly quarterly review report handover shift supervisor manager team training records incident near miss'
).split(' ');

function wordsFrom(seed: number) {
  let state = seed >>> 0;
  // mulberry32
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const words = (count: number) => Array.from({ length: count }, () => WORDS[between(0, WORDS.length - 1)]!);
  return {
    name: () => {
      const [first, ...rest] = words(between(2, 4));
      return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest, ...(next() < 0.4 ? [String(between(1, 999))] : [])].join(' ');
    },
    /** Empty for one item in four, as many are left. */
    description: () => (next() < 0.25 ? '' : words(between(4, 12)).join(' ')),
  };
}

export interface FolderFill {
  folders: number;
  documents: number;
  /** Every n-th item gets ACL entries of its own naming the member. */
  ownEntriesEvery: number;
}

/** Children of a folder, straight into the tables (the API would take minutes for the 10,000 of the big folder). */
export async function fillFolder(
  server: ApiServer,
  ids: { orgId: string; folderId: string; adminId: string; memberId: string; readersId: string },
  size: FolderFill = BIG_FOLDER,
) {
  const start = Date.now() - 30 * 24 * 3600 * 1000;
  const at = (n: number) => new Date(start + n * 60_000);
  const text = wordsFrom(20_260_124);
  // Made by the admin; one in three last changed by the member.
  const people = (i: number) => ({ createdBy: ids.adminId, modifiedBy: i % 3 === 0 ? ids.memberId : ids.adminId });
  const folderRows = Array.from({ length: size.folders }, (_, i) => ({
    id: uuidv7(at(i).getTime()),
    orgId: ids.orgId,
    parentId: ids.folderId,
    name: text.name(),
    description: text.description(),
    ...people(i),
    createdAt: at(i),
    modifiedAt: at(i + 1),
  }));
  const documentRows = Array.from({ length: size.documents }, (_, i) => {
    const doctype = doctypes[i % doctypes.length]!;
    return {
      id: uuidv7(at(i).getTime()),
      orgId: ids.orgId,
      folderId: ids.folderId,
      name: text.name(),
      description: text.description(),
      doctype,
      contents: emptyContents(doctype),
      ...people(i),
      createdAt: at(i),
      modifiedAt: at(i + 1),
    };
  });
  const items = [
    ...folderRows.map((r) => ({ folderId: r.id, documentId: null })),
    ...documentRows.map((r) => ({ folderId: null, documentId: r.id })),
  ];
  // Every 100th item has an entry of its own naming the member: Readers −Read (hidden from them) or the member +Write.
  const ownEntries = items
    .filter((_, i) => i % size.ownEntriesEvery === size.ownEntriesEvery - 1)
    .map((item, k) => ({
      id: uuidv7(),
      orgId: ids.orgId,
      ...item,
      ...(k % 2 === 0
        ? { subjectType: 'role' as const, subjectId: ids.readersId, isGrant: false, permissions: Read }
        : { subjectType: 'user' as const, subjectId: ids.memberId, isGrant: true, permissions: Write }),
    }));
  await server.db.transaction(async (tx) => {
    await insertInBatches(folderRows, (batch) => tx.insert(folders).values(batch));
    await insertInBatches(documentRows, (batch) => tx.insert(documents).values(batch));
    await insertInBatches(documentRows, (batch) =>
      tx.insert(documentVersions).values(
        batch.map((d) => ({
          documentId: d.id,
          version: 1,
          name: d.name,
          description: d.description,
          contents: d.contents,
          createdBy: d.createdBy,
          createdAt: d.createdAt,
        })),
      ),
    );
    if (ownEntries.length > 0) await tx.insert(aclEntries).values(ownEntries);
  });
  return { withOwnEntries: ownEntries.length, hiddenFromMember: ownEntries.filter((e) => !e.isGrant).length };
}

export async function buildDocumentationTree(server: ApiServer): Promise<DocumentationTreeFixture> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };

  const { admin, member, orgId, readersId, auditorsId } = await accounts(server);
  const tookAccounts = lap();

  const token = admin.token;
  const bigFolderId = await createFolder(server, token, 'root', 'Ten thousand items');
  await putAcl(server, token, 'folders', bigFolderId, [
    { subject: orgId, is_grant: false, permissions: Read },
    { subject: readersId, is_grant: true, permissions: Read },
  ]);
  const filled = await fillFolder(server, { orgId, folderId: bigFolderId, adminId: admin.id, memberId: member.id, readersId });
  const tookBulk = lap();

  // Depth → that level's entries. The member is in Readers, not in Auditors.
  const org = (is_grant: boolean, permissions: number): Entry => ({ subject: orgId, is_grant, permissions });
  const role = (is_grant: boolean, permissions: number): Entry => ({ subject: readersId, is_grant, permissions });
  const otherRole = (is_grant: boolean, permissions: number): Entry => ({ subject: auditorsId, is_grant, permissions });
  const user = (is_grant: boolean, permissions: number): Entry => ({ subject: member.id, is_grant, permissions });
  const plan = new Map<number, Entry[]>([
    [1, [org(false, Read), role(true, Read | Write | CreateDocuments | CreateFolders)]],
    [3, [user(true, Delete)]],
    [5, [otherRole(true, Read | Write)]],
    [6, [role(false, Write), org(true, Write)]],
    [8, [org(false, Delete)]],
    [10, [user(true, Write)]],
    [12, [role(false, CreateDocuments)]],
    [14, [user(true, CreateDocuments), role(false, CreateDocuments)]],
    [16, [org(true, Read), role(false, Read), user(true, Read)]],
    [18, [otherRole(false, Read)]],
    [20, [role(true, Read), org(false, EditPermissions)]],
  ]);
  const folderIds: string[] = [];
  let parentId = 'root';
  for (let depth = 1; depth <= CHAIN_DEPTH; depth++) {
    parentId = await createFolder(server, token, parentId, `Depth ${String(depth).padStart(2, '0')}`);
    folderIds.push(parentId);
    const entries = plan.get(depth);
    if (entries) await putAcl(server, token, 'folders', parentId, entries);
  }
  const shallowDocumentId = await createDocument(server, token, folderIds[0]!, 'Depth 01 checklist');
  const deepDocumentId = await createDocument(server, token, folderIds.at(-1)!, 'Depth 20 checklist');
  const documentEntries = [user(true, Write), role(false, Delete)];
  await putAcl(server, token, 'documents', deepDocumentId, documentEntries);
  const tookChain = lap();

  return {
    admin,
    member,
    orgId,
    bigFolder: { id: bigFolderId, folders: BIG_FOLDER.folders, documents: BIG_FOLDER.documents, ...filled },
    chain: {
      folderIds,
      shallowDocumentId,
      deepDocumentId,
      entries: [...plan.values()].reduce((n, e) => n + e.length, 0) + documentEntries.length,
      levelsWithEntries: plan.size,
    },
    took: { accounts: tookAccounts, bulk: tookBulk, chain: tookChain },
  };
}
