/**
 * A page's phone-size picture (`media_small`, ours: src/shared/presentations/small-picture.ts) is one of the
 * document's files as the thumbnail is: accepted on a save when it is a finished upload of this document,
 * served to those who may read the document only, copied with the document, refused (422 naming the field)
 * when it is another organisation's or another document's; and the view page's first HTML offers it beside
 * the full picture (srcset).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../../src/shared/permissions/bits.ts';
import { fileBytes, makeDocument, makeTeam, orgWithAdmin, revoke, setAcl, type Team, type TestUser, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { page } from './support.ts';
import { attrsOf, one } from '../../support/html.ts';

const server = useTestServer();
let team: Team;
let deck: { id: string };
let files: { image: string; thumb: string; small: string; otherDocument: string; otherOrganisation: string };

const LARGE = { width: 2560, height: 1440 };

beforeAll(async () => {
  team = await makeTeam(server);
  deck = await makeDocument(team.admin, 'root', 'presentation', 'Line check');
  const other = await makeDocument(team.admin, 'root', 'presentation', 'Other deck');
  const theirs: { admin: TestUser } = await orgWithAdmin(server);
  const theirDeck = await makeDocument(theirs.admin, 'root', 'presentation', 'Their deck');
  files = {
    image: await uploadFile(server, team.admin, deck.id, 'image/jpeg', 3000),
    thumb: await uploadFile(server, team.admin, deck.id, 'image/jpeg', 100),
    small: await uploadFile(server, team.admin, deck.id, 'image/jpeg', 700),
    otherDocument: await uploadFile(server, team.admin, other.id, 'image/jpeg', 700),
    otherOrganisation: await uploadFile(server, theirs.admin, theirDeck.id, 'image/jpeg', 700),
  };
});

const current = async (id = deck.id) => (await team.admin.api.get(`documentation/documents/${id}`)).body;
const put = async (body: Record<string, unknown>, id = deck.id) => team.admin.api.put(`documentation/documents/${id}`, { version: (await current(id)).version, ...body });
const withSmall = (media_small: string | null | undefined) => ({
  pages: { p1: page('p1', { media: files.image, media_thumb: files.thumb, media_small, ...LARGE }) },
  page_index: ['p1'],
});
const fileAs = async (user: TestUser, documentId: string, uploadId: string) => {
  const res = await fetch(`${server.apiUrl}/documentation/documents/${documentId}/media/${uploadId}`, { headers: { authorization: `Bearer ${user.token}` } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe("a page's phone-size picture", () => {
  it('is accepted as a finished upload of this document, published and as a draft; null and none too', async () => {
    const published = await put({ contents: withSmall(files.small), changelog: 'with a small picture' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.contents.pages.p1.media_small).toBe(files.small);
    const drafted = await put({ draft_contents: withSmall(files.small) });
    expect(drafted.status, drafted.text).toBe(200);
    expect(drafted.body.draft_contents.pages.p1.media_small).toBe(files.small);
    for (const none of [null, undefined]) expect((await put({ draft_contents: withSmall(none) })).status).toBe(200);
    expect((await put({ contents: withSmall(files.small), changelog: 'again' })).status).toBe(200);
  });

  it.each<[string, () => string, string]>([
    ['another organisation’s file', () => files.otherOrganisation, 'contents.pages.p1.media_small: is not a file of this organization'],
    ['another document’s file', () => files.otherDocument, 'contents.pages.p1.media_small: is not a file uploaded to this document'],
    ['an id that is none', () => 'small.jpg', 'contents.pages.p1.media_small: media_small must be an upload id'],
  ])('refuses %s (422 naming the field), on publish and on a draft; nothing changes', async (_, id, detail) => {
    const before = await current();
    const published = await put({ contents: withSmall(id()) });
    expect(published.status, published.text).toBe(422);
    expect(published.body.detail).toContain(detail);
    const drafted = await put({ draft_contents: withSmall(id()) });
    expect(drafted.status).toBe(422);
    expect(drafted.body.detail).toContain(`draft_${detail}`);
    const after = await current();
    expect(after.version).toBe(before.version);
    expect(after.contents).toEqual(before.contents);
  });

  it('is served to those who read the document, and to no one else', async () => {
    expect((await put({ contents: withSmall(files.small), changelog: 'served' })).status).toBe(200);
    const read = await fileAs(team.member, deck.id, files.small);
    expect(read.status).toBe(200);
    expect(read.bytes).toEqual(fileBytes('image/jpeg', 700));
    const urls = await team.member.api.get(`documentation/documents/${deck.id}/media-urls?upload_id=${files.small}`);
    expect(urls.body.results.map((m: { upload_id: string }) => m.upload_id)).toEqual([files.small]);

    // A member the document's Read is taken from, and another organisation's admin: not found.
    const closed = await makeDocument(team.admin, 'root', 'presentation', 'Closed deck');
    const image = await uploadFile(server, team.admin, closed.id, 'image/jpeg', 3000);
    const small = await uploadFile(server, team.admin, closed.id, 'image/jpeg', 700);
    const saved = await team.admin.api.put(`documentation/documents/${closed.id}`, {
      version: closed.version,
      contents: { pages: { p1: page('p1', { media: image, media_small: small, ...LARGE }) }, page_index: ['p1'] },
    });
    expect(saved.status, saved.text).toBe(200);
    await setAcl(team.admin, 'documents', closed.id, [revoke(team.member.id, Permission.Read)]);
    expect((await fileAs(team.member, closed.id, small)).status).toBe(404);
    expect((await team.member.api.get(`documentation/documents/${closed.id}/media-urls?upload_id=${small}`)).status).toBe(404);
    const stranger = await orgWithAdmin(server);
    expect((await fileAs(stranger.admin, closed.id, small)).status).toBe(404);
    expect((await fileAs(team.roleMember, closed.id, small)).status).toBe(200);
  });

  it('is copied with the document: the copy serves it under an id of its own', async () => {
    expect((await put({ contents: withSmall(files.small), changelog: 'to copy' })).status).toBe(200);
    const copied = await team.admin.api.post('documentation/folders/root/copy', { document_id: deck.id });
    expect(copied.status, copied.text).toBeLessThan(300);
    const copy = await current(copied.body.id);
    const id = copy.contents.pages.p1.media_small;
    expect(id).toEqual(expect.any(String));
    expect(id).not.toBe(files.small);
    const served = await fileAs(team.member, copy.id, id);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(fileBytes('image/jpeg', 700));
    expect((await fileAs(team.member, copy.id, files.small)).status).toBe(404);
    // The copy is saved back with its own small picture, and refuses the source's.
    expect((await put({ contents: copy.contents, changelog: 'copy edited' }, copy.id)).status).toBe(200);
    const theirs = await put({ contents: { ...copy.contents, pages: { p1: { ...copy.contents.pages.p1, media_small: files.small } } } }, copy.id);
    expect(theirs.status).toBe(422);
    expect(theirs.body.detail).toBe('contents.pages.p1.media_small: is not a file uploaded to this document');
  });

  it("is offered beside the full picture in the view page's first HTML (srcset, sizes)", async () => {
    expect((await put({ contents: withSmall(files.small), changelog: 'first paint' })).status).toBe(200);
    const html = await fetch(`${server.url}/documentation/view/${deck.id}`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${team.member.token}` } }).then((r) => r.text());
    const image = attrsOf(one(html, 'img.pv-first-image'));
    const [small, full] = (image.srcset ?? '').split(', ').map((candidate) => candidate.split(' '));
    expect(small?.[1]).toBe('1280w');
    expect(full?.[1]).toBe('2560w');
    expect(image).toMatchObject({ sizes: '100vw', width: '2560', height: '1440' });
    const bytesOf = async (url: string) => new Uint8Array(await (await fetch(url.replace(/^https?:\/\/[^/]+/, server.url))).arrayBuffer());
    expect(await bytesOf(small![0]!)).toEqual(fileBytes('image/jpeg', 700));
    expect(await bytesOf(full![0]!)).toEqual(fileBytes('image/jpeg', 3000));
  });
});
