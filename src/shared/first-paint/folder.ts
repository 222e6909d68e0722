/**
 * A folder's first paint as markup (issue #8's picture, issue #31's first HTML): the breadcrumbs, the
 * heading, the sort button, the description and the tiles of the first screen, in the browse island's own
 * elements and classes (`<rb-breadcrumbs>`, `<rb-item-tile>`: ./breadcrumbs.ts, ./item-tile.ts). The page's
 * script sets it into `#folder-preview` when the folder's opening arrives before React
 * (islands/browse/folder-preview.ts), and the server writes it there when the page's first data is in its
 * HTML (src/server/http/first-paint/folder.ts): one function, so the two cannot differ. The island draws
 * the same elements from the same parts (`folderCrumbs`, `tileAttributes`) and then takes the picture away.
 */
import type { Folder, ListedItem } from '../api/documentation.ts';
import { browsePath, itemPath } from '../page-addresses.ts';
import { breadcrumbsMarkup, type Crumb } from './breadcrumbs.ts';
import { itemTileElementMarkup } from './item-tile.ts';
import { escapeHtml } from './markup.ts';

/** The root folder's name, wherever a folder is named (its breadcrumb, its heading). */
export const DOCUMENTATION = 'Documentation';
/** What an empty folder shows (documentation §2). */
export const EMPTY_FOLDER = '- - Empty - -';

/** The name a folder is shown by: the root is 'Documentation'. */
export const folderLabel = (folder: { parent_id: string | null; name: string }) => (folder.parent_id === null ? DOCUMENTATION : folder.name);

/**
 * Home › Documentation › ancestor folders › the folder (documentation §2). Every folder crumb is a drop
 * target; the folder itself is the page (no link).
 */
export function folderCrumbs(folder: Folder, rootId: string): Crumb[] {
  const atRoot = folder.parent_id === null;
  return [
    { label: 'Home', href: '/' },
    atRoot ? { label: DOCUMENTATION, current: true, folderId: rootId } : { label: DOCUMENTATION, href: browsePath(), folderId: rootId },
    // Ancestors come root first (when readable); the root is the 'Documentation' crumb itself.
    ...folder.ancestors.filter((a) => a.id !== rootId).map((a) => ({ label: a.name, href: browsePath(a.id), folderId: a.id })),
    ...(atRoot ? [] : [{ label: folder.name, current: true, folderId: folder.id }]),
  ];
}

/** A date in words, as the page writes dates (THE date and time: src/shared/date-time.ts, formatDateTime in the browser). */
export type DateText = (iso: string) => string;

/** The attributes of the item's `<rb-item-tile>` (elements/rb-item-tile/). */
export function tileAttributes(item: ListedItem, dateText: DateText): Record<string, string> {
  const modified = item.modified_at !== item.created_at;
  const date = modified ? item.modified_at : item.created_at;
  return {
    name: item.name,
    href: itemPath(item),
    kind: item.doctype ?? 'folder',
    ...(item.description ? { description: item.description } : {}),
    date,
    'date-text': dateText(date),
    ...(modified ? { modified: '' } : {}),
  };
}

/** The island's sort icon (islands/browse/FolderToolbar.tsx); the label is text. */
const SORT_ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16"><path d="M4 2v11M1.5 10.5 4 13l2.5-2.5M8 4h7M8 8h5M8 12h3" stroke="currentColor" fill="none" stroke-width="1.5" stroke-linecap="round"/></svg>';

export interface OpenedFolderPicture {
  folder: Folder;
  /** The root folder's id (the 'Documentation' crumb). */
  rootId: string;
  items: readonly ListedItem[];
}

/** The picture of an opened folder: its first `tiles` tiles, sorted as `sortLabel` says. */
export function folderPreviewMarkup({ folder, rootId, items }: OpenedFolderPicture, sortLabel: string, tiles: number, dateText: DateText): string {
  const crumbs = `<nav class="breadcrumbs"><rb-breadcrumbs>${breadcrumbsMarkup(folderCrumbs(folder, rootId))}</rb-breadcrumbs></nav>`;
  const sort = `<button class="button secondary small" type="button">${SORT_ICON}Sort: ${escapeHtml(sortLabel)}</button>`;
  const head = `<div class="browse-head"><h1 class="page-heading">${escapeHtml(folderLabel(folder))}</h1><div class="folder-toolbar">${sort}</div></div>`;
  const description = folder.description ? `<p class="folder-description">${escapeHtml(folder.description)}</p>` : '';
  const shown = items.slice(0, tiles).map((item) => `<li class="item-tile">${itemTileElementMarkup(tileAttributes(item, dateText))}</li>`);
  const contents = shown.length === 0 ? `<p class="browse-empty">${EMPTY_FOLDER}</p>` : `<ul class="item-grid">${shown.join('')}</ul>`;
  return `<div class="browse">${crumbs}${head}${description}${contents}</div>`;
}

/** The sort fields as the sort menu names them (documentation §2). */
const SORT_FIELD_NAMES: Readonly<Record<string, string>> = { name: 'Name', kind: 'Kind', created_at: 'Created', modified_at: 'Modified' };

/** A sort choice's label ('-created_at' → 'Created descending'): the sort button's and the sort menu's. */
export function sortLabel(key: string): string {
  const field = key.replace(/^-/, '');
  return `${SORT_FIELD_NAMES[field] ?? field} ${key.startsWith('-') ? 'descending' : 'ascending'}`;
}
