/**
 * Managing a checklist's share links (issue #29; docs/checklists.md "Share links"): POST, GET and DELETE
 * documentation/documents/{id}/share-links — for people with Edit Permissions on the checklist. The token
 * is derived from the link's id and the app key, so the list shows the same token and address again; the
 * database keeps only the token's SHA-256.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appKey } from '../../../src/server/auth/app-key.ts';
import { shareLinks } from '../../../src/server/db/schema.ts';
import { shareLinkToken } from '../../../src/server/services/checklists/share-links.ts';
import { ALL_BITS, grant, makeChecklist, makeDocument, makeFolder, makeShareLink, makeTeam, missingId, orgWithAdmin, Permission, question, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import { REVOKED, shareClient } from './support.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string };
let stranger: TestUser;

const HOUR = 60 * 60 * 1000;
const linksOf = (user: TestUser, id: string) => user.api.get(`documentation/documents/${id}/share-links`);

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { q: question('true/false') });
  stranger = (await orgWithAdmin(server)).admin;
});

describe('POST documentation/documents/{id}/share-links', () => {
  it('answers 201 with the token and the fill page address; the database keeps only its hash', async () => {
    const res = await team.admin.api.post(`documentation/documents/${checklist.id}/share-links`, { name: '  Front door  ' });
    expect(res.status, res.text).toBe(201);
    const link = res.body;
    expect(link).toEqual({
      id: expect.any(String),
      name: 'Front door',
      token: expect.stringMatching(/^share_[A-Za-z0-9_-]{43}$/),
      url: `${PUBLIC_URL}/fill/${link.token}`,
      created_at: expect.any(String),
      expires_at: null,
      created_by_username: team.admin.username,
    });
    // Derived: HMAC-SHA256 of the app key over "share-link:{id}", base64url.
    expect(link.token).toBe(shareLinkToken(await appKey(server.config), link.id));
    const [row] = await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token.slice(6));
    expect(row).toMatchObject({ orgId: team.org.id, documentId: checklist.id, createdBy: team.admin.id, revokedAt: null, expiresAt: null });
  });

  it('takes an expiry in the future', async () => {
    const at = new Date(Date.now() + 48 * HOUR).toISOString();
    const link = await makeShareLink(team.admin, checklist.id, 'Until Friday', at);
    expect(link.expires_at).toBe(at);
    expect((await makeShareLink(team.admin, checklist.id, 'No end', null)).expires_at).toBeNull();
  });

  it('refuses a bad name or expiry with 422 naming the field, and stores nothing', async () => {
    const before = (await linksOf(team.admin, checklist.id)).body.results.length;
    const bad: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 5 }, 'name'],
      [{ name: 'Ok', expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'Ok', expires_at: 1767225600 }, 'expires_at'],
      [{ name: 'Ok', expires_at: new Date(Date.now() - HOUR).toISOString() }, 'expires_at'],
    ];
    for (const [body, field] of bad) {
      const res = await team.admin.api.post(`documentation/documents/${checklist.id}/share-links`, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    const past = await team.admin.api.post(`documentation/documents/${checklist.id}/share-links`, {
      name: 'Ok',
      expires_at: new Date(Date.now() - HOUR).toISOString(),
    });
    // The dialog shows the detail as it is: a sentence, no field name in front (as an invitation's expiry).
    expect(past.body.detail).toBe('Expiry must be in the future');
    expect((await makeShareLink(team.admin, checklist.id, 'x'.repeat(100))).name).toHaveLength(100);
    expect((await linksOf(team.admin, checklist.id)).body.results.length).toBe(before + 1);
  });

  it('answers 400 for a document that is not a checklist', async () => {
    const presentation = await makeDocument(team.admin, 'root', 'presentation');
    const res = await team.admin.api.post(`documentation/documents/${presentation.id}/share-links`, { name: 'Nope' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Only checklists have share links' });
    expect((await linksOf(team.admin, presentation.id)).status).toBe(400);
  });

  it('records an activity event', async () => {
    const link = await makeShareLink(team.admin, checklist.id, 'Logged');
    const log = await team.admin.api.get('activity');
    const entry = log.body.results.find((e: { activity_type: string; context_data: { share_link_id?: string } }) => e.context_data.share_link_id === link.id);
    expect(entry).toMatchObject({
      activity_type: 'ShareLinkCreated',
      username: team.admin.username,
      target: { kind: 'document', id: checklist.id },
      context_data: { share_link_name: 'Logged' },
    });
  });
});

describe('GET documentation/documents/{id}/share-links', () => {
  it('lists the links not revoked, newest first, expired ones too, with the same token and address', async () => {
    const own = await makeChecklist(team.admin, { q: question('true/false') });
    const first = await makeShareLink(team.admin, own.id, 'First', new Date(Date.now() + HOUR).toISOString());
    const second = await makeShareLink(team.admin, own.id, 'Second');
    const third = await makeShareLink(team.admin, own.id, 'Third');
    expect((await team.admin.api.delete(`documentation/documents/${own.id}/share-links/${second.id}`)).status).toBe(204);
    await server.clock.shifted(2 * HOUR, async () => {
      const res = await linksOf(team.admin, own.id);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ results: [third, first], total: 2 });
    });
  });

  it("lists no other checklist's links", async () => {
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    expect((await linksOf(team.admin, other.id)).body).toEqual({ results: [], total: 0 });
  });
});

describe('DELETE documentation/documents/{id}/share-links/{link_id}', () => {
  it('revokes at once: 204, the token is refused, and a second revoke is 404', async () => {
    const link = await makeShareLink(team.admin, checklist.id, 'Short-lived');
    const client = shareClient(server, link.token);
    expect((await client.get('share/checklist')).status).toBe(200);
    const res = await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${link.id}`);
    expect(res.status, res.text).toBe(204);
    const refused = await client.get('share/checklist');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject(REVOKED);
    expect((await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${link.id}`)).status).toBe(404);
    const log = await team.admin.api.get('activity');
    expect(log.body.results.find((e: { activity_type: string }) => e.activity_type === 'ShareLinkRevoked')).toMatchObject({
      username: team.admin.username,
      context_data: { share_link_id: link.id, share_link_name: 'Short-lived' },
    });
  });

  it("answers 404 for an unknown link, a malformed id, and another checklist's link", async () => {
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    const theirs = await makeShareLink(team.admin, other.id);
    for (const id of [missingId(), 'not-an-id', theirs.id]) {
      const res = await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Share link not found' });
    }
    expect((await shareClient(server, theirs.token).get('share/checklist')).status).toBe(200);
  });
});

describe('who may manage share links', () => {
  let guarded: { id: string };
  let link: { id: string };

  beforeAll(async () => {
    const folder = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', folder.id, [revoke(team.org.id, ALL_BITS), grant(team.member.id, Permission.Read | Permission.Write)]);
    guarded = await makeChecklist(team.admin, { q: question('true/false') }, folder.id);
    link = await makeShareLink(team.admin, guarded.id);
  });

  it('Read without Edit Permissions: 403 on every call', async () => {
    const detail = "You need 'Edit Permissions' permission to share this checklist";
    for (const res of [
      await team.member.api.post(`documentation/documents/${guarded.id}/share-links`, { name: 'Mine' }),
      await linksOf(team.member, guarded.id),
      await team.member.api.delete(`documentation/documents/${guarded.id}/share-links/${link.id}`),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ detail });
    }
  });

  it('no Read, or another organisation: 404 on every call, and nothing changes', async () => {
    for (const user of [team.roleMember, stranger]) {
      for (const res of [
        await user.api.post(`documentation/documents/${guarded.id}/share-links`, { name: 'Mine' }),
        await linksOf(user, guarded.id),
        await user.api.delete(`documentation/documents/${guarded.id}/share-links/${link.id}`),
      ]) {
        expect(res.status, res.text).toBe(404);
        expect(res.body).toMatchObject({ detail: 'Document not found' });
      }
    }
    expect((await linksOf(team.admin, guarded.id)).body.results).toEqual([link]);
  });
});
