/**
 * The folder page's first paint in its HTML (src/server/http/first-paint/folder.ts): the browse island's
 * own drawing (islands/browse/FolderPage.tsx) rendered with react-dom/server from the folder's and its
 * contents' answers into the island's mount point, escaped, the page shown; nothing drawn when either read
 * was not answered with 200, nor on another page. Importing it here, in Node, is the check that the
 * island's both-sides modules touch no window at import.
 */
import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../../../../src/shared/date-time.ts';
import { folderPaint } from '../../../../../src/server/http/first-paint/folder.ts';
import { editShell } from '../../../../../src/server/http/first-paint/shell-edits.ts';
import type { PageAnswers } from '../../../../../src/shared/page-data.ts';
import { matchRoute } from '../../../../../src/routes.ts';
import { pageReadsOf } from '../../../../../src/shared/page-data-reads.ts';

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
  const match = matchRoute(path)!;
  const [folderRead, contentsRead] = pageReadsOf(match.route.pattern, match.params);
  return { [folderRead!]: { status, body: folder }, [contentsRead!]: { status: 200, body: { results: contents, total: contents.length } } };
}

describe('paintFolder', () => {
  it("draws the island's folder into its mount point, escaped, every tile of the first page, and shows the page", () => {
    const items = Array.from({ length: 30 }, (_, i) => item(i + 1));
    const html = paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', items));
    expect(html).toContain('<div id="browse-folder" class="browse-folder"><div class="browse">');
    expect(html).toContain('<h1 class="page-heading">Plant &lt;A&gt;</h1>');
    expect(html).toContain('<p class="folder-description">Line &amp; &quot;yard&quot;</p>');
    expect(html).toContain('<ul class="item-grid" aria-label="Contents of Plant &lt;A&gt;" aria-busy="false">');
    expect(html.match(/<rb-item-tile /g)).toHaveLength(30);
    expect(html).toContain('Round 1<span class="visually-hidden">, Checklist</span>');
    expect(html).toContain(dateTimeText('2025-03-03T10:00:00Z', 'UTC')); // THE date and time (issue #43), in UTC on the server
    expect(html).toMatch(/Sort: (<!-- -->)?Kind ascending/);
    expect(html).not.toContain('page-skeleton');
    expect(html).toContain('<div class="page-content" id="page-content" data-astro-cid-q>');
    expect(html).toContain('<main class="chrome-main" id="main" tabindex="-1" data-astro-cid-q>');
  });

  it('an empty folder says so', () => {
    const html = paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', []));
    expect(html).toContain('- - Empty - -');
    expect(html).not.toContain('item-grid');
  });

  it('draws nothing, and leaves the page hidden, when a read was not answered with 200, or on another page', () => {
    expect(paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, answersFor('/documentation/browse/f1', [item(1)], 404))).toBe(SHELL);
    expect(paintFolder(SHELL, matchRoute('/documentation/browse/f1')!, {})).toBe(SHELL);
    expect(paintFolder(SHELL, matchRoute('/documentation/search')!, answersFor('/documentation/browse/f1', [item(1)]))).toBe(SHELL);
  });
});
