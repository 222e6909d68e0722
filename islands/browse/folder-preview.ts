/**
 * The folder's first paint, before React has loaded (issue #8): the page's small script opens the folder
 * beside auth/me (./folder-open.ts), and when that opening arrives first it draws it here in the island's
 * own markup and classes — the breadcrumbs and the tiles of the first screen are the island's own elements
 * (`<rb-breadcrumbs>`, `<rb-item-tile>`), with the heading, the sort button and the description — so the
 * visitor reads the folder while React (about 70 KB) is still on its way. On a
 * phone over Slow 4G that is the difference between painting after the data and painting after the data
 * AND React.
 *
 * The picture is only that: `inert` and hidden from assistive technology, nothing in it can be used.
 * The island removes it in the same task in which it draws the folder itself (BrowseFolder.tsx,
 * `removeFolderPreview` in a layout effect), so the page never holds two copies a person or a test could
 * meet. tests/e2e/browse-first-paint.spec.ts holds React back and checks that the picture is there.
 */
import '../../elements/rb-breadcrumbs/breadcrumbs.ts';
import '../../elements/rb-item-tile/item-tile.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import { folderCrumbs, tileAttributes, tilesOnFirstScreen } from './folder-parts.ts';
import { folderLabel, messages } from './messages.ts';

/** The element the page keeps for the picture (browse.astro), just before the island. */
const PREVIEW_ID = 'folder-preview';

/** Draws the opened folder in the page's picture element, unless the island has already drawn it. */
export function paintFolderPreview(opened: { folder: Folder; rootId: string; items: readonly ListedItem[] }, sortLabel: string): void {
  const host = document.getElementById(PREVIEW_ID);
  if (!host) return;
  const { folder, rootId, items } = opened;
  const browse = tag('div', 'browse');
  const head = tag('div', 'browse-head');
  const toolbar = tag('div', 'folder-toolbar');
  toolbar.append(sortButton(sortLabel));
  head.append(tag('h1', 'page-heading', folderLabel(folder)), toolbar);
  const nav = tag('nav', 'breadcrumbs');
  const crumbs = document.createElement('rb-breadcrumbs');
  crumbs.crumbs = folderCrumbs(folder, rootId);
  nav.append(crumbs);
  browse.append(nav, head);
  if (folder.description) browse.append(tag('p', 'folder-description', folder.description));
  if (items.length === 0) browse.append(tag('p', 'browse-empty', messages.empty));
  else {
    const grid = tag('ul', 'item-grid');
    grid.append(...items.slice(0, tilesOnFirstScreen()).map(tile));
    browse.append(grid);
  }
  host.replaceChildren(browse);
}

/** Takes the picture away: the island is drawing the folder itself. */
export function removeFolderPreview(): void {
  document.getElementById(PREVIEW_ID)?.replaceChildren();
}

function sortButton(label: string): HTMLButtonElement {
  const button = tag('button', 'button secondary small');
  button.type = 'button';
  // The island's sort icon (FolderToolbar.tsx); the label is text.
  button.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16"><path d="M4 2v11M1.5 10.5 4 13l2.5-2.5M8 4h7M8 8h5M8 12h3" stroke="currentColor" fill="none" stroke-width="1.5" stroke-linecap="round"/></svg>';
  button.append(`Sort: ${label}`);
  return button;
}

/** THE tile (elements/rb-item-tile/), as the island draws it (./ItemTile.tsx). */
function tile(item: ListedItem): HTMLLIElement {
  const li = tag('li', 'item-tile');
  const tile = document.createElement('rb-item-tile');
  for (const [name, value] of Object.entries(tileAttributes(item))) tile.setAttribute(name, value);
  li.append(tile);
  return li;
}

function tag<K extends keyof HTMLElementTagNameMap>(name: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(name);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}
