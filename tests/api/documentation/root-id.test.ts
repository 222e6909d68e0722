/**
 * A folder's and a document's answer carry `root_id`: the organisation's root folder, which the
 * breadcrumbs call 'Documentation' — so a page that shows a folder or a document needs no second read
 * (GET documentation/folders/root) to know which ancestor that is (issue #8: one round trip). Like every
 * other id in an answer, it names the root only for a caller who may Read it; null otherwise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grant, makeDocument, makeFolder, makeTeam, Permission, revoke, setAcl, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let team: Team;
let root: string;

beforeAll(async () => {
  team = await makeTeam(server);
  root = await rootId(team.admin);
});

describe('root_id', () => {
  it("is the root's id in the root's, a folder's, a document's and a version's answer", async () => {
    const outer = await makeFolder(team.admin, 'root', 'Outer');
    const inner = await makeFolder(team.admin, outer.id, 'Inner');
    const doc = await makeDocument(team.admin, inner.id, 'form', 'Deep check');
    const a = team.admin.api;
    for (const path of ['folders/root', `folders/${root}`, `folders/${outer.id}`, `folders/${inner.id}`, `documents/${doc.id}`, `documents/${doc.id}/version/1`]) {
      const res = await a.get(`documentation/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.root_id, path).toBe(root);
    }
    const member = await team.member.api.get(`documentation/documents/${doc.id}`);
    expect(member.body.root_id).toBe(root);
  });

  it('is in the answers of creating and renaming a folder and of publishing a document', async () => {
    const made = await team.admin.api.post('documentation/folders', { parent_id: 'root', name: 'Made' });
    expect(made.status).toBe(201);
    expect(made.body.root_id).toBe(root);
    const below = await makeFolder(team.admin, made.body.id, 'Below');
    expect(below.root_id).toBe(root);
    const renamed = await team.admin.api.put(`documentation/folders/${below.id}`, { name: 'Renamed', description: '', version: below.version });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.root_id).toBe(root);
    const doc = await makeDocument(team.admin, below.id, 'form', 'Published');
    expect(doc.root_id).toBe(root);
  });

  it('is null for a caller who may not Read the root', async () => {
    const other = await makeTeam(server);
    const otherRoot = await rootId(other.admin);
    const open = await makeFolder(other.admin, 'root', 'Open');
    const doc = await makeDocument(other.admin, open.id, 'form', 'Open check');
    await setAcl(other.admin, 'folders', otherRoot, [revoke(other.org.id, Permission.Read)]);
    await setAcl(other.admin, 'folders', open.id, [grant(other.member.id, Permission.Read)]);
    for (const path of [`folders/${open.id}`, `documents/${doc.id}`]) {
      const res = await other.member.api.get(`documentation/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.root_id, path).toBeNull();
      expect(JSON.stringify(res.body), path).not.toContain(otherRoot);
    }
    expect((await other.admin.api.get(`documentation/folders/${open.id}`)).body.root_id).toBe(otherRoot);
  });
});
