/**
 * The folder's first paint, before React has loaded (issue #8): the page's small script opens the folder
 * beside auth/me (./folder-open.ts), and when that opening arrives first it draws it here as plain HTML in
 * the island's own markup and classes — breadcrumbs, heading, the sort button, description, the tiles of
 * the first screen — so the visitor reads the folder while React (about 70 KB) is still on its way. On a
 * phone over Slow 4G that is the difference between painting after the data and painting after the data
 * AND React.
 *
 * The picture is only that: `inert` and hidden from assistive technology, nothing in it can be used.
 * The island removes it in the same task in which it draws the folder itself (BrowseFolder.tsx,
 * `removeFolderPreview` in a layout effect), so the page never holds two copies a person or a test could
 * meet. tests/e2e/browse-first-paint.spec.ts holds React back and checks that the picture and the island
 * put every box in the same place.
 */
import { browsePath, itemPath } from '../../src/client/addresses.ts';
import { formatDate } from '../../src/client/time-format.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import { ITEM_KIND_LABELS, ITEM_KIND_PATHS } from '../../src/shared/item-kinds.ts';
import { DOCUMENTATION, folderLabel, messages } from './messages.ts';

/** The element the page keeps for the picture (browse.astro), just before the island. */
const PREVIEW_ID = 'folder-preview';

const SVG = 'http://www.w3.org/2000/svg';

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
  browse.append(breadcrumbs(folder, rootId), head);
  if (folder.description) browse.append(tag('p', 'folder-description', folder.description));
  if (items.length === 0) browse.append(tag('p', 'browse-empty', messages.empty));
  else {
    const grid = tag('ul', 'item-grid');
    grid.append(...items.slice(0, tilesOnFirstScreen()).map(tile));
    browse.append(grid);
  }
  host.replaceChildren(browse);
}

/** A tile's least width (.item-grid's 15rem, browse.css) and less than its least height (two lines and padding). */
const TILE_MIN_WIDTH_PX = 240;
const TILE_MIN_HEIGHT_PX = 60;

/**
 * As many tiles as the window can show, counted generously (every column the width allows, rows of the
 * least height from the top of the window): the picture is only the first screen. The island draws them
 * all; each tile the picture skips saves about 3 ms of main thread at 4× CPU (building, style, layout) —
 * a folder of 100 at phone width paints about 250 ms sooner.
 */
export function tilesOnFirstScreen(width: number = innerWidth, height: number = innerHeight): number {
  return Math.max(1, Math.floor(width / TILE_MIN_WIDTH_PX)) * Math.ceil(height / TILE_MIN_HEIGHT_PX);
}

/** Takes the picture away: the island is drawing the folder itself. */
export function removeFolderPreview(): void {
  document.getElementById(PREVIEW_ID)?.replaceChildren();
}

function breadcrumbs(folder: Folder, rootId: string): HTMLElement {
  const atRoot = folder.parent_id === null;
  const crumb = (label: string, href: string | null) => {
    const li = document.createElement('li');
    const inner = href === null ? tag('span', '', label) : tag('a', '', label);
    if (href === null) inner.setAttribute('aria-current', 'page');
    else inner.setAttribute('href', href);
    li.append(inner);
    return li;
  };
  const list = document.createElement('ol');
  list.append(crumb('Home', '/'), crumb(DOCUMENTATION, atRoot ? null : browsePath()));
  for (const ancestor of folder.ancestors) if (ancestor.id !== rootId) list.append(crumb(ancestor.name, browsePath(ancestor.id)));
  if (!atRoot) list.append(crumb(folder.name, null));
  const nav = tag('nav', 'breadcrumbs');
  nav.append(list);
  return nav;
}

function sortButton(label: string): HTMLButtonElement {
  const button = tag('button', 'button secondary small');
  button.type = 'button';
  button.append(icon('0 0 16 16', 16, 'M4 2v11M1.5 10.5 4 13l2.5-2.5M8 4h7M8 8h5M8 12h3', { fill: 'none', 'stroke-width': '1.5', 'stroke-linecap': 'round' }), `Sort: ${label}`);
  return button;
}

function tile(item: ListedItem): HTMLLIElement {
  const modified = item.modified_at !== item.created_at;
  const date = modified ? item.modified_at : item.created_at;
  const li = tag('li', 'item-tile');
  li.dataset.kind = item.doctype ?? 'folder';
  const kind = icon('0 0 24 24', 36, ITEM_KIND_PATHS[item.doctype ?? 'folder'], {
    fill: item.doctype ? 'none' : 'currentColor',
    'stroke-width': '1.6',
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  });
  kind.setAttribute('class', 'kind-icon');
  const text = tag('div', 'item-text');
  const name = tag('a', 'item-name', item.name);
  name.setAttribute('href', itemPath(item));
  name.append(tag('span', 'visually-hidden', `, ${ITEM_KIND_LABELS[item.doctype ?? 'folder']}`));
  text.append(name);
  if (item.description) text.append(tag('p', 'item-description', item.description));
  const when = tag('time', '', formatDate(date));
  when.dateTime = date;
  const dated = tag('p', 'item-date', modified ? 'Modified ' : 'Created ');
  dated.append(when);
  text.append(dated);
  const options = tag('button', 'item-options');
  options.type = 'button';
  const dots = document.createElementNS(SVG, 'svg');
  dots.setAttribute('viewBox', '0 0 16 16');
  dots.setAttribute('width', '18');
  dots.setAttribute('height', '18');
  for (const cy of [3, 8, 13]) {
    const dot = document.createElementNS(SVG, 'circle');
    for (const [name, value] of Object.entries({ cx: '8', cy: String(cy), r: '1.5' })) dot.setAttribute(name, value);
    dots.append(dot);
  }
  options.append(dots);
  li.append(kind, text, options);
  return li;
}

function icon(viewBox: string, size: number, d: string, stroke: Record<string, string>): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('stroke', 'currentColor');
  for (const [name, value] of Object.entries(stroke)) path.setAttribute(name, value);
  svg.append(path);
  return svg;
}

function tag<K extends keyof HTMLElementTagNameMap>(name: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(name);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}
