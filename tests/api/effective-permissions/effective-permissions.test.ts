/**
 * Who can do what on an item (issue #33): `documentation/{folders|documents}/{id}/effective-permissions`
 * and `…/{user_id}` over HTTP — the bits and the reasons in examples, Edit Permissions needed (403),
 * another organisation's items and users (404), paging and `q`, and the preview of proposed entries
 * (POST, nothing stored). The rule itself over random trees: ./effective-permissions-rule.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { createRole, grant, makeDocument, makeFolder, makeTeam, memberOf, missingId, orgWithAdmin, Permission, revoke, setAcl, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from '../documentation/support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const address = (kind: 'folder' | 'document', id: string, query = '') => `${paths.documentation.effectivePermissions(kind, id)}${query}`;
type Member = { user_id: string; username: string; is_org_admin: boolean; permissions: number; reasons: Record<string, unknown>[] };
const byUser = (results: Member[], userId: string) => results.find((m) => m.user_id === userId)!;

describe('GET …/effective-permissions', () => {
  it('answers every member’s bits and the entries that decided them, on the item or inherited', async () => {
    const root = await rootId(team.admin);
    const site = await makeFolder(team.admin, 'root', 'Site A');
    const room = await makeFolder(team.admin, site.id, 'Room 1');
    await setAcl(team.admin, 'folders', site.id, [grant(team.role.id, Permission.Write | Permission.Read)]);
    await setAcl(team.admin, 'folders', room.id, [revoke(team.member.id, Permission.Read)]);

    const res = await team.admin.api.get(address('folder', room.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(3);
    const results = res.body.results as Member[];
    expect(byUser(results, team.admin.id)).toMatchObject({ is_org_admin: true, permissions: 32767, reasons: [] });
    expect(byUser(results, team.member.id)).toEqual({
      user_id: team.member.id,
      username: team.member.username,
      full_name: team.member.full_name,
      is_org_admin: false,
      permissions: 0,
      reasons: [
        {
          bits: Permission.Read,
          is_grant: false,
          subject: team.member.id,
          subject_type: 'user',
          subject_name: team.member.username,
          inherited: false,
          from_folder_id: null,
          from_folder_name: '',
        },
      ],
    });
    expect(byUser(results, team.roleMember.id)).toMatchObject({
      permissions: Permission.Read | Permission.Write,
      reasons: [
        {
          bits: Permission.Read | Permission.Write,
          is_grant: true,
          subject: team.role.id,
          subject_type: 'role',
          subject_name: team.role.name,
          inherited: true,
          from_folder_id: site.id,
          from_folder_name: 'Site A',
        },
      ],
    });

    // On the root, everyone reads through the organisation's entry.
    const onRoot = await team.admin.api.get(address('folder', root));
    expect(byUser(onRoot.body.results as Member[], team.member.id)).toMatchObject({
      permissions: Permission.Read,
      reasons: [{ bits: Permission.Read, is_grant: true, subject_type: 'org', subject_name: team.org.name, inherited: false }],
    });
  });

  it('answers a document’s, and one member’s at …/{user_id}', async () => {
    const folder = await makeFolder(team.admin);
    const doc = await makeDocument(team.admin, folder.id);
    await setAcl(team.admin, 'documents', doc.id, [grant(team.member.id, Permission.Delete)]);
    const res = await team.admin.api.get(paths.documentation.effectivePermissions('document', doc.id, team.member.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ user_id: team.member.id, permissions: Permission.Read | Permission.Delete });
    expect(res.body.reasons).toEqual([
      expect.objectContaining({ bits: Permission.Delete, is_grant: true, subject_type: 'user', inherited: false }),
      expect.objectContaining({ bits: Permission.Read, is_grant: true, subject_type: 'org', inherited: true, from_folder_name: team.org.name }),
    ]);
    // Not a member, another organisation's user, a malformed id: 404.
    const other = await orgWithAdmin(server);
    for (const userId of [missingId(), other.admin.id, 'nobody']) {
      const missing = await team.admin.api.get(paths.documentation.effectivePermissions('document', doc.id, userId));
      expect(missing.status, userId).toBe(404);
      expect(missing.body).toMatchObject({ detail: 'User not found' });
    }
  });

  it('needs Edit Permissions on the item: 403 without it, 200 with it', async () => {
    const folder = await makeFolder(team.admin);
    const doc = await makeDocument(team.admin, folder.id);
    for (const [kind, id] of [['folder', folder.id], ['document', doc.id]] as const) {
      const refused = await team.member.api.get(address(kind, id));
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.detail).toMatch(/You need 'Edit Permissions' permission/);
      const one = await team.member.api.get(paths.documentation.effectivePermissions(kind, id, team.member.id));
      expect(one.status).toBe(403);
      const preview = await team.member.api.post(address(kind, id), []);
      expect(preview.status).toBe(403);
    }
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Read | Permission.EditPermissions)]);
    const allowed = await team.member.api.get(address('folder', folder.id));
    expect(allowed.status, allowed.text).toBe(200);
    expect(byUser(allowed.body.results as Member[], team.member.id).permissions).toBe(Permission.Read | Permission.EditPermissions);
  });

  it('answers 404 for another organisation’s items and for missing ones, as every item call', async () => {
    const other = await orgWithAdmin(server);
    const theirs = await makeFolder(other.admin);
    const theirDoc = await makeDocument(other.admin, theirs.id);
    for (const [kind, id, detail] of [
      ['folder', theirs.id, 'Folder not found'],
      ['document', theirDoc.id, 'Document not found'],
      ['folder', missingId(), 'Folder not found'],
      ['folder', 'not-an-id', 'Folder not found'],
    ] as const) {
      const res = await team.admin.api.get(address(kind, id));
      expect(res.status, `${kind} ${id}`).toBe(404);
      expect(res.body).toMatchObject({ detail });
      const one = await team.admin.api.get(paths.documentation.effectivePermissions(kind, id, team.member.id));
      expect(one.status).toBe(404);
    }
  });

  it('pages by username and searches usernames and full names (q, skip, limit)', async () => {
    const { admin } = await orgWithAdmin(server, { username: 'aa_pager_admin' });
    const made = [];
    for (let i = 0; i < 4; i += 1) made.push(await memberOf(server, admin));
    const everyone = [admin, ...made].map((u) => u.username).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    const root = await rootId(admin);

    const first = await admin.api.get(address('folder', root, '?limit=2'));
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(5);
    const second = await admin.api.get(address('folder', root, '?limit=2&skip=2'));
    const third = await admin.api.get(address('folder', root, '?limit=2&skip=4'));
    const beyond = await admin.api.get(address('folder', root, '?skip=10'));
    const seen = [...first.body.results, ...second.body.results, ...third.body.results].map((m: Member) => m.username);
    expect(seen).toEqual(everyone);
    expect(beyond.body).toEqual({ results: [], total: 5 });

    const target = made[2]!;
    const byName = await admin.api.get(address('folder', root, `?q=${encodeURIComponent(target.username.toUpperCase())}`));
    expect(byName.body.total).toBe(1);
    expect(byName.body.results[0].user_id).toBe(target.id);
    const byFullName = await admin.api.get(address('folder', root, `?q=${encodeURIComponent(target.full_name)}`));
    expect(byFullName.body.results.map((m: Member) => m.user_id)).toEqual([target.id]);
    const wildcard = await admin.api.get(address('folder', root, '?q=%25'));
    expect(wildcard.body.total).toBe(0);

    for (const query of ['?limit=0', '?limit=201', '?skip=-1', '?limit=x', `?q=${'x'.repeat(201)}`]) {
      const bad = await admin.api.get(address('folder', root, query));
      expect(bad.status, query).toBe(422);
      expect(typeof bad.body.detail).toBe('string');
    }
  });

  it('previews a proposed list of the item’s own entries (POST), storing nothing', async () => {
    const role = await createRole(server, team.admin, 'Cleaners');
    const folder = await makeFolder(team.admin, 'root', 'Previewed');
    await setAcl(team.admin, 'folders', folder.id, [grant(team.member.id, Permission.Write)]);
    const proposed = [revoke(team.member.id, Permission.Write | Permission.Read), grant(role.id, Permission.Delete), grant(missingId(), Permission.Write)];
    const res = await team.admin.api.post(address('folder', folder.id, `?q=${team.member.username}`), proposed);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      user_id: team.member.id,
      permissions: 0,
      reasons: [{ bits: Permission.Read | Permission.Write, is_grant: false, subject_type: 'user', inherited: false }],
    });
    const stored = await team.admin.api.get(address('folder', folder.id, `?q=${team.member.username}`));
    expect(stored.body.results[0].permissions).toBe(Permission.Read | Permission.Write);
    const bad = await team.admin.api.post(address('folder', folder.id), [{ subject: team.member.id, is_grant: true }]);
    expect(bad.status).toBe(422);
  });
});
