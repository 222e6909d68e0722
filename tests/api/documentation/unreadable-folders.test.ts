/**
 * A folder the caller may not Read is not named by id either — not only not by name. Where an answer
 * would name it:
 * - a folder's `parent_id` and a document's `folder_id` name the nearest folder above that the caller
 *   may Read (what Back, the breadcrumbs and "back to the folder" need), or `root` when they may Read
 *   none above (the root's own alias; only the root itself answers `parent_id: null`);
 * - an inherited ACL entry's `from_folder_id` is null (and `from_folder_name` '');
 * - `ancestors` and `path` leave it out (as before).
 * A sweep of every answer the member can get around such a folder finds its id nowhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grant, makeDocument, makeFolder, makeTeam, missingId, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let team: Team;
let root: string;

beforeAll(async () => {
  team = await makeTeam(server);
  root = await rootId(team.admin);
});

const { Read, Write, Delete, EditPermissions, CreateDocuments, CreateFolders } = Permission;
const EVERYTHING = Read | Write | Delete | EditPermissions | CreateDocuments | CreateFolders;

/** Root > Closed (the organisation's Read revoked) > Open (the member may do anything) > Inner; a document in Closed the member may edit, one in Open. */
async function closedAboveOpen() {
  const closed = await makeFolder(team.admin, 'root', 'Closed');
  const open = await makeFolder(team.admin, closed.id, 'Open');
  const inner = await makeFolder(team.admin, open.id, 'Inner');
  const inClosed = await makeDocument(team.admin, closed.id, 'form', 'In closed');
  const inOpen = await makeDocument(team.admin, open.id, 'form', 'In open');
  await setAcl(team.admin, 'folders', closed.id, [revoke(team.org.id, Read), grant(team.role.id, Write)]);
  await setAcl(team.admin, 'folders', open.id, [grant(team.member.id, EVERYTHING)]);
  await setAcl(team.admin, 'documents', inClosed.id, [grant(team.member.id, Read | Write | EditPermissions)]);
  return { closed, open, inner, inClosed, inOpen };
}

describe('a folder the caller may not Read', () => {
  it('is not the parent_id or folder_id of what is inside it: the nearest readable folder above is', async () => {
    const { closed, open, inner, inClosed, inOpen } = await closedAboveOpen();
    const folder = await team.member.api.get(`documentation/folders/${open.id}`);
    expect(folder.status).toBe(200);
    expect(folder.body.parent_id).toBe(root);
    expect(folder.body.ancestors.map((a: { id: string }) => a.id)).toEqual([root]);
    expect((await team.member.api.get(`documentation/folders/${inner.id}`)).body.parent_id).toBe(open.id);

    const doc = await team.member.api.get(`documentation/documents/${inClosed.id}`);
    expect(doc.status).toBe(200);
    expect(doc.body.folder_id).toBe(root);
    expect(doc.body.path).toEqual([{ id: root, name: team.org.name }]);
    expect((await team.member.api.get(`documentation/documents/${inOpen.id}`)).body.folder_id).toBe(open.id);

    // An org admin reads every folder, so sees them as they are.
    expect((await team.admin.api.get(`documentation/folders/${open.id}`)).body.parent_id).toBe(closed.id);
    expect((await team.admin.api.get(`documentation/documents/${inClosed.id}`)).body.folder_id).toBe(closed.id);
  });

  it('is not the from_folder_id of the entries inherited from it', async () => {
    const { closed, open, inClosed } = await closedAboveOpen();
    for (const path of [`folders/${open.id}/acl`, `documents/${inClosed.id}/acl`]) {
      const res = await team.member.api.get(`documentation/${path}`);
      expect(res.status).toBe(200);
      const fromClosed = res.body.inherited.filter((e: { subject: string }) => e.subject === team.role.id);
      expect(fromClosed, path).toEqual([expect.objectContaining({ from_folder_id: null, from_folder_name: '', permissions: Write })]);
      const fromRoot = res.body.inherited.find((e: { subject: string; is_grant: boolean }) => e.subject === team.org.id && e.is_grant);
      expect(fromRoot).toMatchObject({ from_folder_id: root, from_folder_name: team.org.name });
    }
    const asAdmin = await team.admin.api.get(`documentation/folders/${open.id}/acl`);
    expect(asAdmin.body.inherited.filter((e: { from_folder_id: string }) => e.from_folder_id === closed.id)).toHaveLength(2);
  });

  it('is named by no answer the member gets around it', async () => {
    const { closed, open, inner, inClosed, inOpen } = await closedAboveOpen();
    const m = team.member.api;
    const answers = [
      await m.get(`documentation/folders/${open.id}`),
      await m.get(`documentation/folders/${inner.id}`),
      await m.get(`documentation/folders/${open.id}/contents`),
      await m.put(`documentation/folders/${open.id}`, { name: 'Open, renamed', version: 1 }),
      await m.post('documentation/folders', { parent_id: open.id, name: 'New inside' }),
      await m.get(`documentation/folders/${open.id}/acl`),
      await m.put(`documentation/folders/${open.id}/acl`, [grant(team.member.id, EVERYTHING)]),
      await m.get(`documentation/documents/${inClosed.id}`),
      await m.get(`documentation/documents/${inClosed.id}/version/1`),
      await m.get(`documentation/documents/${inClosed.id}/history`),
      await m.put(`documentation/documents/${inClosed.id}`, { name: 'In closed, renamed', version: 1 }),
      await m.get(`documentation/documents/${inClosed.id}/acl`),
      await m.put(`documentation/documents/${inClosed.id}/acl`, [grant(team.member.id, Read | Write | EditPermissions)]),
      await m.get(`documentation/documents/${inOpen.id}`),
      await m.post('documentation/documents', { folder_id: open.id, name: 'New document', doctype: 'form' }),
      await m.post(`documentation/folders/${open.id}/copy`, { document_id: inClosed.id }),
      await m.post(`documentation/folders/${inner.id}/copy`, { folder_id: open.id }),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBeLessThan(300);
      expect(res.text, res.text).not.toContain(closed.id);
    }
  });

  it('when no folder above may be read, parent_id and folder_id say root', async () => {
    const other = await makeTeam(server);
    const top = await makeFolder(other.admin, 'root', 'Top');
    const reachable = await makeFolder(other.admin, top.id, 'Reachable');
    const doc = await makeDocument(other.admin, top.id);
    await setAcl(other.admin, 'folders', 'root', [grant(other.org.id, Read), revoke(other.member.id, Read)]);
    await setAcl(other.admin, 'folders', reachable.id, [grant(other.member.id, Read)]);
    await setAcl(other.admin, 'documents', doc.id, [grant(other.member.id, Read)]);
    const member: TestUser = other.member;

    const folder = await member.api.get(`documentation/folders/${reachable.id}`);
    expect(folder.body).toMatchObject({ parent_id: 'root', ancestors: [] });
    const document = await member.api.get(`documentation/documents/${doc.id}`);
    expect(document.body).toMatchObject({ folder_id: 'root', path: [] });
    const acl = await member.api.get(`documentation/folders/${reachable.id}/acl`);
    expect(acl.body.inherited.map((e: { from_folder_id: string | null }) => e.from_folder_id)).toEqual([null, null]);
    expect((await member.api.get('documentation/folders/root')).status).toBe(404);
  });
});

