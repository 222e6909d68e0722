/**
 * THE action table (src/shared/permissions/actions.ts) against the API: a member is given exactly some
 * permission bits on a folder (the organisation revoked, the member granted the mask), and every action the
 * API implements is tried on items in it. The API must allow an action iff `allows(mask, action)` — the
 * same table the browser reads to offer actions, so a screen never offers what the API refuses.
 *
 * Every mask here holds Read: without Read an item cannot be seen, so every call answers 404 (the last test).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { actions, allows, Permission, type Action } from '../../../src/shared/permissions/index.ts';
import type { ApiResponse } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';
import { ALL_BITS, grant, makeDocument, makeFolder, makeTeam, revoke, setAcl, type Team } from '../support/factories.ts';

const server = useTestServer();
let team: Team;
/** A folder where the member may do everything: the other end of copies and moves. */
let open: { id: string; documentId: string; folderId: string };

const { Read, Write, Delete, EditPermissions, CreateDocuments, CreateFolders } = Permission;
const OTHER_BITS = [Write, Delete, EditPermissions, CreateDocuments, CreateFolders];
/** Read with every combination of the other five bits: 32 masks. */
const MASKS = Array.from({ length: 32 }, (_, i) => OTHER_BITS.reduce<number>((mask, bit, j) => (i & (1 << j) ? mask | bit : mask), Read));

const bitNames = (mask: number) =>
  Object.entries(Permission)
    .filter(([, bit]) => mask & bit)
    .map(([name]) => name)
    .join('|');

const EMPTY_FORM = { questions: {}, question_index: [] };

beforeAll(async () => {
  team = await makeTeam(server);
  const folder = await makeFolder(team.admin, 'root', 'Open');
  await setAcl(team.admin, 'folders', folder.id as string, [grant(team.member.id, ALL_BITS)]);
  const document = await makeDocument(team.admin, folder.id as string, 'form', 'Open checklist', EMPTY_FORM);
  const sub = await makeFolder(team.admin, folder.id as string, 'Open subfolder');
  open = { id: folder.id as string, documentId: document.id as string, folderId: sub.id as string };
});

/** One try of an action: the call, and the status it answers when allowed. */
interface Attempt {
  action: Action;
  what: string;
  call: () => Promise<ApiResponse>;
  allowed: number;
}

