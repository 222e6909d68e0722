/**
 * DELETE roles/{id} of a role in use: its members lose it, the ACL entries naming it go (and the ACLs stay
 * savable), pending invitations stop offering it — all in one transaction with the RoleDeleted event.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aclEntries, activityEvents, invitations, userRoles } from '../../../src/server/db/schema.ts';
import { createRole, grant, invite, makeDocument, makeFolder, memberOf, newRegistration, orgWithAdmin, Permission, readOnlyRoot, registerAndActivate, revoke, setAcl } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

describe('DELETE roles/{id} of a role in use', () => {
  it('takes the role from its members and removes the ACL entries naming it, leaving the others', async () => {
    const { admin, org } = await orgWithAdmin(server);
    await readOnlyRoot(admin, org); // the organisation reads at the root, and nothing more
    const doomed = await createRole(server, admin, 'Doomed');
    const kept = await createRole(server, admin, 'Kept');
    const member = await memberOf(server, admin, [doomed.id, kept.id]);
    const other = await memberOf(server, admin, [doomed.id]);

    const folder = await makeFolder(admin, 'root', 'Secret');
    const document = await makeDocument(admin, folder.id, 'form', 'Plan');
    await setAcl(admin, 'folders', folder.id, [grant(doomed.id, Permission.Read | Permission.Write), grant(kept.id, Permission.Read)]);
    await setAcl(admin, 'documents', document.id, [revoke(doomed.id, Permission.Write), grant(member.id, Permission.Read)]);
    expect((await member.api.get(`documentation/folders/${folder.id}`)).body.user_permissions & Permission.Write).toBe(Permission.Write);

    const res = await admin.api.delete(`roles/${doomed.id}`);
    expect(res.status).toBe(204);

    expect((await member.api.get('auth/me')).body.roles).toEqual([{ id: kept.id, name: 'Kept' }]);
    expect((await other.api.get('auth/me')).body.roles).toEqual([]);
    expect(await server.db.select().from(userRoles).where(eq(userRoles.roleId, doomed.id))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(aclEntries)
        .where(and(eq(aclEntries.subjectType, 'role'), eq(aclEntries.subjectId, doomed.id))),
    ).toEqual([]);

    // No entry with an empty subject name is left; what remains can be read and saved back as it is.
    const folderAcl = await admin.api.get(`documentation/folders/${folder.id}/acl`);
    expect(folderAcl.body.entries.map((e: { subject_name: string }) => e.subject_name)).toEqual(['Kept']);
    const documentAcl = await admin.api.get(`documentation/documents/${document.id}/acl`);
    expect(documentAcl.body.entries.map((e: { subject: string }) => e.subject)).toEqual([member.id]);
    expect(documentAcl.body.inherited.map((e: { subject_name: string }) => e.subject_name)).toEqual(['Kept', org.name]);
    const entries = (acl: { entries: { subject: string; is_grant: boolean; permissions: number }[] }) =>
      acl.entries.map(({ subject, is_grant, permissions }) => ({ subject, is_grant, permissions }));
    await setAcl(admin, 'folders', folder.id, entries(folderAcl.body));
    await setAcl(admin, 'documents', document.id, entries(documentAcl.body));
    // The former holders keep only what the other entries give (the organisation's Read from the root).
    expect((await member.api.get(`documentation/folders/${folder.id}`)).body.user_permissions).toBe(Permission.Read);
    expect((await other.api.get(`documentation/folders/${folder.id}`)).body.user_permissions).toBe(Permission.Read);

    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.orgId, org.id), eq(activityEvents.type, 'RoleDeleted')));
    expect(event?.context).toEqual({
      role_id: doomed.id,
      name: 'Doomed',
      description: '',
      list_filterable: false,
      members: 2,
      acl_entries_removed: 2,
    });
    expect((await admin.api.get('auth/acl-subjects')).body.results.map((s: { id: string }) => s.id)).not.toContain(doomed.id);
  });

  it('pending invitations stop offering the role; accepting gives only the roles that remain', async () => {
    const { admin } = await orgWithAdmin(server);
    const doomed = await createRole(server, admin, 'Doomed');
    const kept = await createRole(server, admin, 'Kept');
    const registration = newRegistration();
    const { id } = await invite(server, admin, registration.email, [doomed.id, kept.id]);

    expect((await admin.api.delete(`roles/${doomed.id}`)).status).toBe(204);

    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row?.roleIds).toEqual([kept.id]);
    const listed = await admin.api.get('auth/org-invites');
    expect(listed.body.results[0].roles).toEqual([{ id: kept.id, name: 'Kept' }]);
    const invitee = await registerAndActivate(server, registration);
    expect((await invitee.api.post(`auth/invite/${id}`, true)).status).toBe(200);
    expect((await invitee.api.get('auth/me')).body.roles).toEqual([{ id: kept.id, name: 'Kept' }]);
  });

  it('leaves everything in place when refused', async () => {
    const { admin } = await orgWithAdmin(server);
    const role = await createRole(server, admin);
    const member = await memberOf(server, admin, [role.id]);
    const folder = await makeFolder(admin);
    await setAcl(admin, 'folders', folder.id, [grant(role.id, Permission.Read)]);
    expect((await member.api.delete(`roles/${role.id}`)).status).toBe(403);
    expect((await member.api.get('auth/me')).body.roles).toEqual([{ id: role.id, name: role.name }]);
    expect((await admin.api.get(`documentation/folders/${folder.id}/acl`)).body.entries).toHaveLength(1);
  });
});
