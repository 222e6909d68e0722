/**
 * The fill pages' first data in their first response (issue #29's /fill/ paint; src/server/http/page-data.ts):
 * `/fill/{token}` and `/embed/fill/{token}` are served with the link's checklist written into the HTML,
 * exactly as `GET share/checklist` answers it for that token, and the heading's slots filled from it, so
 * the page paints its heading and needs no second round trip for its data. A refused link carries its
 * refusal; an address without a share token gets the shell as built.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import { sessionDigest } from '../../../src/shared/page-data.ts';
import { SITE_FIXTURE, useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { attr, childElements, one, outline, readHtml, select, textOf } from '../../support/html.ts';
import { REVOKED, shareClient } from './support.ts';

const server = useTestServer();
let team: Team;
/** A name that would end the script and the heading if it were written as it is. */
const HOSTILE_NAME = 'Gate </script><script>alert(1)</script> &\u2028<b>"check"</b>';
let checklist: Json;
let link: Json;

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { gate: question('true/false', { title: 'Gate locked' }) }, 'root', HOSTILE_NAME);
  link = await makeShareLink(team.admin, checklist.id, 'Reception');
});

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

/**
 * The answers the HTML carries (#rb-page-data, THE page data block), parsed: made for the link's token (its
 * digest, which the transport checks before taking them, src/client/page-data.ts), with no reads to send.
 */
function firstAnswersOf(html: string, token = link.token as string): Record<string, { status: number; body: Json }> {
  const block = select(html, 'script#rb-page-data');
  expect(block.map((script) => attr(script, 'type')), 'the page data block').toEqual(['application/json']);
  const data = JSON.parse(textOf(block[0]!));
  expect(data.session, 'made for the address’s token').toBe(sessionDigest(token));
  expect(data.reads, 'a link’s page sends nothing itself').toBeUndefined();
  return data.answers;
}

describe('GET /fill/{token}', () => {
  it('carries the link’s checklist exactly as GET share/checklist answers it, and its heading filled (escaped)', async () => {
    const res = await page(`/fill/${link.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const api = await shareClient(server, link.token).get('share/checklist');
    expect(api.status).toBe(200);
    expect(firstAnswersOf(html)).toEqual({ sharedChecklist: { status: 200, body: api.body } });
    // Nothing the checklist holds ends the script early (its JSON parsed, above) nor starts one of its own.
    const scripts = (text: string) => select(text, 'script').map(textOf);
    expect(scripts(html)).not.toContain('alert(1)');

    expect(outline(one(html, '#fill-title'))).toEqual({ tag: 'h1', attrs: { class: 'fill-title', id: 'fill-title', 'data-first': 'name' }, text: HOSTILE_NAME });
    expect(outline(one(html, '#fill-org'))).toEqual({ tag: 'p', attrs: { class: 'fill-org', id: 'fill-org', 'data-first': 'organization_name' }, text: api.body.organization_name });
    expect(outline(one(html, '#fill-description'))).toEqual({ tag: 'p', attrs: { class: 'fill-description', id: 'fill-description', 'data-first': 'description' }, text: `about ${HOSTILE_NAME}` });
    for (const id of ['#fill-title', '#fill-description']) expect(childElements(one(html, id)), id).toEqual([]); // escaped: text, no element
    // The embedded page has no heading of its own: nothing else is written into it.
    const embedded = await (await page(`/embed/fill/${link.token}`)).text();
    expect(textOf(readHtml(embedded))).not.toContain(HOSTILE_NAME);
    expect(scripts(embedded)).not.toContain('alert(1)');
    expect(select(embedded, 'b')).toEqual([]);
  });

  it('is kept by the browser alone and revalidated: private, no-cache, an ETag of its bytes, a 304 when nothing changed', async () => {
    const first = await page(`/fill/${link.token}`);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    const again = await page(`/fill/${link.token}`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Compressed, it is its own body with its own tag.
    const gzip = await fetch(`${server.url}/fill/${link.token}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).not.toBe(etag);
    expect(firstAnswersOf(await gzip.text()).sharedChecklist!.body.id).toBe(checklist.id);
  });

  it('serves each link its own checklist, in turn at the same address pattern', async () => {
    const other = await makeChecklist(team.admin, { km: question('number', { title: 'Odometer' }) }, 'root', 'Van check');
    const otherLink = await makeShareLink(team.admin, other.id, 'Vans');
    for (const [token, id] of [
      [link.token, checklist.id],
      [otherLink.token, other.id],
      [link.token, checklist.id],
    ]) {
      const html = await (await page(`/fill/${token}`)).text();
      expect(firstAnswersOf(html, token).sharedChecklist!.body.id).toBe(id);
    }
  });

  it('/embed/fill/{token} carries the same answer', async () => {
    const html = await (await page(`/embed/fill/${link.token}`)).text();
    expect(firstAnswersOf(html).sharedChecklist!.body.id).toBe(checklist.id);
  });

  it('a revoked link carries its refusal (401, the words) and shows no heading', async () => {
    const revoked = await makeShareLink(team.admin, checklist.id, 'Old poster');
    expect((await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${revoked.id}`)).status).toBe(204);
    const html = await (await page(`/fill/${revoked.token}`)).text();
    expect(Object.keys(firstAnswersOf(html, revoked.token))).toEqual(['sharedChecklist']);
    expect(firstAnswersOf(html, revoked.token).sharedChecklist).toMatchObject({ status: 401, body: REVOKED });
    expect(outline(one(html, '#fill-title'))).toEqual({ tag: 'h1', attrs: { class: 'fill-title', id: 'fill-title', 'data-first': 'name', hidden: '' }, text: '' });
  });

  it('an address without a share token gets the shell as built, revalidated like every shell', async () => {
    for (const path of ['/fill/not-a-token', `/fill/share_${'x'.repeat(5)}`]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain(SITE_FIXTURE.firstAnswers);
    }
  });
});