/** A folder where the member holds exactly `mask`, with items in it, and every implemented action on them. */
async function attemptsFor(mask: number): Promise<Attempt[]> {
  const folder = await makeFolder(team.admin, 'root', `Mask ${bitNames(mask)}`);
  const F = folder.id as string;
  await setAcl(team.admin, 'folders', F, [revoke(team.org.id, ALL_BITS), grant(team.member.id, mask)]);
  const make = async (doctype: 'form' | 'presentation' = 'form') => (await makeDocument(team.admin, F, doctype, undefined, doctype === 'form' ? EMPTY_FORM : undefined)).id as string;
  const [doc, docToMove, docToDelete, presentation] = [await make(), await make(), await make(), await make('presentation')];
  const [sub, subToMove, subToDelete] = [(await makeFolder(team.admin, F)).id, (await makeFolder(team.admin, F)).id, (await makeFolder(team.admin, F)).id] as string[];
  const api = team.member.api;
  return [
    { action: 'view', what: 'GET folder', call: () => api.get(`documentation/folders/${F}`), allowed: 200 },
    { action: 'view', what: 'GET document', call: () => api.get(`documentation/documents/${doc}`), allowed: 200 },
    { action: 'view', what: 'GET acl', call: () => api.get(`documentation/documents/${doc}/acl`), allowed: 200 },
    { action: 'viewResults', what: 'GET data', call: () => api.get(`documentation/documents/${doc}/data`), allowed: 200 },
    { action: 'submit', what: 'POST data', call: () => api.post(`documentation/documents/${doc}/data`, { record: {} }), allowed: 201 },
    {
      action: 'submit',
      what: 'sign a checklist photo',
      call: () => api.post(`documentation/documents/${doc}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }]),
      allowed: 201,
    },
    { action: 'edit', what: 'PUT document draft', call: () => api.put(`documentation/documents/${doc}`, { version: 1, draft_contents: EMPTY_FORM }), allowed: 200 },
    { action: 'edit', what: 'PUT folder', call: () => api.put(`documentation/folders/${sub}`, { version: 1, name: 'Renamed' }), allowed: 200 },
    {
      action: 'upload',
      what: 'sign presentation media',
      call: () => api.post(`documentation/documents/${presentation}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }]),
      allowed: 201,
    },
    { action: 'copy', what: 'copy a document out', call: () => api.post(`documentation/folders/${open.id}/copy`, { document_id: doc }), allowed: 201 },
    { action: 'copy', what: 'copy a folder out', call: () => api.post(`documentation/folders/${open.id}/copy`, { folder_id: sub }), allowed: 201 },
    { action: 'move', what: 'move a document out', call: () => api.post(`documentation/folders/${open.id}/move`, { document_id: docToMove }), allowed: 200 },
    { action: 'move', what: 'move a folder out', call: () => api.post(`documentation/folders/${open.id}/move`, { folder_id: subToMove }), allowed: 200 },
    { action: 'delete', what: 'DELETE document', call: () => api.delete(`documentation/documents/${docToDelete}`), allowed: 204 },
    { action: 'delete', what: 'DELETE folder', call: () => api.delete(`documentation/folders/${subToDelete}`), allowed: 204 },
    { action: 'editPermissions', what: 'PUT document acl', call: () => api.put(`documentation/documents/${doc}/acl`, []), allowed: 200 },
    { action: 'editPermissions', what: 'PUT folder acl', call: () => api.put(`documentation/folders/${sub}/acl`, []), allowed: 200 },
    { action: 'share', what: 'POST share link', call: () => api.post(`documentation/documents/${doc}/share-links`, { name: 'Front door' }), allowed: 201 },
    { action: 'share', what: 'GET share links', call: () => api.get(`documentation/documents/${doc}/share-links`), allowed: 200 },
    {
      action: 'assign',
      what: 'assign a document',
      call: () => api.post('workflow/assignments/document', { assigned_to: { type: 'org', id: team.org.id }, object_id: doc }),
      allowed: 201,
    },
    {
      action: 'assign',
      what: 'assign a folder',
      call: () => api.post('workflow/assignments/folder', { assigned_to: { type: 'org', id: team.org.id }, object_id: sub }),
      allowed: 201,
    },
    {
      action: 'createDocument',
      what: 'POST document',
      call: () => api.post('documentation/documents', { folder_id: F, name: 'New', doctype: 'form', description: '' }),
      allowed: 201,
    },
    { action: 'createDocument', what: 'paste a document in', call: () => api.post(`documentation/folders/${F}/copy`, { document_id: open.documentId }), allowed: 201 },
    { action: 'createFolder', what: 'POST folder', call: () => api.post('documentation/folders', { parent_id: F, name: 'New', description: '' }), allowed: 201 },
    { action: 'createFolder', what: 'paste a folder in', call: () => api.post(`documentation/folders/${F}/copy`, { folder_id: open.folderId }), allowed: 201 },
  ];
}

describe('the action table, as the API applies it', () => {
  it('covers every action the API implements', () => {
    const implemented = new Set(['view', 'viewResults', 'submit', 'edit', 'upload', 'copy', 'move', 'delete', 'editPermissions', 'share', 'assign', 'createDocument', 'createFolder']);
    // drag is copy by another gesture; subscribe comes with its own issue.
    expect(Object.keys(actions).filter((a) => !implemented.has(a)).sort()).toEqual(['drag', 'subscribe']);
  });

  it.each(MASKS.map((mask) => [bitNames(mask), mask] as const))('with exactly %s, allows an action iff the table does', async (_, mask) => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const attempt of await attemptsFor(mask)) {
      const res = await attempt.call();
      const allowed = allows(mask, attempt.action);
      expected.push(`${attempt.action} (${attempt.what}): ${allowed ? attempt.allowed : 403}`);
      outcomes.push(`${attempt.action} (${attempt.what}): ${res.status}`);
      if (res.status === 403) expect(res.body.detail).toMatch(/^You need '.+' permission /);
    }
    expect(outcomes).toEqual(expected);
  });

  it.each(['submit', 'viewResults'] as const)('asks the table for %s: were its row to need Write too, a reader would be refused', async (action) => {
    // Today submit and viewResults need Read alone, as view does: only changing the row tells a call that
    // reads the row from one that checks Read. The row is changed in place for this test, then put back.
    const row = actions[action] as { bits: number };
    const bits = row.bits;
    row.bits = Read | Write;
    try {
      const attempts = (await attemptsFor(Read)).filter((attempt) => attempt.action === action);
      expect(attempts.length).toBeGreaterThan(0);
      for (const attempt of attempts) {
        const res = await attempt.call();
        expect(`${attempt.what}: ${res.status} ${res.body.detail}`).toBe(`${attempt.what}: 403 You need 'Write' permission ${actions[action].purpose.replace('this item', 'this document')}`);
      }
    } finally {
      row.bits = bits;
    }
  });

  it('without Read nothing is allowed: every item answers 404', async () => {
    for (const attempt of await attemptsFor(ALL_BITS & ~Read)) {
      const res = await attempt.call();
      expect(`${attempt.what}: ${res.status}`).toBe(`${attempt.what}: 404`);
    }
  });
});
