/**
 * A document page's head in its first HTML (src/server/http/first-paint/document-view.ts): the heading,
 * the breadcrumbs (THE markup, escaped), the frame shown with the toolbar's room kept, 'Loading…' gone,
 * the warning of an older version, the page shown; nothing without the document's answer or on another page.
 */
import { describe, expect, it } from 'vitest';
import { attrsOf, childElements, one, outline, select, textOf } from '../../../../support/html.ts';
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
/** The page's document answered (`document`, or `version` on a version's address). */
const answered = (address: string, body: unknown) => ({ [address.includes('/version/') ? 'version' : 'document']: { status: 200, body } });

describe('paintDocumentView', () => {
  it('draws the heading and breadcrumbs of the latest version and shows the page', async () => {
    const html = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answered(`documentation/documents/${ID}`, doc(2)));
    expect(outline(one(html, '#document-heading'))).toEqual({ tag: 'h1', attrs: { class: 'page-heading', id: 'document-heading', 'data-first-html': 'document-heading' }, text: 'View Deck <1>' });
    expect(childElements(one(html, '#document-heading'))).toEqual([]); // the name is text, escaped
    const crumbs = childElements(one(html, 'rb-breadcrumbs'));
    expect(crumbs.map(outline)).toEqual([{ tag: 'ol', attrs: { class: 'breadcrumb-list' }, text: 'Home›Documentation›Yard & Dock' }]);
    expect(childElements(crumbs[0]!).map(outline)).toEqual(['Home', '›Documentation', '›Yard & Dock'].map((text) => ({ tag: 'li', attrs: { class: 'breadcrumb' }, text })));
    expect(childElements(crumbs[0]!).map((li) => childElements(li).map(outline))).toEqual([
      [{ tag: 'a', attrs: { href: '/' }, text: 'Home' }],
      [{ tag: 'span', attrs: { class: 'breadcrumb-separator', 'aria-hidden': 'true' }, text: '›' }, { tag: 'a', attrs: { href: '/documentation/browse' }, text: 'Documentation' }],
      [{ tag: 'span', attrs: { class: 'breadcrumb-separator', 'aria-hidden': 'true' }, text: '›' }, { tag: 'a', attrs: { href: '/documentation/browse/f1' }, text: 'Yard & Dock' }],
    ]);
    const frame = one(html, '#document-frame');
    expect(attrsOf(frame)).toEqual({ class: 'document-frame', id: 'document-frame', 'aria-labelledby': 'document-heading' });
    expect(childElements(frame)[0]!.tagName).toBe('header');
    expect(outline(one(html, '#document-toolbar'))).toEqual({ tag: 'div', attrs: { class: 'document-toolbar', id: 'document-toolbar', 'data-room': 'read' }, text: '' });
    expect(outline(one(html, '#document-status'))).toEqual({ tag: 'p', attrs: { class: 'loading-text', id: 'document-status', role: 'status' }, text: '' });
    expect(outline(one(html, '#topbar-page'))).toEqual({ tag: 'span', attrs: { class: 'topbar-page', id: 'topbar-page' }, text: 'View Deck <1>' });
    expect(attrsOf(one(html, 'p#version-warning'))).toEqual({ class: 'version-warning', id: 'version-warning', hidden: '' });
    expect(attrsOf(one(html, 'div#page-content'))).toEqual({ class: 'page-content', id: 'page-content' });
    expect(select(html, '.page-skeleton')).toEqual([]);
    expect(select(html, '#page-skeleton')).toEqual([]);
    expect(select(html, '[aria-busy]')).toEqual([]);
  });

  it('names the version on a version’s address, and warns that it is not the latest', async () => {
    for (const address of [`/documentation/view/${ID}/version/1`, `/documentation/view/${ID}/1`]) {
      const html = await paintDocumentView(SHELL, matchRoute(address)!, answered(`documentation/documents/${ID}/version/1`, { ...doc(1, 3), user_permissions: 3 }));
      expect(textOf(one(html, 'h1#document-heading')), address).toBe('View Deck <1> (Version: 1)');
      const warning = one(html, 'p#version-warning');
      expect(attrsOf(warning), address).toEqual({ class: 'version-warning', id: 'version-warning' });
      expect(textOf(warning), address).toMatch(/^ This is/);
      expect(attrsOf(one(warning, 'a#latest-version-link')), address).toEqual({ id: 'latest-version-link', href: `/documentation/view/${ID}` });
      expect(outline(one(html, '#document-toolbar')), address).toEqual({ tag: 'div', attrs: { class: 'document-toolbar', id: 'document-toolbar', 'data-room': 'edit' }, text: '' });
    }
  });

  it('draws nothing without the document’s answer, or on another page', async () => {
    const page = matchRoute(`/documentation/view/${ID}`)!;
    expect(await paintDocumentView(SHELL, page, {})).toBe(SHELL);
    expect(await paintDocumentView(SHELL, page, { document: { status: 404, body: { detail: 'Not found' } } })).toBe(SHELL);
    expect(await paintDocumentView(SHELL, matchRoute(`/documentation/edit/${ID}`)!, answered(`documentation/documents/${ID}`, doc(1)))).toBe(SHELL);
  });

  it('answers a result sheet’s and a report’s first rows with the page (the address each screen asks for), nothing for other doctypes', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const start = Date.UTC(2026, 9, 22) / 1000;
    const of = (doctype: string) => answered(`documentation/documents/${ID}`, { ...doc(1), doctype });
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('sheet'), now)).toEqual({ rows: `documentation/documents/${ID}/sheet-data?start_time=${start}&skip=0` });
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('report'), now)).toEqual({ rows: `documentation/documents/${ID}/sheet-data?limit=1` });
    expect(readsAfterDocument(matchRoute(`/documentation/results/${ID}`)!, of('report'), now)).toEqual({ rows: `documentation/documents/${ID}/sheet-data?start_time=${start}&skip=0` });
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, of('form'), now)).toEqual({});
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}/version/1`)!, answered(`documentation/documents/${ID}/version/1`, { ...doc(1), doctype: 'sheet' }), now)).toEqual({});
    expect(readsAfterDocument(matchRoute(`/documentation/view/${ID}`)!, {}, now)).toEqual({});
  });
});

describe('paintDocumentView of a result sheet', () => {
  it('draws its grid with its first rows in the body on the latest version’s page, from the first window’s answer', async () => {
    const sheet = { ...doc(1), doctype: 'sheet', contents: { questions: {}, question_index: [], form_links: {}, form_ids: [] } };
    const rows = `documentation/documents/${ID}/sheet-data?start_time=1761609600&skip=0`;
    const answers = {
      ...answered(`documentation/documents/${ID}`, sheet),
      rows: { status: 200, body: { results: [{ created_at: '2026-11-20T10:00:00.000Z', created_by_username: 'ann', record: {}, submissions: {} }], total: 1 } },
    };
    const html = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answers, { rows });
    const body = one(html, '#document-body');
    expect(attrsOf(body)).toEqual({ class: 'document-body', id: 'document-body', 'data-first-html': 'document-body' });
    const [style, grid] = childElements(body);
    expect(style!.tagName).toBe('style');
    expect(grid!.tagName).toBe('section');
    expect(attrsOf(grid!)).toMatchObject({ class: 'sheet-results', 'data-first-paint': 'sheet-results' });
    expect(select(grid!, 'td').map(textOf)).toContain('ann');
    const without = await paintDocumentView(SHELL, matchRoute(`/documentation/view/${ID}`)!, answered(`documentation/documents/${ID}`, sheet));
    expect(outline(one(without, '#document-body'))).toEqual({ tag: 'div', attrs: { class: 'document-body', id: 'document-body', 'data-first-html': 'document-body' }, text: '' });
    expect(childElements(one(without, '#document-body'))).toEqual([]);
  });
});
