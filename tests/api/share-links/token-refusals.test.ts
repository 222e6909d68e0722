/**
 * The refusals of a share token, in the words the fill page shows (issue #29): unknown → 401 'Could not
 * validate credentials'; revoked → 401 'This link has been revoked'; expired → 401 'This link has expired';
 * the checklist in the trash (or its folder) → 404 'This checklist is not available'; the token of one
 * checklist used on another → 404. A revoked or expired link is refused on every allowed call alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeFolder, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, ApiResponse } from '../support/http.ts';
import { CREDENTIALS, EXPIRED_LINK, REVOKED, shareClient, shareSubmit, UNAVAILABLE } from './support.ts';

const server = useTestServer();
let team: Team;

const HOUR = 60 * 60 * 1000;
const RECORD = { q: { value: true } };

beforeAll(async () => {
  team = await makeTeam(server);
});

async function newChecklist(folderId = 'root') {
  return makeChecklist(team.admin, { q: question('true/false') }, folderId);
}

/** Every call a share token may make, on `documentId`. */
function allowedCalls(client: ApiClient, documentId: string): Promise<ApiResponse>[] {
  return [
    client.get('share/checklist'),
    client.get(`documentation/documents/${documentId}`),
    client.get(`documentation/documents/${documentId}/media-urls?upload_id=${documentId}`),
    client.post(`documentation/documents/${documentId}/sign-content-upload`, [{ filename: 'a.png', file_size: 10, content_type: 'image/png' }]),
    shareSubmit(client, documentId, RECORD),
  ];
}

async function expectEveryCall(client: ApiClient, documentId: string, status: number, body: Record<string, unknown>) {
  for (const res of await Promise.all(allowedCalls(client, documentId))) {
    expect(res.status, res.text).toBe(status);
    expect(res.body).toMatchObject(body);
  }
}

describe('share tokens refused', () => {
  it('unknown, or not a token at all: 401 Could not validate credentials', async () => {
    const checklist = await newChecklist();
    const link = await makeShareLink(team.admin, checklist.id);
    const forged = `share_${'A'.repeat(43)}`;
    for (const token of [forged, 'share_', 'share_abc', `${link.token}x`, link.token.toUpperCase()]) {
      await expectEveryCall(shareClient(server, token), checklist.id, 401, CREDENTIALS);
    }
  });

  it('revoked: 401 This link has been revoked, at once', async () => {
    const checklist = await newChecklist();
    const link = await makeShareLink(team.admin, checklist.id);
    const client = shareClient(server, link.token);
    expect((await client.get('share/checklist')).status).toBe(200);
    await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${link.id}`);
    await expectEveryCall(client, checklist.id, 401, REVOKED);
  });

  it('expired: 401 This link has expired, from the moment it expires', async () => {
    const checklist = await newChecklist();
    const link = await makeShareLink(team.admin, checklist.id, 'An hour', new Date(Date.now() + HOUR).toISOString());
    const client = shareClient(server, link.token);
    expect((await client.get('share/checklist')).status).toBe(200);
    await server.clock.shifted(HOUR + 1000, () => expectEveryCall(client, checklist.id, 401, EXPIRED_LINK));
    expect((await client.get('share/checklist')).status).toBe(200);
  });

  it('the checklist in the trash, or its folder: 404 This checklist is not available; restored, it works again', async () => {
    const folder = await makeFolder(team.admin);
    const checklist = await newChecklist(folder.id);
    const client = shareClient(server, (await makeShareLink(team.admin, checklist.id)).token);
    expect((await team.admin.api.delete(`documentation/documents/${checklist.id}`)).status).toBe(204);
    await expectEveryCall(client, checklist.id, 404, UNAVAILABLE);
    expect((await team.admin.api.post(`documentation/documents/${checklist.id}/restore-from-trash`)).status).toBe(200);
    expect((await client.get('share/checklist')).status).toBe(200);
    expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
    await expectEveryCall(client, checklist.id, 404, UNAVAILABLE);
  });

  it("the token of one checklist used on another: 404, and nothing is stored there", async () => {
    const ours = await newChecklist();
    const theirs = await newChecklist();
    const client = shareClient(server, (await makeShareLink(team.admin, ours.id)).token);
    for (const res of (await Promise.all(allowedCalls(client, theirs.id))).slice(1)) {
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Document not found' });
    }
    expect((await team.admin.api.get(`documentation/documents/${theirs.id}/data`)).body.total).toBe(0);
  });

  it("a signed-in member's token is no share token: share/checklist answers 401", async () => {
    const res = await team.member.api.get('share/checklist');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(CREDENTIALS);
  });
});
