/**
 * A document page's head in its first HTML (src/server/http/first-paint/document-view.ts): the heading,
 * the breadcrumbs (THE markup, escaped), the frame shown with the toolbar's room kept, 'Loading…' gone,
 * the warning of an older version, the page shown; nothing without the document's answer or on another page.
 */
import { describe, expect, it } from 'vitest';
import { documentViewPaint, readsAfterDocument } from '../../../../../src/server/http/first-paint/document-view.ts';
import { editShell } from '../../../../../src/server/http/first-paint/shell-edits.ts';

const paintDocumentView = async (html: string, ...paint: Parameters<typeof documentViewPaint>) => editShell(html, await documentViewPaint(...paint));
import { matchRoute } from '../../../../../src/routes.ts';

const SHELL =
  '<span class="topbar-page" id="topbar-page">View</span>' +
  '<main class="chrome-main" id="main" tabindex="-1" aria-busy="true"> <div class="page-skeleton" id="page-skeleton" aria-hidden="true"> <div class="skeleton-line"></div> </div> ' +
  '<div class="page-content" id="page-content" hidden>' +
  '<nav class="breadcrumbs" id="breadcrumbs" aria-label="Breadcrumbs" data-first-html="breadcrumbs"></nav>' +
  '<p class="loading-text" id="document-status" role="status">Loading…</p>' +
  '<article class="document-frame" id="document-frame" aria-labelledby="document-heading" hidden><header class="document-head">' +
  '<h1 class="page-heading" id="document-heading" data-first-html="document-heading"></h1>' +
  '<div class="document-toolbar" id="document-toolbar" hidden></div></header>' +
  '<p class="version-warning" id="version-warning" hidden> This is not the most recent version of this document. ' +
  '<a id="latest-version-link" href="/documentation/browse">View the latest version</a></p>' +
  '<div class="document-body" id="document-body" data-first-html="document-body"></div></article></div></main>';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const doc = (version: number, latest = version) => ({
  id: ID,
  name: 'Deck <1>',
  doctype: 'presentation',
  version,
  latest_version: latest,
  root_id: 'root',
  path: [
    { id: 'root', name: 'Root' },
    { id: 'f1', name: 'Yard & Dock' },
  ],
  contents: {},
  user_permissions: 1,
});
const answered = (address: string, body: unknown) => ({ [address]: { status: 200, body } });

describe('paintDocumentView', () => {
  it('draws the heading and breadcrumbs of the latest version and shows the page', async () => {
    const html = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answered(`documentation/documents/${ID}`, doc(2)));
    expect(html).toContain('<h1 class="page-heading" id="document-heading" data-first-html="document-heading">View Deck &#60;1&#62;</h1>');
    expect(html).toContain(
      '<rb-breadcrumbs><ol class="breadcrumb-list"><li class="breadcrumb"><a href="/">Home</a></li>' +
        '<li class="breadcrumb"><span class="breadcrumb-separator" aria-hidden="true">›</span><a href="/documentation/browse">Documentation</a></li>' +
        '<li class="breadcrumb"><span class="breadcrumb-separator" aria-hidden="true">›</span><a href="/documentation/browse/f1">Yard &#38; Dock</a></li></ol></rb-breadcrumbs>',
    );
    expect(html).toContain('<article class="document-frame" id="document-frame" aria-labelledby="document-heading"><header');
    expect(html).toContain('<div class="document-toolbar" id="document-toolbar" data-room="read"></div>');
    expect(html).toContain('<p class="loading-text" id="document-status" role="status"></p>');
    expect(html).toContain('<span class="topbar-page" id="topbar-page">View Deck &#60;1&#62;</span>');
    expect(html).toContain('<p class="version-warning" id="version-warning" hidden>');
    expect(html).toContain('<div class="page-content" id="page-content">');
    expect(html).not.toContain('page-skeleton');
    expect(html).not.toContain('aria-busy');
  });

  it('names the version on a version’s address, and warns that it is not the latest', async () => {
    for (const address of [`/documentation/view/${ID}/version/1`, `/documentation/view/${ID}/1`]) {
      const html = await paintDocumentView(SHELL, matchRoute(address)!, answered(`documentation/documents/${ID}/version/1`, { ...doc(1, 3), user_permissions: 3 }));
      expect(html, address).toContain('>View Deck &#60;1&#62; (Version: 1)</h1>');
      expect(html, address).toContain('<p class="version-warning" id="version-warning"> This is');
      expect(html, address).toContain(`<a id="latest-version-link" href="/documentation/view/${ID}">`);
      expect(html, address).toContain('<div class="document-toolbar" id="document-toolbar" data-room="edit"></div>');
    }
  });

  it('draws nothing without the document’s answer, or on another page', async () => {
    const page = matchRoute(`/documentation/view/${ID}`)!;
    expect(await paintDocumentView(SHELL, page, {})).toBe(SHELL);
    expect(await paintDocumentView(SHELL, page, { [`documentation/documents/${ID}`]: { status: 404, body: { detail: 'Not found' } } })).toBe(SHELL);
    expect(await paintDocumentView(SHELL, matchRoute(`/documentation/edit/${ID}`)!, answered(`documentation/documents/${ID}`, doc(1)))).toBe(SHELL);
  });

  it('answers a result sheet’s and a report’s first rows with the page (the address each screen asks for), nothing for other doctypes', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const start = Date.UTC(2026, 9, 22) / 1000;
    const of = (doctype: string) => answered(`documentation/documents/${ID}`, { ...doc(1), doctype });
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('sheet'), now)).toEqual([`documentation/documents/${ID}/sheet-data?start_time=${start}&skip=0`]);
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('report'), now)).toEqual([`documentation/documents/${ID}/sheet-data?limit=1`]);
    expect(readsAfterDocument(matchRoute(`/documentation/results/${ID}`)!, of('report'), now)).toEqual([`documentation/documents/${ID}/sheet-data?start_time=${start}&skip=0`]);
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('form'), now)).toEqual([]);
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}/version/1`)!, answered(`documentation/documents/${ID}/version/1`, { ...doc(1), doctype: 'sheet' }), now)).toEqual([]);
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, {}, now)).toEqual([]);
  });
});

describe('paintDocumentView of a result sheet', () => {
  it('draws its grid with its first rows in the body on the latest version’s page, from the first window’s answer', async () => {
    const sheet = { ...doc(1), doctype: 'sheet', contents: { questions: {}, question_index: [], form_links: {}, form_ids: [] } };
    const rows = `documentation/documents/${ID}/sheet-data?start_time=1761609600&skip=0`;
    const answers = {
      ...answered(`documentation/documents/${ID}`, sheet),
      [rows]: { status: 200, body: { results: [{ created_at: '2026-11-20T10:00:00.000Z', created_by_username: 'ann', record: {}, submissions: {} }], total: 1 } },
    };
    const html = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answers);
    expect(html).toMatch(/<div class="document-body" id="document-body" data-first-html="document-body"><style>[\s\S]*<\/style><section class="sheet-results" data-first-paint="sheet-results"/);
    expect(html).toContain('>ann</td>');
    const without = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answered(`documentation/documents/${ID}`, sheet));
    expect(without).toContain('<div class="document-body" id="document-body" data-first-html="document-body"></div>');
  });
});
