/**
 * A presentation's contents on every save (documentation §3 "Presentation contents", "Shape"): the shape
 * of pages and shapes (422 naming the field), `selected` accepted and dropped, and each page's media and
 * thumbnail finished uploads of THIS document — not another document's, not another organisation's, not
 * one that never arrived. Removing a page is a PUT without it; its files stay for the older versions.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../../src/server/db/schema.ts';
import { makeDocument, makeTeam, missingId, orgWithAdmin, type Team, type TestUser, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { signOne } from '../support/uploads.ts';
import { page, shape } from './support.ts';

const server = useTestServer();
let team: Team;
let deck: { id: string };
let media: { image: string; thumb: string; pdf: string; unfinished: string; otherDocument: string; otherOrganisation: string };

beforeAll(async () => {
  team = await makeTeam(server);
  deck = await makeDocument(team.admin, 'root', 'presentation', 'Deck');
  const other = await makeDocument(team.admin, 'root', 'presentation', 'Other deck');
  const theirs: { admin: TestUser } = await orgWithAdmin(server);
  const theirDeck = await makeDocument(theirs.admin, 'root', 'presentation', 'Their deck');
  media = {
    image: await uploadFile(server, team.admin, deck.id, 'image/jpeg'),
    thumb: await uploadFile(server, team.admin, deck.id, 'image/jpeg', 128),
    pdf: await uploadFile(server, team.admin, deck.id, 'application/pdf'),
    unfinished: (await signOne(team.admin, deck.id, { filename: 'never.jpg', file_size: 100, content_type: 'image/jpeg' })).upload_id,
    otherDocument: await uploadFile(server, team.admin, other.id, 'image/jpeg'),
    otherOrganisation: await uploadFile(server, theirs.admin, theirDeck.id, 'image/jpeg'),
  };
});

const current = async () => (await team.admin.api.get(`documentation/documents/${deck.id}`)).body;
const put = async (body: Record<string, unknown>) => team.admin.api.put(`documentation/documents/${deck.id}`, { version: (await current()).version, ...body });
const imagePage = (pageID: string, changes: Record<string, unknown> = {}) => page(pageID, { media: media.image, media_thumb: media.thumb, ...changes });
const oneShape = (changes: Record<string, unknown>) => ({ pages: { p1: imagePage('p1', { shapes: [shape(changes)] }) }, page_index: ['p1'] });

describe('PUT documentation/documents/{id}: a presentation', () => {
  it('publishes pages with shapes; `selected` is accepted and never stored', async () => {
    const contents = {
      pages: {
        p1: imagePage('p1', { shapes: [shape({ id: 'a', selected: true }), shape({ id: 'b', shape: 'ellipse', color: 'blue', strokeWidth: 5, selected: false })] }),
        p2: page('p2', { content_type: 'application/pdf', media: media.pdf, media_thumb: null, filename: 'plan.pdf' }),
      },
      page_index: ['p2', 'p1'],
    };
    const res = await put({ contents, changelog: 'two pages' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.contents.page_index).toEqual(['p2', 'p1']);
    expect(res.body.contents.pages.p1.shapes).toEqual([shape({ id: 'a' }), shape({ id: 'b', shape: 'ellipse', color: 'blue', strokeWidth: 5 })]);
    const [row] = await server.db.select().from(documents).where(eq(documents.id, deck.id));
    const versions = await server.db.select().from(documentVersions).where(eq(documentVersions.documentId, deck.id));
    expect(JSON.stringify(row!.contents)).not.toContain('selected');
    expect(JSON.stringify(versions.map((v) => v.contents))).not.toContain('selected');

    // A draft too.
    const draft = await put({ draft_contents: oneShape({ selected: true }) });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.draft_contents.pages.p1.shapes[0]).not.toHaveProperty('selected');
    const [drafted] = await server.db.select().from(documents).where(eq(documents.id, deck.id));
    expect(JSON.stringify(drafted!.draftContents)).not.toContain('selected');
  });

  it.each<[string, () => unknown, string]>([
    ['a seventh colour', () => oneShape({ color: 'purple' }), 'contents.pages.p1.shapes.0.color: color must be one of red, blue, yellow, orange, green, black'],
    ['stroke width 0', () => oneShape({ strokeWidth: 0 }), 'contents.pages.p1.shapes.0.strokeWidth: strokeWidth must be 1 to 5'],
    ['stroke width 6', () => oneShape({ strokeWidth: 6 }), 'contents.pages.p1.shapes.0.strokeWidth: strokeWidth must be 1 to 5'],
    ['a shape below the minimum size', () => oneShape({ width: 0.0001 }), 'contents.pages.p1.shapes.0.width: width must be at least 0.001'],
    ['a shape of no size', () => oneShape({ height: 0 }), 'contents.pages.p1.shapes.0.height: height must be at least 0.001'],
    ['an unknown kind of shape', () => oneShape({ shape: 'star' }), 'contents.pages.p1.shapes.0.shape: shape must be one of rectangle, ellipse, arrow'],
    ['a long shape description', () => oneShape({ description: 'x'.repeat(2001) }), 'contents.pages.p1.shapes.0.description: description must be at most 2000 characters'],
    ['a field shapes do not have', () => oneShape({ fill: 'red' }), 'contents.pages.p1.shapes.0: Unrecognized key: "fill"'],
    ['a missing field', () => ({ pages: { p1: imagePage('p1', { filename: undefined }) }, page_index: ['p1'] }), 'contents.pages.p1.filename: Field required'],
    ['a long page description', () => ({ pages: { p1: imagePage('p1', { description: 'x'.repeat(20_001) }) }, page_index: ['p1'] }), 'contents.pages.p1.description: description must be at most 20000 characters'],
    ['a page not in page_index', () => ({ pages: { p1: imagePage('p1') }, page_index: [] }), 'contents.page_index: must list page p1'],
    ['page_index naming no page', () => ({ pages: {}, page_index: ['p9'] }), 'contents.page_index.0: p9 is not one of pages'],
    ['a page under another key', () => ({ pages: { p1: imagePage('p2') }, page_index: ['p1'] }), "contents.pages.p1.pageID: must be p1, the page's key"],
    ['a repeated page', () => ({ pages: { p1: imagePage('p1') }, page_index: ['p1', 'p1'] }), 'contents.page_index: page_index must not repeat an id'],
    ['media that is no id', () => ({ pages: { p1: imagePage('p1', { media: 'photo.jpg' }) }, page_index: ['p1'] }), 'contents.pages.p1.media: media must be an upload id'],
    ['a type uploads cannot have', () => ({ pages: { p1: imagePage('p1', { content_type: 'text/html' }) }, page_index: ['p1'] }), 'contents.pages.p1.content_type: content_type must be one of'],
  ])('refuses %s with 422 naming the field, on publish and on a draft; nothing changes', async (_, contentsOf, detail) => {
    const contents = contentsOf();
    const before = await current();
    const published = await put({ contents });
    expect(published.status, published.text).toBe(422);
    expect(published.body.detail).toContain(detail);
    const drafted = await put({ draft_contents: contents });
    expect(drafted.status).toBe(422);
    expect(drafted.body.detail).toContain(detail.replace(/^contents/, 'draft_contents'));
    const after = await current();
    expect(after.version).toBe(before.version);
    expect(after.contents).toEqual(before.contents);
  });
});

describe('a page shows files uploaded to this document only', () => {
  const withMedia = (media: string, thumb: string | null = null) => ({ pages: { p1: imagePage('p1', { media, media_thumb: thumb }) }, page_index: ['p1'] });

  it.each<[string, () => unknown, string]>([
    ['another document’s file', () => withMedia(media.otherDocument), 'contents.pages.p1.media: is not a file uploaded to this document'],
    ['another document’s file as thumbnail', () => withMedia(media.image, media.otherDocument), 'contents.pages.p1.media_thumb: is not a file uploaded to this document'],
    ['another organisation’s file', () => withMedia(media.otherOrganisation), 'contents.pages.p1.media: is not a file of this organization'],
    ['a file signed but never sent', () => withMedia(media.unfinished), 'contents.pages.p1.media: is not a file uploaded to this document'],
    ['an id that names nothing', () => withMedia(missingId()), 'contents.pages.p1.media: is not a file of this organization'],
  ])('refuses %s (422), on publish and on a draft', async (_, contents, detail) => {
    const published = await put({ contents: contents() });
    expect(published.status, published.text).toBe(422);
    expect(published.body.detail).toBe(detail);
    expect(published.body.errors).toEqual([{ field: detail.split(': ')[0], message: detail.split(': ')[1] }]);
    const drafted = await put({ draft_contents: contents() });
    expect(drafted.status).toBe(422);
    expect(drafted.body.detail).toBe(`draft_${detail}`);
  });

  it('names every field at once', async () => {
    const contents = {
      pages: { p1: imagePage('p1', { media: media.otherDocument, media_thumb: media.otherOrganisation }), p2: imagePage('p2', { media: media.unfinished }) },
      page_index: ['p1', 'p2'],
    };
    const res = await put({ contents });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['contents.pages.p1.media_thumb']);
    // Another organisation's id is refused first (requireOwnIds); then this document's own files.
    const ours = { ...contents, pages: { ...contents.pages, p1: imagePage('p1', { media: media.otherDocument }) } };
    const again = await put({ contents: ours });
    expect(again.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['contents.pages.p1.media', 'contents.pages.p2.media']);
  });

  it('POST with pages is refused: a new document has no files yet', async () => {
    const res = await team.admin.api.post('documentation/documents', { folder_id: 'root', name: 'New', doctype: 'presentation', contents: withMedia(media.image) });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('contents.pages.p1.media: is not a file uploaded to this document');
  });
});

describe('removing a page', () => {
  it('is a PUT without it; its files are still served for the versions that show it', async () => {
    const start = await put({ contents: { pages: { p1: imagePage('p1'), p2: imagePage('p2', { media: media.pdf, media_thumb: null, content_type: 'application/pdf' }) }, page_index: ['p1', 'p2'] } });
    expect(start.status, start.text).toBe(200);
    const removed = await put({ contents: { pages: { p1: imagePage('p1') }, page_index: ['p1'] }, changelog: 'removed page 2' });
    expect(removed.status, removed.text).toBe(200);
    expect(Object.keys(removed.body.contents.pages)).toEqual(['p1']);
    const older = await team.admin.api.get(`documentation/documents/${deck.id}/version/${start.body.version}`);
    expect(older.body.contents.pages.p2.media).toBe(media.pdf);
    const file = await team.admin.api.request('GET', `documentation/documents/${deck.id}/media/${media.pdf}`);
    expect(file.status).toBe(200);
    // …and the page can come back (the file is still this document's).
    const back = await put({ contents: start.body.contents });
    expect(back.status, back.text).toBe(200);
  });
});
