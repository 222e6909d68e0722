/**
 * The browse page's island, started by its script (src/pages/documentation/browse.astro). When the server
 * drew the folder into the page (its first HTML: src/server/http/first-paint/folder.ts renders
 * ./FolderPage.tsx with react-dom/server from the page data's folder and contents answers), the island
 * takes that drawing over in place (`hydrateRoot`) with the same props: the same answers, taken from the
 * page data block by the transport, in the default sort the server drew. Without it (no session cookie,
 * the service worker's copy of the shell) the island draws the folder itself (`createRoot`). Either way
 * the folder's opening starts at once, beside auth/me, while React loads.
 */
import '../../elements/rb-breadcrumbs/breadcrumbs.ts';
import '../../elements/rb-item-tile/item-tile.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import { folderIdFromAddress, openAddressedFolder, takeAddressedOpening } from './folder-open.ts';
import { DEFAULT_SORT, rememberedSort } from './sort-orders.ts';

/** Starts the island in `host` (the page's mount point), hydrating what the server drew there. */
export function mountBrowseFolder(host: HTMLElement): void {
  const drawnByServer = host.firstElementChild !== null;
  const sort = drawnByServer ? DEFAULT_SORT : rememberedSort();
  openAddressedFolder(sort);
  const opening = drawnByServer ? takeAddressedOpening(folderIdFromAddress(), sort.ordering) : undefined;
  void (async () => {
    const [{ default: BrowseFolder }, { createElement }, { createRoot, hydrateRoot }] = await Promise.all([
      import('./BrowseFolder.tsx'),
      import('react'),
      import('react-dom/client'),
    ]);
    const drawn = opening && (await Promise.all([signedInUser(), opening]).then(([user, opened]) => ({ user, opened }), () => undefined));
    if (drawn) {
      hydrateRoot(host, createElement(BrowseFolder, { drawn }));
      return;
    }
    // Nothing drawn, or its opening failed: the island draws (and reads the failure) itself.
    host.replaceChildren();
    createRoot(host).render(createElement(BrowseFolder));
  })();
}
