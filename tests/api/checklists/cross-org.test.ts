/**
 * Cross-organisation sweep of the checklist routes: called by one organisation's admin (who holds every
 * permission at home) with another organisation's checklist, row and upload ids, every route answers
 * 404 with exactly the body a missing id gets — and nothing changes over there.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistSubmissions, documents, uploads } from '../../../src/server/db/schema.ts';
import { makeChecklist, makeDocument, missingId, orgWithAdmin, question, type TestUser, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiResponse } from '../support/http.ts';
import { submit } from './support.ts';

const server = useTestServer();

interface Ids {
  checklist: string;
  row: string;
  upload: string;
}

let ours: { admin: TestUser; ids: Ids };
let theirs: { admin: TestUser; ids: Ids };

async function arrange(admin: TestUser): Promise<Ids> {
  const checklist = await makeChecklist(admin, { q: question('true/false', { photoVerification: true }) });
  const upload = await uploadFile(server, admin, checklist.id);
  const row = await submit(admin, checklist.id, { q: { value: true, media: [upload] } });
  expect(row.status, row.text).toBe(201);
  return { checklist: checklist.id, row: row.body.id, upload };
}

beforeAll(async () => {
  const a = await orgWithAdmin(server);
  const b = await orgWithAdmin(server);
  ours = { admin: a.admin, ids: await arrange(a.admin) };
  theirs = { admin: b.admin, ids: await arrange(b.admin) };
});

type Call = (x: Ids) => [method: 'GET' | 'POST', path: string, body?: unknown];

/** Every checklist route that takes an id, called with `x` (the other organisation's ids, or missing ones). */
const routes: Record<string, Call> = {
  'POST documents/{id}/data': (x) => ['POST', `documents/${x.checklist}/data`, { record: { q: { value: true, media: [x.upload] } } }],
  'GET documents/{id}/data': (x) => ['GET', `documents/${x.checklist}/data`],
  'GET documents/documentdata/{id}': (x) => ['GET', `documents/documentdata/${x.row}`],
  'POST documents/{id}/sign-content-upload': (x) => ['POST', `documents/${x.checklist}/sign-content-upload`, [{ filename: 'a.png', file_size: 9, content_type: 'image/png' }]],
  'GET documents/{id}/media/{upload}': (x) => ['GET', `documents/${x.checklist}/media/${x.upload}`],
  'GET documents/{id}/media-urls': (x) => ['GET', `documents/${x.checklist}/media-urls?upload_id=${x.upload}`],
};

const call = (user: TestUser, [method, path, body]: ReturnType<Call>): Promise<ApiResponse> =>
  user.api.request(method, `documentation/${path}`, body === undefined ? {} : { json: body });

describe('checklist routes across organisations', () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${name}: another organisation's ids answer 404 exactly like missing ones`, async () => {
      const missing = await call(ours.admin, route({ checklist: missingId(), row: missingId(), upload: missingId() }));
      const foreign = await call(ours.admin, route(theirs.ids));
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      // …and the owners still reach them.
      expect((await call(theirs.admin, route(theirs.ids))).status).toBeLessThan(300);
    });
  }

  it("their upload under our checklist: not found to serve, left out of media-urls, refused as a photo", async () => {
    const served = await ours.admin.api.get(`documentation/documents/${ours.ids.checklist}/media/${theirs.ids.upload}`);
    const missing = await ours.admin.api.get(`documentation/documents/${ours.ids.checklist}/media/${missingId()}`);
    expect(served.status).toBe(404);
    expect(served.body).toEqual(missing.body);
    const links = await ours.admin.api.get(`documentation/documents/${ours.ids.checklist}/media-urls?upload_id=${theirs.ids.upload}`);
    expect(links.body).toEqual({ results: [], total: 0 });
    const photo = await submit(ours.admin, ours.ids.checklist, { q: { value: true, media: [theirs.ids.upload] } });
    expect(photo.status).toBe(422);
    expect(photo.body.detail).toBe('record.q.media.0: is not a completed upload of yours for this checklist');
  });

  it("their checklist named in our result sheet: refused when saved (422); stored before that was checked, its data answers 404", async () => {
    const contents = { questions: {}, question_index: [], form_links: {}, form_ids: [theirs.ids.checklist] };
    const refused = await ours.admin.api.post('documentation/documents', { folder_id: 'root', name: 'Sheet', doctype: 'sheet', contents });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('contents.form_ids.0: is not a document of this organization');
    const sheet = await makeDocument(ours.admin, 'root', 'sheet');
    await server.db.update(documents).set({ contents }).where(eq(documents.id, sheet.id));
    const res = await ours.admin.api.get(`documentation/documents/${sheet.id}/data?form_id=${theirs.ids.checklist}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Document not found' });
  });

  it('left nothing of ours over there', async () => {
    const rows = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, theirs.ids.checklist));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.createdBy === ours.admin.id)).toEqual([]);
    const files = await server.db.select().from(uploads).where(eq(uploads.documentId, theirs.ids.checklist));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.createdBy === ours.admin.id)).toEqual([]);
  });
});
