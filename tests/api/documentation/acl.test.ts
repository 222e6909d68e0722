import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import { createRole, grant, makeDocument, makeFolder, makeTeam, missingId, orgWithAdmin, Permission, registerAndActivate, revoke, setAcl, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('GET documentation/{folders|documents}/{id}/acl', () => {
  it('answers the item’s entries and the inherited ones, nearest folder first', async () => {
    const root = await rootId(team.admin);
    const outer = await makeFolder(team.admin, 'root', 'Outer');
    const inner = await makeFolder(team.admin, outer.id, 'Inner');
    await setAcl(team.admin, 'folders', outer.id, [grant(team.role.id, Permission.Write), revoke(team.member.id, Permission.Read)]);
    await setAcl(team.admin, 'folders', inner.id, [grant(team.member.id, Permission.Read | Permission.Delete)]);

    const res = await team.roleMember.api.get(`documentation/folders/${inner.id}/acl`);
    expect(res.status).toBe(200);
    expect(res.body.entries).toEqual([
      {
        id: expect.any(String),
        subject: team.member.id,
        subject_type: 'user',
        subject_name: team.member.username,
        is_grant: true,
        permissions: Permission.Read | Permission.Delete,
      },
    ]);
    expect(res.body.inherited).toEqual([
      {
        id: expect.any(String),
        subject: team.role.id,
        subject_type: 'role',
        subject_name: team.role.name,
        is_grant: true,
        permissions: Permission.Write,
        from_folder_id: outer.id,
        from_folder_name: 'Outer',
      },
      expect.objectContaining({ subject: team.member.id, is_grant: false, from_folder_id: outer.id }),
      {
        id: expect.any(String),
        subject: team.org.id,
        subject_type: 'org',
        subject_name: team.org.name,
        is_grant: true,
        permissions: Permission.Read,
        from_folder_id: root,
        from_folder_name: team.org.name,
      },
    ]);

    const doc = await makeDocument(team.admin, inner.id);
    const docAcl = await team.roleMember.api.get(`documentation/documents/${doc.id}/acl`);
    expect(docAcl.body.entries).toEqual([]);
    expect(docAcl.body.inherited.map((e: { from_folder_id: string }) => e.from_folder_id)).toEqual([inner.id, outer.id, outer.id, root]);
  });

  it('hides the name of a folder above that the caller may not Read', async () => {
    const closed = await makeFolder(team.admin, 'root', 'Closed');
    const open = await makeFolder(team.admin, closed.id, 'Open');
    await setAcl(team.admin, 'folders', closed.id, [revoke(team.org.id, Permission.Read)]);
    await setAcl(team.admin, 'folders', open.id, [grant(team.member.id, Permission.Read)]);
    const res = await team.member.api.get(`documentation/folders/${open.id}/acl`);
    expect(res.status).toBe(200);
    expect(res.body.inherited[0]).toMatchObject({ from_folder_id: null, from_folder_name: '' });
    const folder = await team.member.api.get(`documentation/folders/${open.id}`);
    expect(folder.body.ancestors.map((a: { name: string }) => a.name)).toEqual([team.org.name]);
  });

  it('needs Read (404 otherwise)', async () => {
    const hidden = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', hidden.id, [revoke(team.org.id, Permission.Read)]);
    for (const id of [hidden.id, missingId(), 'bad']) {
      const res = await team.member.api.get(`documentation/folders/${id}/acl`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Folder not found' });
    }
    const doc = await team.member.api.get(`documentation/documents/${missingId()}/acl`);
    expect(doc.body).toMatchObject({ detail: 'Document not found' });
  });
});

describe('PUT documentation/{folders|documents}/{id}/acl', () => {
  it('replaces the entries, answers the new ACL and records the change', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Guarded');
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Write)]);
    const res = await team.admin.api.put(`documentation/folders/${folder.id}/acl`, [
      grant(team.role.id, Permission.Read | Permission.CreateDocuments),
      revoke(team.org.id, Permission.Read),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { subject_type: string }) => e.subject_type)).toEqual(['org', 'role']);
    expect(res.body).toEqual((await team.admin.api.get(`documentation/folders/${folder.id}/acl`)).body);
    const events = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'FolderACLUpdated'), eq(activityEvents.folderId, folder.id)));
    expect(events).toHaveLength(2);
    const last = events.find((e) => (e.context.entries as unknown[]).length === 2)!;
    expect(last.context).toMatchObject({
      name: 'Guarded',
      previous_entries: [{ subject: team.member.id, subject_type: 'user', is_grant: true, permissions: Permission.Write }],
    });
    const cleared = await team.admin.api.put(`documentation/folders/${folder.id}/acl`, []);
    expect(cleared.status).toBe(200);
    expect(cleared.body.entries).toEqual([]);

    const doc = await makeDocument(team.admin, folder.id);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Read | Permission.Write | Permission.Delete | Permission.EditPermissions)]);
    const [docEvent] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentACLUpdated'), eq(activityEvents.documentId, doc.id)));
    expect(docEvent!.context).toMatchObject({ name: doc.name, previous_entries: [] });
  });

  it('refuses bits beyond the six (400) and folder-only bits on documents (400)', async () => {
    const folder = await makeFolder(team.admin);
    const doc = await makeDocument(team.admin, folder.id);
    for (const permissions of [64, 65, 128, 32767, 2 ** 30]) {
      const res = await team.admin.api.put(`documentation/folders/${folder.id}/acl`, [grant(team.member.id, permissions)]);
      expect(res.status, String(permissions)).toBe(400);
      expect(res.body.detail).toContain('bits beyond the six permissions');
    }
    expect((await team.admin.api.put(`documentation/folders/${folder.id}/acl`, [grant(team.member.id, 63)])).status).toBe(200);
    for (const permissions of [Permission.CreateDocuments, Permission.CreateFolders | Permission.Read]) {
      const res = await team.admin.api.put(`documentation/documents/${doc.id}/acl`, [grant(team.member.id, permissions)]);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe("Entry 0: 'Create Documents' and 'Create Folders' apply only to folders");
    }
    expect((await team.admin.api.put(`documentation/documents/${doc.id}/acl`, [grant(team.member.id, 15)])).status).toBe(200);
  });

  it('refuses subjects outside the organisation and malformed entries with 422', async () => {
    const folder = await makeFolder(team.admin);
    const other = await orgWithAdmin(server);
    const otherRole = await createRole(server, other.org.id);
    const stranger = await registerAndActivate(server);
    for (const subject of [other.org.id, otherRole.id, other.admin.id, stranger.id, missingId()]) {
      const res = await team.admin.api.put(`documentation/folders/${folder.id}/acl`, [grant(team.member.id, 1), grant(subject, 1)]);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe('1.subject: is not the organization, one of its roles or one of its users');
    }
    const bodies: unknown[] = [
      {},
      'x',
      [{ subject: 'nope', is_grant: true, permissions: 1 }],
      [{ subject: team.member.id, permissions: 1 }],
      [{ subject: team.member.id, is_grant: 'yes', permissions: 1 }],
      [{ subject: team.member.id, is_grant: true, permissions: -1 }],
      [{ subject: team.member.id, is_grant: true, permissions: 1.5 }],
      [{ subject: team.member.id, is_grant: true, permissions: '1' }],
      [{ subject: team.member.id, is_grant: true }],
      Array.from({ length: 501 }, () => grant(team.member.id, 1)),
    ];
    for (const body of bodies) {
      const res = await team.admin.api.put(`documentation/folders/${folder.id}/acl`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await team.admin.api.get(`documentation/folders/${folder.id}/acl`)).body.entries).toEqual([]);
  });

  it('needs Edit Permissions, and an editor cannot grant bits they do not hold', async () => {
    const folder = await makeFolder(team.admin);
    const refused = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [grant(team.member.id, Permission.Read)]);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You need 'Edit Permissions' permission to change the permissions of this folder");

    // The member may edit permissions (and read), nothing else; the role was given Delete by an admin.
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Read | Permission.EditPermissions), grant(team.role.id, Permission.Delete)]);
    const beyond = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [
      grant(team.member.id, Permission.Read | Permission.EditPermissions),
      grant(team.roleMember.id, Permission.Write),
    ]);
    expect(beyond.status).toBe(403);
    expect(beyond.body.detail).toBe("You cannot grant permissions you do not hold: 'Write'");
    const self = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [grant(team.member.id, 63)]);
    expect(self.status).toBe(403);

    // Saving back what is there is fine, and so are new grants within the editor's bits and any revoke.
    const same = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [
      grant(team.member.id, Permission.Read | Permission.EditPermissions),
      grant(team.role.id, Permission.Delete),
      grant(team.roleMember.id, Permission.Read),
      revoke(team.org.id, Permission.Write | Permission.Delete),
    ]);
    expect(same.status, same.text).toBe(200);
    // …but moving the role's Delete to someone else is a new grant.
    const moved = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [
      grant(team.member.id, Permission.Read | Permission.EditPermissions),
      grant(team.roleMember.id, Permission.Delete),
    ]);
    expect(moved.status).toBe(403);
    expect(moved.body.detail).toBe("You cannot grant permissions you do not hold: 'Delete'");
  });

  it('an editor cannot raise their own rights: not by removing or changing a revoke, nor by a grant to their role, the organisation or themselves', async () => {
    const { Read, Write, Delete, EditPermissions } = Permission;
    const ownRights = "You cannot give yourself permissions you do not hold: 'Write', 'Delete'";
    // The probe's case: the member holds Read + Edit Permissions here, Write and Delete are revoked for them.
    const folder = await makeFolder(team.admin);
    const below = await makeFolder(team.admin, folder.id);
    const inside = await makeDocument(team.admin, below.id);
    const entries = [grant(team.org.id, Read | Write | Delete), grant(team.member.id, Read | EditPermissions), revoke(team.member.id, Write | Delete)];
    await setAcl(team.admin, 'folders', folder.id, entries);
    expect((await team.member.api.get(`documentation/folders/${folder.id}`)).body.user_permissions).toBe(Read | EditPermissions);

    const withoutRevoke = await team.member.api.put(`documentation/folders/${folder.id}/acl`, entries.slice(0, 2));
    expect(withoutRevoke.status).toBe(403);
    expect(withoutRevoke.body).toMatchObject({ detail: ownRights });
    const smallerRevoke = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [...entries.slice(0, 2), revoke(team.member.id, Delete)]);
    expect(smallerRevoke.status).toBe(403);
    expect(smallerRevoke.body).toMatchObject({ detail: "You cannot give yourself permissions you do not hold: 'Write'" });
    const revokeTurnedGrant = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [...entries.slice(0, 2), grant(team.member.id, Write | Delete)]);
    expect(revokeTurnedGrant.status).toBe(403);
    // Nothing changed, here or below.
    expect((await team.admin.api.get(`documentation/folders/${folder.id}/acl`)).body.entries).toHaveLength(3);
    expect((await team.member.api.get(`documentation/folders/${below.id}`)).body.user_permissions).toBe(Read | EditPermissions);
    expect((await team.member.api.get(`documentation/documents/${inside.id}`)).body.user_permissions).toBe(Read | EditPermissions);

    // A grant to the caller's role or organisation that was there already (saved back) but overruled for them by a revoke.
    const roleFolder = await makeFolder(team.admin);
    const roleEntries = [grant(team.role.id, Read | Write | EditPermissions), revoke(team.role.id, Write), grant(team.org.id, Delete), revoke(team.roleMember.id, Delete)];
    await setAcl(team.admin, 'folders', roleFolder.id, roleEntries);
    const roleRaise = await team.roleMember.api.put(`documentation/folders/${roleFolder.id}/acl`, [roleEntries[0]!, roleEntries[2]!, roleEntries[3]!]);
    expect(roleRaise.status).toBe(403);
    expect(roleRaise.body).toMatchObject({ detail: "You cannot give yourself permissions you do not hold: 'Write'" });
    const orgRaise = await team.roleMember.api.put(`documentation/folders/${roleFolder.id}/acl`, roleEntries.slice(0, 3));
    expect(orgRaise.status).toBe(403);
    expect(orgRaise.body).toMatchObject({ detail: "You cannot give yourself permissions you do not hold: 'Delete'" });

    // Keeping, tightening, or giving others what the caller holds is fine; org admins may do anything.
    expect((await team.member.api.put(`documentation/folders/${folder.id}/acl`, entries)).status).toBe(200);
    const tighter = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [...entries, revoke(team.roleMember.id, Write), grant(team.roleMember.id, Read)]);
    expect(tighter.status, tighter.text).toBe(200);
    const dropped = await team.member.api.put(`documentation/folders/${folder.id}/acl`, [entries[0]!, grant(team.member.id, Read), entries[2]!]);
    expect(dropped.status, dropped.text).toBe(200);
    expect((await team.member.api.get(`documentation/folders/${folder.id}`)).body.user_permissions).toBe(Read);
    await setAcl(team.admin, 'folders', folder.id, entries.slice(0, 2));
    expect((await team.member.api.get(`documentation/folders/${folder.id}`)).body.user_permissions).toBe(Read | Write | Delete | EditPermissions);
  });

  it('revoking the organisation and granting one user hides the folder from everyone else', async () => {
    const secret = await makeFolder(team.admin, 'root', 'Secret');
    const inside = await makeDocument(team.admin, secret.id);
    await setAcl(team.admin, 'folders', secret.id, [revoke(team.org.id, Permission.Read), grant(team.member.id, Permission.Read)]);

    const listed = async (user: typeof team.member) => ids((await user.api.get('documentation/folders/root/contents?limit=1000')).body.results);
    expect(await listed(team.member)).toContain(secret.id);
    expect(await listed(team.admin)).toContain(secret.id);
    expect(await listed(team.roleMember)).not.toContain(secret.id);

    expect((await team.member.api.get(`documentation/folders/${secret.id}`)).status).toBe(200);
    expect((await team.member.api.get(`documentation/documents/${inside.id}`)).status).toBe(200);
    for (const path of [`folders/${secret.id}`, `folders/${secret.id}/contents`, `documents/${inside.id}`, `documents/${inside.id}/history`]) {
      const res = await team.roleMember.api.get(`documentation/${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('a role granted Read sees a folder read-only', async () => {
    const folder = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.org.id, Permission.Read), grant(team.role.id, Permission.Read)]);
    const res = await team.roleMember.api.get(`documentation/folders/${folder.id}`);
    expect(res.status).toBe(200);
    expect(res.body.user_permissions).toBe(Permission.Read);
    expect((await team.roleMember.api.post('documentation/folders', { parent_id: folder.id, name: 'x' })).status).toBe(403);
    expect((await team.roleMember.api.put(`documentation/folders/${folder.id}`, { name: 'x', version: 1 })).status).toBe(403);
    expect((await team.roleMember.api.delete(`documentation/folders/${folder.id}`)).status).toBe(403);
    expect((await team.member.api.get(`documentation/folders/${folder.id}`)).status).toBe(404);
  });
});

describe('GET auth/acl-subjects', () => {
  it('answers the organisation, its roles and its active members', async () => {
    const res = await team.member.api.get('auth/acl-subjects');
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toEqual({ id: team.org.id, name: team.org.name, type: 'org' });
    expect(res.body.results).toContainEqual({ id: team.role.id, name: team.role.name, type: 'role' });
    for (const user of [team.admin, team.member, team.roleMember]) {
      expect(res.body.results).toContainEqual({ id: user.id, name: user.username, type: 'user' });
    }
    expect(res.body.total).toBe(res.body.results.length);
    const types = res.body.results.map((r: { type: string }) => r.type);
    expect(types).toEqual([...types].sort((a: string, b: string) => ['org', 'role', 'user'].indexOf(a) - ['org', 'role', 'user'].indexOf(b)));
    const other = await orgWithAdmin(server);
    expect(ids(res.body.results)).not.toContain(other.admin.id);
    expect(ids(res.body.results)).not.toContain(other.org.id);
  });

  it('needs a sign-in and a current organisation', async () => {
    const anonymous = await server.client().get('auth/acl-subjects');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ detail: 'Could not validate credentials' });
    const loner = await registerAndActivate(server);
    expect((await loner.api.get('auth/acl-subjects')).status).toBe(400);
    // The rest of auth/… is untouched by the mount.
    expect((await team.member.api.get('auth/me')).status).toBe(200);
  });
});
