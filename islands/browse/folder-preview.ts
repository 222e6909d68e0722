/**
 * The folder's first paint, before React has loaded (issue #8): the page's small script opens the folder
 * beside auth/me (./folder-open.ts), and when that opening arrives first it draws it here in the island's
 * own markup and classes — the breadcrumbs and the tiles of the first screen are the island's own elements
 * (`<rb-breadcrumbs>`, `<rb-item-tile>`), with the heading, the sort button and the description — so the
 * visitor reads the folder while React (about 70 KB) is still on its way. The markup is THE first paint's
 * (src/shared/first-paint/folder.ts), which the server writes here already when the page's first data is
 * in its HTML (issue #31: src/server/http/first-paint/folder.ts); drawing it again here gives the same
 * boxes in the same places, and as many tiles as this window shows.
 *
 * The picture is only that: `inert` and hidden from assistive technology, nothing in it can be used.
 * The island removes it in the same task in which it draws the folder itself (BrowseFolder.tsx,
 * `removeFolderPreview` in a layout effect), so the page never holds two copies a person or a test could
 * meet. tests/e2e/browse-first-paint.spec.ts holds React back and checks that the picture is there.
 */
import '../../elements/rb-breadcrumbs/breadcrumbs.ts';
import '../../elements/rb-item-tile/item-tile.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import { folderPreviewMarkup } from '../../src/shared/first-paint/folder.ts';
import { tilesOnFirstScreen } from './folder-parts.ts';

/** The element the page keeps for the picture (browse.astro), just before the island. */
const PREVIEW_ID = 'folder-preview';

/** Draws the opened folder in the page's picture element, unless the island has already drawn it. */
export function paintFolderPreview(opened: { folder: Folder; rootId: string; items: readonly ListedItem[] }, sortLabel: string): void {
  const host = document.getElementById(PREVIEW_ID);
  if (!host) return;
  host.innerHTML = folderPreviewMarkup(opened, sortLabel, tilesOnFirstScreen(), formatDateTime);
}

/** Takes the picture away: the island is drawing the folder itself. */
export function removeFolderPreview(): void {
  document.getElementById(PREVIEW_ID)?.replaceChildren();
}
