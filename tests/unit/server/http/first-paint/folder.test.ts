/**
 * The folder page's first paint in its HTML (src/server/http/first-paint/folder.ts): the browse island's
 * own drawing (islands/browse/FolderPage.tsx) rendered with react-dom/server from the folder's and its
 * contents' answers into the island's mount point, escaped, the page shown; nothing drawn when either read
 * was not answered with 200, nor on another page. Importing it here, in Node, is the check that the
 * island's both-sides modules touch no window at import.
 */
import { describe, expect, it } from 'vitest';
import { attrsOf, childElements, one, readHtml, select, textOf } from '../../../../support/html.ts';
import { dateTimeText } from '../../../../../src/shared/date-time.ts';
import { folderPaint } from '../../../../../src/server/http/first-paint/folder.ts';
import { editShell } from '../../../../../src/server/http/first-paint/shell-edits.ts';
import type { PageAnswers } from '../../../../../src/shared/page-data.ts';
import { matchRoute } from '../../../../../src/routes.ts';

const paintFolder = (html: string, ...paint: Parameters<typeof folderPaint>) => editShell(html, folderPaint(...paint));

const SHELL =
  '<main class="chrome-main" id="main" tabindex="-1" aria-busy="true" data-astro-cid-q> <div class="page-skeleton" id="page-skeleton" aria-hidden="true" data-astro-cid-q> <div class="skeleton-line wide" data-astro-cid-q></div> <div class="skeleton-block" data-astro-cid-q></div> </div> ' +
  '<div class="page-content" id="page-content" hidden data-astro-cid-q><div id="browse-folder" class="browse-folder"></div></div></main>';

const folder = { id: 'f1', parent_id: 'root-id', root_id: 'root-id', name: 'Plant <A>', description: 'Line & "yard"', ancestors: [{ id: 'root-id', name: 'root' }], user_permissions: 0 };
const item = (i: number) => ({
  id: `d${i}`,
  kind: 'document',
  doctype: 'form',
  name: `Round ${i}`,
  description: '',
  created_at: '2025-03-03T10:00:00Z',
  modified_at: '2025-03-03T10:00:00Z',
  user_permissions: 0,
});

function answersFor(path: string, contents: unknown[], status = 200): PageAnswers {
  void path; // the answers are by name, whatever the folder's address
  return { folder: { status, body: folder }, contents: { status: 200, body: { results: contents, total: contents.length } } };
}

describe('paintFolder', () => {
  it("draws the island's folder into its mount point, escaped, every tile of the first page, and shows the page", () => {
    const items = Array.from({ length: 30 }, (_, i) => item(i + 1));
    const html = paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', items));
    const browse = one(html, '#browse-folder');
    expect(attrsOf(browse)).toEqual({ id: 'browse-folder', class: 'browse-folder' });
    expect(attrsOf(childElements(browse)[0]!)).toEqual({ class: 'browse' });
    expect(childElements(browse)[0]!.tagName).toBe('div');
    const heading = one(browse, 'h1.page-heading');
    expect(textOf(heading)).toBe('Plant <A>');
    expect(childElements(heading)).toEqual([]); // the name is text, escaped: no element in it
    expect(attrsOf(one(browse, 'p.folder-description'))).toEqual({ class: 'folder-description' });
    expect(textOf(one(browse, 'p.folder-description'))).toBe('Line & "yard"');
    expect(attrsOf(one(browse, 'ul.item-grid'))).toEqual({ class: 'item-grid', 'aria-label': 'Contents of Plant <A>', 'aria-busy': 'false' });
    expect(select(html, 'rb-item-tile')).toHaveLength(30);
    const kind = select(html, 'rb-item-tile span.visually-hidden')[0]!;
    expect(textOf(kind)).toBe(', Checklist');
    expect(textOf(kind.parentNode!)).toBe('Round 1, Checklist');
    expect(textOf(readHtml(html))).toContain(dateTimeText('2025-03-03T10:00:00Z', 'UTC')); // THE date and time (issue #43), in UTC on the server
    expect(textOf(readHtml(html))).toContain('Sort: Kind ascending');
    expect(select(html, '.page-skeleton')).toEqual([]);
    expect(select(html, '#page-skeleton')).toEqual([]);
    expect(attrsOf(one(html, 'div#page-content'))).toEqual({ class: 'page-content', id: 'page-content', 'data-astro-cid-q': '' });
    expect(attrsOf(one(html, 'main#main'))).toEqual({ class: 'chrome-main', id: 'main', tabindex: '-1', 'data-astro-cid-q': '' });
  });

  it('an empty folder says so', () => {
    const html = paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', []));
    expect(textOf(readHtml(html))).toContain('- - Empty - -');
    expect(select(html, '.item-grid')).toEqual([]);
  });

  it('draws nothing, and leaves the page hidden, when a read was not answered with 200, or on another page', () => {
    expect(paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', [item(1)], 404))).toBe(SHELL);
    expect(paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, {})).toBe(SHELL);
    expect(paintFolder(SHELL, matchRoute('/documentation/search')!, answersFor('/documentation/browse/f1', [item(1)]))).toBe(SHELL);
  });
});
