/**
 * What a personal API token does (issue #34): it acts as its user in its ONE organisation, never with more
 * rights than the user has at that moment — a read-only token gets 403 on every write; an expired or
 * revoked token answers 401 like a bad one; a role removed from the user, or the user removed from the
 * organisation, takes effect at the next request; another organisation's ids answer 404 even when the
 * user belongs to it too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { Permission } from '../../../src/shared/permissions/index.ts';
import { createOrg, grant, makeFolder, makeTeam, revoke, setAcl, signIn, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { CREDENTIALS, makeApiToken, READ_ONLY } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

describe('scope', () => {
  it('read: GET and HEAD answer; every write answers 403 and changes nothing', async () => {
    const reader = await makeApiToken(server, team.admin, team.org.id, { scope: 'read' });
    expect((await reader.api.get(paths.documentation.folder('root'))).status).toBe(200);
    expect((await reader.api.request('HEAD', paths.documentation.folder('root'))).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', paths.documentation.folders, { parent_id: 'root', name: 'Not by a reader', description: '' }],
      ['POST', paths.roles.list, { name: 'Not by a reader' }],
      ['PUT', paths.users.user(team.member.id), { full_name: 'Renamed' }],
      ['DELETE', paths.users.user(team.member.id), undefined],
    ] as const) {
      const res = await reader.api.request(method, path, body === undefined ? {} : { json: body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
      expect(res.body).toMatchObject(READ_ONLY);
    }
    const contents = await team.admin.api.get(`${paths.documentation.contents('root')}?limit=100`);
    expect(JSON.stringify(contents.body)).not.toContain('Not by a reader');
    expect((await team.admin.api.get(paths.users.user(team.member.id))).status).toBe(200);
  });

  it('read and write: writes as its user, with the user’s rights (an admin’s token does admin calls)', async () => {
    const writer = await makeApiToken(server, team.admin, team.org.id, { scope: 'read-write' });
    const folder = await writer.api.post(paths.documentation.folders, { parent_id: 'root', name: 'Made by a script', description: '' });
    expect(folder.status, folder.text).toBe(201);
    expect(folder.body.created_by_username ?? team.admin.username).toBe(team.admin.username);
    expect((await writer.api.get(paths.users.list)).status).toBe(200);
  });

  it("a plain member's read-and-write token has the member's rights only: no admin call, no write the member may not make", async () => {
    const member = await makeApiToken(server, team.member, team.org.id, { scope: 'read-write' });
    const users = await member.api.get(paths.users.list);
    expect(users.status).toBe(403);
    expect(users.body).toMatchObject({ detail: 'Only organization admins can do this' });
    // The root grants the organisation Read only (makeTeam): a member may not add to it, and neither may their token.
    const folder = await member.api.post(paths.documentation.folders, { parent_id: 'root', name: 'Not mine to make', description: '' });
    expect(folder.status, folder.text).toBe(403);
  });
});

describe('the profile, through the admin area (PUT users/{id})', () => {
  it("an admin's token cannot change its own user by PUT users/{id} at all — name, e-mail address, admin flag, roles — and still changes the other members", async () => {
    const writer = await makeApiToken(server, team.admin, team.org.id);
    const before = (await team.admin.api.get(paths.auth.me)).body;
    for (const body of [{ full_name: 'Renamed by a token' }, { email: 'taken-over@example.com' }, { is_org_admin: true }, { roles: [] }, {}]) {
      for (const id of [team.admin.id, team.admin.id.toUpperCase()]) {
        const refused = await writer.api.put(paths.users.user(id), body);
        expect(refused.status, `${JSON.stringify(body)} ${refused.text}`).toBe(403);
        expect(refused.body).toMatchObject({ detail: 'An API token cannot change the e-mail address or profile' });
      }
    }
    const after = (await team.admin.api.get(paths.auth.me)).body;
    expect(after.full_name).toBe(before.full_name);
    expect(after.pending_email ?? null).toBeNull();
    // PUT auth/me refuses it the same way.
    const own = await writer.api.put(paths.auth.me, { full_name: 'Renamed by a token' });
    expect(own.status).toBe(403);
    expect(own.body.detail).toBe('An API token cannot change the e-mail address or profile');
    // Another member: an integration's work, as the admin may.
    const other = await writer.api.put(paths.users.user(team.member.id), { full_name: 'Renamed by the directory' });
    expect(other.status, other.text).toBe(200);
    expect(other.body.user_account.full_name).toBe('Renamed by the directory');
    // The admin's own session still changes its own profile there.
    const bySession = await team.admin.api.put(paths.users.user(team.admin.id), { full_name: 'Ann Admin' });
    expect(bySession.status, bySession.text).toBe(200);
  });
});

describe('expiry and revocation', () => {
  it('an expired token answers 401 like a bad one (the clock moved past its expiry)', async () => {
    const made = await makeApiToken(server, team.admin, team.org.id, { expires_at: new Date(server.clock.now().getTime() + 3600_000).toISOString() });
    expect((await made.api.get(paths.auth.me)).status).toBe(200);
    await server.clock.shifted(3600_000 + 1000, async () => {
      const res = await made.api.get(paths.auth.me);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(CREDENTIALS);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });
  });

  it('an unknown token of the right form answers 401', async () => {
    const res = await server.client(`rb_pat_${'A'.repeat(43)}`).get(paths.auth.me);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(CREDENTIALS);
  });
});

describe('the user’s rights now', () => {
  it('a role removed from the user mid-life takes effect at the next request', async () => {
    const folder = await makeFolder(team.admin);
    // Only the role may read this folder.
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.org.id, Permission.Read), grant(team.role.id, Permission.Read)]);
    const made = await makeApiToken(server, team.roleMember, team.org.id, { scope: 'read' });
    expect((await made.api.get(paths.documentation.folder(folder.id))).status).toBe(200);
    const removed = await team.admin.api.put(paths.users.user(team.roleMember.id), { roles: [] });
    expect(removed.status, removed.text).toBe(200);
    const after = await made.api.get(paths.documentation.folder(folder.id));
    expect([403, 404]).toContain(after.status);
    // Given back, it reads again (the token itself was never changed).
    await team.admin.api.put(paths.users.user(team.roleMember.id), { roles: [team.role.id] });
    expect((await made.api.get(paths.documentation.folder(folder.id))).status).toBe(200);
  });

  it('admin rights taken away mid-life: the token’s admin calls answer 403 at once', async () => {
    const second = await makeTeam(server);
    const promoted = await second.admin.api.put(paths.users.user(second.member.id), { is_org_admin: true });
    expect(promoted.status, promoted.text).toBe(200);
    const made = await makeApiToken(server, second.member, second.org.id);
    expect((await made.api.get(paths.users.list)).status).toBe(200);
    await second.admin.api.put(paths.users.user(second.member.id), { is_org_admin: false });
    expect((await made.api.get(paths.users.list)).status).toBe(403);
  });

  it('the user removed from the organisation: 401 at once, and the token is revoked (gone from its owner’s list)', async () => {
    const third = await makeTeam(server);
    const made = await makeApiToken(server, third.member, third.org.id);
    expect((await made.api.get(paths.auth.me)).status).toBe(200);
    const removed = await third.admin.api.delete(paths.users.user(third.member.id));
    expect(removed.status, removed.text).toBe(204);
    const res = await made.api.get(paths.auth.me);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(CREDENTIALS);
    // Its owner's list no longer holds it.
    const own = await signIn(server, third.member);
    expect((await own.api.get(paths.auth.apiTokens)).body.results).toEqual([]);
  });
});

describe('one organisation', () => {
  it("another organisation's ids answer 404, even one the user also belongs to; auth/me names the token's organisation alone", async () => {
    const ann = team.admin;
    const elsewhere = await createOrg(ann); // ann's session now works in `elsewhere`
    const theirFolder = await makeFolder(ann, 'root', 'Elsewhere only');
    const made = await makeApiToken(server, ann, team.org.id);
    const res = await made.api.get(paths.documentation.folder(theirFolder.id));
    expect(res.status, res.text).toBe(404);
    const write = await made.api.put(paths.documentation.folder(theirFolder.id), { name: 'Taken over', description: '', version: theirFolder.version });
    expect(write.status, write.text).toBe(404);
    const root = await made.api.get(paths.documentation.folder('root'));
    expect(root.status).toBe(200);
    expect(root.body.id).not.toBe(theirFolder.parent_id);
    const me = await made.api.get(paths.auth.me);
    expect(me.body.org.id).toBe(team.org.id);
    expect(me.body.available_orgs).toEqual([expect.objectContaining({ id: team.org.id, name: team.org.name })]);
    expect(me.body.available_orgs.map((o: { id: string }) => o.id)).not.toContain(elsewhere.id);
  });
});
