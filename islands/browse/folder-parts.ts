/**
 * What the folder browser's elements draw, for the island (./Breadcrumbs.tsx, ./ItemTile.tsx) and the
 * first paint before React (./folder-preview.ts) alike: the breadcrumbs of `<rb-breadcrumbs>`, the
 * attributes of an item's `<rb-item-tile>`, and how many tiles the first paint draws.
 */
import { formatDateTime } from '../../src/client/time-format.ts';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { tileAttributes as tileAttributesOf } from '../../src/shared/first-paint/folder.ts';

/** The crumbs of a folder: THE first paint's (src/shared/first-paint/folder.ts), which the server draws too. */
export { folderCrumbs } from '../../src/shared/first-paint/folder.ts';

/** The attributes of the item's `<rb-item-tile>` (elements/rb-item-tile/), its date in the browser's words. */
export const tileAttributes = (item: ListedItem): Record<string, string> => tileAttributesOf(item, formatDateTime);

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