describe('an item the caller may not Read', () => {
  it('answers every trash, copy, move, history, version and ACL call exactly like a missing id', async () => {
    const hidden = await makeFolder(team.admin, 'root', 'Hidden');
    const hiddenDoc = await makeDocument(team.admin, 'root', 'form', 'Hidden document');
    await setAcl(team.admin, 'folders', hidden.id, [revoke(team.org.id, Read)]);
    await setAcl(team.admin, 'documents', hiddenDoc.id, [revoke(team.org.id, Read)]);
    const mine = await makeFolder(team.admin, 'root', 'Mine');
    await setAcl(team.admin, 'folders', mine.id, [grant(team.member.id, EVERYTHING)]);
    const myDoc = await makeDocument(team.admin, mine.id);
    const trashedDoc = await makeDocument(team.admin, hidden.id);
    await team.admin.api.delete(`documentation/documents/${trashedDoc.id}`);

    type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: (folder: string, document: string) => string, body?: (folder: string, document: string) => unknown];
    const calls: Call[] = [
      ['POST', (_, d) => `documents/${d}/restore-from-trash`],
      ['POST', (f) => `folders/${f}/restore-from-trash`],
      ['GET', (f) => `trash/${f}`],
      ['POST', () => `folders/${mine.id}/copy`, (f) => ({ folder_id: f })],
      ['POST', () => `folders/${mine.id}/copy`, (_, d) => ({ document_id: d })],
      ['POST', () => `folders/${mine.id}/move`, (f) => ({ folder_id: f })],
      ['POST', () => `folders/${mine.id}/move`, (_, d) => ({ document_id: d })],
      ['POST', (f) => `folders/${f}/copy`, () => ({ document_id: myDoc.id })],
      ['POST', (f) => `folders/${f}/move`, () => ({ document_id: myDoc.id })],
      ['GET', (_, d) => `documents/${d}/history`],
      ['GET', (_, d) => `documents/${d}/version/1`],
      ['GET', (_, d) => `documents/${d}/version/99`],
      ['GET', (f) => `folders/${f}/acl`],
      ['PUT', (_, d) => `documents/${d}/acl`, () => []],
      ['PUT', (f) => `folders/${f}`, () => ({ name: 'x', version: 1 })],
      ['DELETE', (_, d) => `documents/${d}`],
    ];
    for (const [method, path, body] of calls) {
      const ask = (folder: string, document: string) =>
        team.member.api.request(method, `documentation/${path(folder, document)}`, body ? { json: body(folder, document) } : {});
      const hiddenAnswer = await ask(hidden.id, hiddenDoc.id);
      const trashedAnswer = await ask(hidden.id, trashedDoc.id);
      const missingAnswer = await ask(missingId(), missingId());
      const what = `${method} ${path(':folder', ':document')}`;
      expect(missingAnswer.status, what).toBeGreaterThanOrEqual(400);
      expect([hiddenAnswer.status, hiddenAnswer.body], what).toEqual([missingAnswer.status, missingAnswer.body]);
      expect([trashedAnswer.status, trashedAnswer.body], what).toEqual([missingAnswer.status, missingAnswer.body]);
    }
  });
});
