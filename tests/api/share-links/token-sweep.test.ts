/**
 * What a share token may do (issue #29), swept over EVERY route of the API — enumerated from the Hono app,
 * so a new route is tried without touching this file: with `Authorization: Bearer share_…`, each route is
 * called with the link's own checklist in every id and a body it would take. Only the allowed calls answer
 * 2xx; every other answers 401 'Could not validate credentials' or 404. Nothing of the organisation's
 * changes but what the allowed calls make (an upload row, a submission).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileBytes, makeChecklist, makeFolder, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient } from '../support/http.ts';
import { addressOf as fill, apiRoutes as allRoutes } from '../support/routes.ts';
import { postUpload, type SignedUpload } from '../support/uploads.ts';
import { shareClient } from './support.ts';

const server = useTestServer();

/** THE calls a share token may make, as Hono names their routes. */
const ALLOWED = new Set([
  'GET /share/checklist',
  'GET /share/schedule',
  'GET /documentation/documents/:id',
  'GET /documentation/documents/:id/media-urls',
  'POST /documentation/documents/:id/sign-content-upload',
  'POST /documentation/documents/:id/data',
  'POST /uploads',
]);

let team: Team;
let checklist: { id: string };
let client: ApiClient;
let folderId: string;

beforeAll(async () => {
  team = await makeTeam(server);
  folderId = (await makeFolder(team.admin)).id;
  checklist = await makeChecklist(team.admin, { q: question('true/false', { required: false }) }, folderId);
  client = shareClient(server, (await makeShareLink(team.admin, checklist.id, 'Sweep')).token);
});

const apiRoutes = () => allRoutes(server.deps);

/** A route's address with every parameter the link's checklist (the likeliest to be let through). */
const addressOf = (path: string): string => fill(path, () => checklist.id);

/** A body the call would take from a signed-in member (a refusal must not be a mere 422). */
function bodyOf(route: string): unknown {
  if (route.endsWith('/sign-content-upload')) return [{ filename: 'a.png', file_size: 256, content_type: 'image/png' }];
  if (route.endsWith('/data')) return { record: { q: { value: true } } };
  if (route.endsWith('/share-links')) return { name: 'Mine now' };
  return {};
}

describe('a share token, over every route of the API', () => {
  it('the allowed calls are routes of the API', () => {
    expect([...ALLOWED].filter((r) => !apiRoutes().includes(r))).toEqual([]);
  });

  it('only the allowed calls answer 2xx; every other answers 401 or 404', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      // POST /uploads is tried below with a real signed upload (its signature, not the bearer, is the permission).
      if (route === 'POST /uploads') continue;
      const [method, path] = route.split(' ') as [string, string];
      const withQuery = route.endsWith('/media-urls') ? `${addressOf(path)}?upload_id=${checklist.id}` : addressOf(path);
      const res = await client.request(method, withQuery, method === 'GET' || method === 'DELETE' ? {} : { json: bodyOf(route) });
      const outcome = res.status >= 200 && res.status < 300 ? '2xx' : res.status === 401 || res.status === 404 ? '401/404' : `${res.status} ${res.text}`;
      answered.push(`${route}: ${outcome}`);
      expected.push(`${route}: ${ALLOWED.has(route) ? '2xx' : '401/404'}`);
      if (res.status === 401) expect(res.body, route).toMatchObject({ detail: 'Could not validate credentials' });
    }
    expect(answered).toEqual(expected);
    expect(answered.length).toBeGreaterThan(60);
  });

  it("the allowed calls name only the link's checklist: another id answers 404", async () => {
    const other = await makeChecklist(team.admin, { q: question('true/false', { required: false }) }, folderId);
    const calls = [
      client.get(`documentation/documents/${other.id}`),
      client.get(`documentation/documents/${other.id}/media-urls?upload_id=${other.id}`),
      client.post(`documentation/documents/${other.id}/sign-content-upload`, bodyOf('/sign-content-upload')),
      client.post(`documentation/documents/${other.id}/data`, bodyOf('/data')),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Document not found' });
    }
    expect((await team.admin.api.get(`documentation/documents/${other.id}/data`)).body.total).toBe(0);
  });

  it('signs a photo and the upload lands (the signature is its permission)', async () => {
    const signed = await client.post(`documentation/documents/${checklist.id}/sign-content-upload`, bodyOf('/sign-content-upload'));
    expect(signed.status, signed.text).toBe(201);
    const upload = await postUpload(server, signed.body[0] as SignedUpload, fileBytes('image/png', 256));
    expect(upload.status, JSON.stringify(upload.body)).toBe(204);
    const urls = await client.get(`documentation/documents/${checklist.id}/media-urls?upload_id=${signed.body[0].upload_id}`);
    expect(urls.body.total).toBe(1);
  });
});
