/**
 * A presentation's first page in its view page's first HTML (issue #31, src/server/http/first-paint/
 * presentation.ts): served with the session cookie, the page carries the first page's image with the
 * width and height its page stores, at an address that serves that very file without a bearer token;
 * the heading and breadcrumbs are the document's. Another organisation's login at the same address gets
 * the shell without them (the API's 404), and a page stored without its size is not drawn.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileBytes, makeDocument, makeTeam, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { page } from './support.ts';
import { attrsOf, childElements, one, outline, select } from '../../support/html.ts';

const server = useTestServer();
let team: Team;
let other: Team;

beforeAll(async () => {
  team = await makeTeam(server);
  other = await makeTeam(server);
});

const viewPage = (id: string, token: string) =>
  fetch(`${server.url}/documentation/view/${id}`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${token}` } }).then((res) => res.text());

async function deck(name: string, size?: { width: number; height: number }): Promise<{ id: string; media: string }> {
  const doc: Json = await makeDocument(team.admin, 'root', 'presentation', name);
  const media = await uploadFile(server, team.admin, doc.id, 'image/png', 2000);
  const put = await team.admin.api.put(`documentation/documents/${doc.id}`, {
    version: doc.version,
    contents: { pages: { p1: page('p1', { media, content_type: 'image/png', media_thumb: null, ...size }) }, page_index: ['p1'] },
  });
  expect(put.status).toBe(200);
  return { id: doc.id, media };
}

describe("a presentation's view page served with the session cookie", () => {
  it('carries its first page image with its stored width and height, at an address serving that file', async () => {
    const { id, media } = await deck('Line check', { width: 800, height: 450 });
    const html = await viewPage(id, team.member.token);
    expect(outline(one(html, '#document-heading'))).toEqual({ tag: 'h1', attrs: { class: 'page-heading', id: 'document-heading', 'data-first-html': 'document-heading' }, text: 'View Line check' });
    const [crumbs] = childElements(one(html, 'rb-breadcrumbs'));
    expect([crumbs!.tagName, attrsOf(crumbs!)]).toEqual(['ol', { class: 'breadcrumb-list' }]);
    const [home] = childElements(crumbs!);
    expect(attrsOf(home!)).toEqual({ class: 'breadcrumb' });
    expect(childElements(home!).map(outline)).toEqual([{ tag: 'a', attrs: { href: '/' }, text: 'Home' }]);
    const image = select(html, 'img.pv-first-image').map(attrsOf);
    expect(image, 'the first page image').toEqual([expect.objectContaining({ 'data-first-image': media, width: '800', height: '450' })]);
    const file = await fetch(image[0]!.src!.replace(/^https?:\/\/[^/]+/, server.url));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(fileBytes('image/png', 2000));
  });

  it("is never drawn for another organisation's login, nor for a page stored without its size", async () => {
    const { id } = await deck('Private deck', { width: 800, height: 450 });
    const stranger = await viewPage(id, other.admin.token);
    expect(select(stranger, '.pv-first-image')).toEqual([]);
    expect(stranger).not.toContain('Private deck');
    const older = await deck('Older deck');
    const html = await viewPage(older.id, team.admin.token);
    expect(html).toContain('View Older deck');
    expect(select(html, '.pv-first-image')).toEqual([]);
  });
});
