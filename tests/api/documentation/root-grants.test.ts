/**
 * The root follows the spec (issue #32): a new organisation's root grants the organisation every bit,
 * so a member works everywhere below it until an admin narrows a folder with revokes. An organisation
 * made before this keeps its root's entries (no migration widens anyone's rights): its root still says
 * org +Read, and its members still read only.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aclEntries } from '../../../src/server/db/schema.ts';
import { ALL_BITS, grant, makeDocument, makeFolder, makeTeam, Permission, revoke, setAcl, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
});

describe('a new organisation’s root', () => {
  it('grants the organisation every permission bit', async () => {
    const root = await rootId(team.admin);
    const acl = await team.member.api.get(`documentation/folders/${root}/acl`);
    expect(acl.status).toBe(200);
    expect(acl.body.entries).toEqual([
      expect.objectContaining({ subject: team.org.id, subject_type: 'org', is_grant: true, permissions: ALL_BITS }),
    ]);
    const folder = await team.member.api.get('documentation/folders/root');
    expect(folder.body.user_permissions).toBe(ALL_BITS);
  });

  it('lets a member create folders and documents at the root and below, and edit, delete and share them', async () => {
    const outer = await makeFolder(team.member, 'root', 'Member’s folder');
    const inner = await makeFolder(team.member, outer.id as string, 'Inner');
    const doc = await makeDocument(team.member, inner.id as string, 'form');
    expect((await team.member.api.get(`documentation/folders/${inner.id}`)).body.user_permissions).toBe(ALL_BITS);
    expect((await team.roleMember.api.get(`documentation/documents/${doc.id}`)).body.user_permissions).toBe(ALL_BITS);
    // Edit Permissions is inherited too: the member narrows their own folder for the role.
    await setAcl(team.member, 'folders', outer.id as string, [revoke(team.role.id, Permission.Write)]);
    expect((await team.roleMember.api.get(`documentation/folders/${inner.id}`)).body.user_permissions & Permission.Write).toBe(0);
  });

  it('narrows below with revokes: a revoked folder and everything under it', async () => {
    const closed = await makeFolder(team.admin, 'root', 'Closed');
    const under = await makeFolder(team.admin, closed.id as string, 'Under');
    await setAcl(team.admin, 'folders', closed.id as string, [revoke(team.org.id, Permission.Write | Permission.Delete | Permission.CreateDocuments | Permission.CreateFolders)]);
    const res = await team.member.api.get(`documentation/folders/${under.id}`);
    expect(res.body.user_permissions).toBe(Permission.Read | Permission.EditPermissions);
    const refused = await team.member.api.post('documentation/folders', { parent_id: under.id, name: 'Nope', description: '' });
    expect(refused.status).toBe(403);
    // A grant nearer the item decides again, for the one it names.
    await setAcl(team.admin, 'folders', under.id as string, [grant(team.member.id, Permission.Write | Permission.CreateFolders)]);
    expect((await team.member.api.post('documentation/folders', { parent_id: under.id, name: 'Yes', description: '' })).status).toBe(201);
    expect((await team.roleMember.api.post('documentation/folders', { parent_id: under.id, name: 'Nope', description: '' })).status).toBe(403);
  });

  it('a member can save the root’s entries back unchanged (every bit is one the editor accepts)', async () => {
    const root = await rootId(team.admin);
    const acl = (await team.member.api.get(`documentation/folders/${root}/acl`)).body;
    const entries = acl.entries.map((e: { subject: string; is_grant: boolean; permissions: number }) => ({ subject: e.subject, is_grant: e.is_grant, permissions: e.permissions }));
    const res = await team.member.api.put(`documentation/folders/${root}/acl`, entries);
    expect(res.status, res.text).toBe(200);
  });
});

describe('an organisation made before the root granted every bit', () => {
  it('keeps its root’s entries: its members still only read until an admin grants more', async () => {
    const old = await makeTeam(server, { rootAsMade: true });
    const root = await rootId(old.admin);
    // As such an organisation's root was made: the organisation granted Read alone.
    await server.db.update(aclEntries).set({ permissions: Permission.Read }).where(eq(aclEntries.folderId, root));
    expect((await old.member.api.get('documentation/folders/root')).body.user_permissions).toBe(Permission.Read);
    expect((await old.member.api.post('documentation/folders', { parent_id: 'root', name: 'Nope', description: '' })).status).toBe(403);
  });
});
