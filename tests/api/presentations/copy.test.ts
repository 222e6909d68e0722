/**
 * Copies keep working media (issue #14): a copied presentation's pages (and a copied checklist's
 * question pictures) are served through the copy — its contents name uploads of its own that share the
 * source's stored files — for a copied document, a document in a copied folder, and a copy of a copy.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../src/server/db/schema.ts';
import { fileBytes, makeChecklist, makeDocument, makeFolder, makeTeam, question, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { page, shape } from './support.ts';

const server = useTestServer();
let team: Team;
let deck: { id: string; contents: { pages: Record<string, { media: string; media_thumb: string | null }>; page_index: string[] } };
let image: string;
let thumb: string;
let pdf: string;

beforeAll(async () => {
  team = await makeTeam(server);
  const folder = await makeFolder(team.admin, 'root', 'Decks');
  const made = await makeDocument(team.admin, folder.id, 'presentation', 'Deck');
  image = await uploadFile(server, team.admin, made.id, 'image/jpeg', 300);
  thumb = await uploadFile(server, team.admin, made.id, 'image/jpeg', 100);
  pdf = await uploadFile(server, team.admin, made.id, 'application/pdf', 200);
  const contents = {
    pages: {
      p1: page('p1', { media: image, media_thumb: thumb, shapes: [shape()] }),
      p2: page('p2', { media: pdf, media_thumb: null, content_type: 'application/pdf', filename: 'plan.pdf' }),
    },
    page_index: ['p1', 'p2'],
  };
  const res = await team.admin.api.put(`documentation/documents/${made.id}`, { version: 1, contents });
  expect(res.status, res.text).toBe(200);
  deck = { id: made.id, contents: res.body.contents };
});

const fileOf = async (documentId: string, uploadId: string) => {
  const res = await fetch(`${server.apiUrl}/documentation/documents/${documentId}/media/${uploadId}`, { headers: { authorization: `Bearer ${team.member.token}` } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') };
};

const copyDocument = async (id: string, folderId = 'root') => {
  const res = await team.admin.api.post(`documentation/folders/${folderId}/copy`, { document_id: id });
  expect(res.status, res.text).toBeLessThan(300);
  return (await team.admin.api.get(`documentation/documents/${res.body.id}`)).body;
};

/** Every page of the copy shows the source's file, through the copy, under an id of the copy. */
async function expectPagesServed(copy: { id: string; contents: typeof deck.contents }) {
  expect(copy.contents.page_index).toEqual(['p1', 'p2']);
  const pairs: [string, string | null, string | null][] = ['p1', 'p2'].flatMap((p) => [
    ['media', deck.contents.pages[p]!.media, copy.contents.pages[p]!.media] as [string, string, string],
    ['media_thumb', deck.contents.pages[p]!.media_thumb, copy.contents.pages[p]!.media_thumb] as [string, string | null, string | null],
  ]);
  for (const [, original, copied] of pairs) {
    if (original === null) {
      expect(copied).toBeNull();
      continue;
    }
    expect(copied).not.toBe(original);
    const served = await fileOf(copy.id, copied!);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual((await fileOf(deck.id, original)).bytes);
    // The source's ids are not files of the copy.
    expect((await fileOf(copy.id, original)).status).toBe(404);
  }
  const urls = await team.member.api.get(`documentation/documents/${copy.id}/media-urls?upload_id=${copy.contents.pages.p1!.media}&upload_id=${copy.contents.pages.p1!.media_thumb}`);
  expect(urls.body.total).toBe(2);
  const signed = await fetch(urls.body.results[0].url.replace('https://ringbinder.test', server.url));
  expect(signed.status).toBe(200);
  expect(new Uint8Array(await signed.arrayBuffer())).toEqual(fileBytes('image/jpeg', 300));
}

describe('copying a presentation', () => {
  it('serves its pages through the copy; the source is unchanged', async () => {
    const copy = await copyDocument(deck.id);
    await expectPagesServed(copy);
    expect(copy.contents.pages.p1.shapes).toEqual([shape()]);
    const source = (await team.admin.api.get(`documentation/documents/${deck.id}`)).body;
    expect(source.contents).toEqual(deck.contents);
    expect((await fileOf(deck.id, image)).status).toBe(200);
    // No bytes copied: the copy's uploads share the source's files.
    const rows = await server.db.select().from(uploads).where(eq(uploads.documentId, copy.id));
    expect(rows.map((r) => r.fileOf).sort()).toEqual([image, thumb, pdf].sort());
  });

  it('the copy can be edited and published with its own files', async () => {
    const copy = await copyDocument(deck.id);
    const res = await team.admin.api.put(`documentation/documents/${copy.id}`, { version: 1, contents: copy.contents, changelog: 'edited the copy' });
    expect(res.status, res.text).toBe(200);
    // …but not with the source's.
    const theirs = await team.admin.api.put(`documentation/documents/${copy.id}`, { version: 2, contents: deck.contents });
    expect(theirs.status).toBe(422);
    expect(theirs.body.detail).toContain('contents.pages.p1.media: is not a file uploaded to this document');
  });

  it('a copy of a copy, and a document in a copied folder, show the pages too', async () => {
    const copy = await copyDocument(deck.id);
    const copyOfCopy = await copyDocument(copy.id);
    await expectPagesServed(copyOfCopy);
    const rows = await server.db.select().from(uploads).where(eq(uploads.documentId, copyOfCopy.id));
    expect(rows.map((r) => r.fileOf).sort()).toEqual([image, thumb, pdf].sort());

    const source = (await team.admin.api.get(`documentation/documents/${deck.id}`)).body;
    const folder = source.path.at(-1);
    const dest = await makeFolder(team.admin, 'root', 'Archive');
    const copied = await team.admin.api.post(`documentation/folders/${dest.id}/copy`, { folder_id: folder.id });
    expect(copied.status, copied.text).toBeLessThan(300);
    const inside = await team.admin.api.get(`documentation/folders/${copied.body.id}/contents`);
    const doc = inside.body.results.find((r: { name: string }) => r.name === 'Deck');
    await expectPagesServed((await team.admin.api.get(`documentation/documents/${doc.id}`)).body);
  });
});

describe('copying a checklist', () => {
  it('serves its question pictures through the copy', async () => {
    const checklist = await makeChecklist(team.admin, { q: question('true/false') });
    const picture = await uploadFile(server, team.admin, checklist.id, 'image/png', 180);
    const contents = { questions: { q: { ...question('true/false'), media: picture, content_type: 'image/png', filename: 'a.png' } }, question_index: ['q'] };
    const published = await team.admin.api.put(`documentation/documents/${checklist.id}`, { version: 1, contents });
    expect(published.status, published.text).toBe(200);
    const copy = await copyDocument(checklist.id);
    const copied = copy.contents.questions.q.media;
    expect(copied).not.toBe(picture);
    const served = await fileOf(copy.id, copied);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(fileBytes('image/png', 180));
  });
});
