/**
 * The drawer's Favorites list (accounts §2 "Side drawer": a Favorites list in the Documentation
 * section): one link per favourite, by name — a document to its viewer (/documentation/view/{id}), a
 * folder to the browser (/documentation/browse/{id}). It shows $favourites (src/client/stores/favourites.ts),
 * so it changes as soon as an item is favourited or unfavourited anywhere on the page (each toggle reads the
 * list again). It is read once the current organisation is known, and again for another organisation.
 */
import type { FavouriteEntry } from '../../shared/api/notifications.ts';
import { itemPath } from '../../shared/page-addresses.ts';
import { $favourites, loadFavourites } from '../../client/stores/favourites.ts';
import { $organisationId } from '../../client/stores/session.ts';

export const NO_FAVOURITES = 'No favourites yet';

function favouriteLink(entry: FavouriteEntry, here: string): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'drawer-link drawer-folder drawer-favourite';
  link.href = itemPath({ kind: entry.kind, id: entry.item_id });
  link.textContent = entry.name;
  link.title = entry.name;
  if (link.pathname === here) link.setAttribute('aria-current', 'page');
  item.append(link);
  return item;
}

export function mountDrawerFavourites(): void {
  const list = document.getElementById('drawer-favourites');
  if (!list) return;
  $favourites.subscribe((favourites) => {
    if (!favourites) return; // not read yet (or another organisation's are on their way)
    const here = location.pathname.replace(/\/+$/, '');
    if (favourites.length === 0) {
      const empty = document.createElement('li');
      empty.className = 'drawer-empty';
      empty.textContent = NO_FAVOURITES;
      list.replaceChildren(empty);
    } else list.replaceChildren(...favourites.map((entry) => favouriteLink(entry, here)));
    list.removeAttribute('aria-busy');
  });
  // Without a current organisation there are no favourites (the home page asks to choose one).
  $organisationId.subscribe((orgId) => {
    if (!orgId) {
      list.replaceChildren();
      return;
    }
    loadFavourites().catch(() => list.removeAttribute('aria-busy')); // a failed read leaves the list empty
  });
}
