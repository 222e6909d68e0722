/**
 * A document page's toolbar menu entries for following and assigning (documentation §2 "Toolbar menu on
 * a document page": Favourite/Unfavourite, Subscribe/Unsubscribe, Assign). The first two read what they
 * say from $favourites and $subscriptions (src/client/stores/favourites.ts) and change as those lists do;
 * Subscribe opens the subscription preferences dialog, Unsubscribe unsubscribes at once; Assign (offered
 * with the action table's `assign`, Write) opens the assign dialog.
 */
import type { Doctype, ItemKind } from '../../shared/api/documentation.ts';
import { allows } from '../../shared/permissions/index.ts';
import {
  $favourites,
  $subscriptions,
  isFavourite,
  loadFavourites,
  loadSubscriptions,
  subscriptionOf,
  toggleFavourite,
  unsubscribe,
} from '../../client/stores/favourites.ts';
import { afterPaint } from '../../client/dom.ts';
import type { MenuAction } from './toolbar-menu.ts';

export interface MenuItemSubject {
  kind: ItemKind;
  id: string;
  name: string;
  doctype: Doctype | null;
  /** The caller's permission bits on it. */
  user_permissions: number;
}

/** What the two toggles say now. */
export function followLabels(item: { kind: ItemKind; id: string }): { favourite: string; subscribe: string } {
  return {
    favourite: isFavourite($favourites.get(), item) ? 'Unfavourite' : 'Favourite',
    subscribe: subscriptionOf($subscriptions.get(), item) ? 'Unsubscribe' : 'Subscribe',
  };
}

/**
 * The entries, in the spec's order, saying what they do now; `opener` is the menu's button (a dialog
 * gives the focus back to it). Call `keepFollowLabels` with the menu once it is built.
 */
export function followActions(item: MenuItemSubject, opener: () => HTMLElement | null): MenuAction[] {
  const labels = followLabels(item);
  // The dialogs load when first asked for: nobody opens them to read the page.
  const subscriptionDialog = () => void import('./subscription-dialog.ts').then((m) => m.openSubscriptionDialog(item, opener()));
  const actions: MenuAction[] = [
    { label: labels.favourite, run: () => void toggleFavourite(item) },
    {
      label: labels.subscribe,
      run: () =>
        void loadSubscriptions().then(
          (list) => (subscriptionOf(list.results, item) ? void unsubscribe(item) : subscriptionDialog()),
          () => subscriptionDialog(),
        ),
    },
  ];
  if (allows(item.user_permissions, 'assign')) actions.push({ label: 'Assign', run: () => void import('./assign-dialog.ts').then((m) => m.openAssignDialog(item, opener())) });
  return actions;
}

/**
 * Reads both lists (once per page) and has the menu read its entries again as they change, so Favourite
 * and Subscribe say what they do. The reads leave after the next paint: the menu is drawn with the page's
 * heading, and on a slow phone the two requests cost that paint about 15 ms of main thread (4× CPU) for
 * entries nobody reads before it.
 */
export function keepFollowLabels(refresh: () => void): void {
  $favourites.listen(refresh);
  $subscriptions.listen(refresh);
  void afterPaint().then(() => {
    loadFavourites().catch(() => undefined); // an entry then offers to favourite; the toggle reads again
    loadSubscriptions().catch(() => undefined);
  });
}
