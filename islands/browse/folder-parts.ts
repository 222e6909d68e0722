/**
 * What the folder browser's elements draw, for the island (./Breadcrumbs.tsx, ./ItemTile.tsx) and the
 * first paint before React (./folder-preview.ts) alike: the breadcrumbs of `<rb-breadcrumbs>`, the
 * attributes of an item's `<rb-item-tile>`, and how many tiles the first paint draws.
 */
import type { Crumb } from '../../elements/rb-breadcrumbs/breadcrumbs.ts';
import { browsePath, itemPath } from '../../src/client/addresses.ts';
import { formatDate } from '../../src/client/time-format.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import { DOCUMENTATION } from './messages.ts';

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

/** The attributes of the item's `<rb-item-tile>` (elements/rb-item-tile/). */
export function tileAttributes(item: ListedItem): Record<string, string> {
  const modified = item.modified_at !== item.created_at;
  const date = modified ? item.modified_at : item.created_at;
  return {
    name: item.name,
    href: itemPath(item),
    kind: item.doctype ?? 'folder',
    ...(item.description ? { description: item.description } : {}),
    date,
    'date-text': formatDate(date),
    ...(modified ? { modified: '' } : {}),
  };
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
