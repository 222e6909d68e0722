/**
 * A signed media address (GET /api/v1/media/{document}/{upload}?expires=&signature=) serves a file only
 * while its document is live — not in the trash itself, nor below a folder in the trash — like the
 * bearer route (GET documentation/documents/{id}/media/{upload}).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeFolder, makeTeam, question, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { localUrl } from '../support/uploads.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

describe('a signed media address of a document below a trashed folder', () => {
  it('stops working while any folder above the document is in the trash, and works again once it is restored', async () => {
    const outer = await makeFolder(team.admin, 'root', 'Outer');
    const inner = await makeFolder(team.admin, outer.id, 'Inner');
    const doc = await makeChecklist(team.admin, { q: question('true/false') }, inner.id);
    const upload = await uploadFile(server, team.admin, doc.id);
    const links = await team.member.api.get(`documentation/documents/${doc.id}/media-urls?upload_id=${upload}`);
    expect(links.status, links.text).toBe(200);
    const url = localUrl(server, links.body.results[0].url);
    const bearer = `documentation/documents/${doc.id}/media/${upload}`;
    expect((await fetch(url)).status).toBe(200);

    for (const folder of [outer, inner]) {
      expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
      const signed = await fetch(url);
      expect(signed.status, folder.name).toBe(404);
      expect(await signed.json()).toMatchObject({ detail: 'File not found' });
      expect((await team.member.api.get(bearer)).status).toBe(404);
      expect((await team.admin.api.post(`documentation/folders/${folder.id}/restore-from-trash`)).status).toBe(200);
      expect((await fetch(url)).status, `${folder.name} restored`).toBe(200);
    }
  });
});
