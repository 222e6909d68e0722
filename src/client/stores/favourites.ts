/**
 * $favourites and $subscriptions: the signed-in user's favourite and subscribed items in the current
 * organisation (accounts §3 "Favourite and subscription entry", §4 "Favourite on/off and subscription on/off
 * ... after each, the subscription list and favourites list are refetched"). The drawer's Favorites list, a
 * document page's toolbar menu and the folder browser's menus all read these two stores, so a toggle made
 * anywhere shows everywhere on the page.
 *
 * Each list is read once per organisation (whoever asks first — the dashboard, the drawer, a menu — starts
 * the read and the others share it) and again after every toggle. A change of organisation forgets both.
 * The actions show the messages themselves, so every surface says the same words.
 */
import { atom } from 'nanostores';
import type { List } from '../../shared/api/list.ts';
import type { FavouriteEntry, SubscriptionEntry } from '../../shared/api/notifications.ts';
import type { ItemKind, SubscriptionOptions } from '../../shared/api/documentation.ts';
import { api } from '../api.ts';
import { showAlert } from './alerts.ts';
import { $organisationId } from './session.ts';

/** Null until the first read has answered. */
export const $favourites = atom<FavouriteEntry[] | null>(null);
export const $subscriptions = atom<SubscriptionEntry[] | null>(null);

/** The item a toggle is about: what it is, and its name for the messages. */
export interface FollowedItem {
  kind: ItemKind;
  id: string;
  name: string;
}

/** The words of the toggles (accounts §8, documentation §8; the success words are ours: the spec leaves them open). */
export const followMessages = {
  favouriteAdded: (name: string) => `Added ${name} to Favorites.`,
  favouriteRemoved: (name: string) => `Removed ${name} from Favorites.`,
  favouriteFailed: 'Something went wrong, please try again',
  subscribed: (name: string) => `Subscribed to ${name}.`,
  unsubscribed: (name: string) => `Unsubscribed from ${name}.`,
  subscriptionFailed: (name: string) => `Something went wrong with your subscription to ${name}... please try again`,
} as const;

let favouritesRead: Promise<List<FavouriteEntry>> | undefined;
let subscriptionsRead: Promise<List<SubscriptionEntry>> | undefined;

/** Whether the favourites were read yet: the first read is the page's (its page data names it `favourites`), a later one the network's. */
let readBefore = false;

function readFavourites(): Promise<List<FavouriteEntry>> {
  const read = api.informed.favourites(readBefore ? undefined : 'favourites');
  readBefore = true;
  favouritesRead = read;
  read.then(
    (list) => favouritesRead === read && $favourites.set(list.results),
    () => favouritesRead === read && (favouritesRead = undefined), // the next asker tries again
  );
  return read;
}

function readSubscriptions(): Promise<List<SubscriptionEntry>> {
  const read = api.informed.subscriptions();
  subscriptionsRead = read;
  read.then(
    (list) => subscriptionsRead === read && $subscriptions.set(list.results),
    () => subscriptionsRead === read && (subscriptionsRead = undefined),
  );
  return read;
}

/** The favourites, read once per organisation (the read under way or done is shared). */
export const loadFavourites = (): Promise<List<FavouriteEntry>> => favouritesRead ?? readFavourites();

/** The subscriptions, read once per organisation. */
export const loadSubscriptions = (): Promise<List<SubscriptionEntry>> => subscriptionsRead ?? readSubscriptions();

/** Reads both lists again (after each toggle); a failed read leaves the list as it was. */
export async function refetchFollowed(): Promise<void> {
  await Promise.allSettled([readFavourites(), readSubscriptions()]);
}

// Another organisation has other items: forget both lists (the first organisation of the page is no change).
let shownOrg: string | null = null;
$organisationId.listen((orgId) => {
  if (shownOrg !== null && orgId !== shownOrg) {
    favouritesRead = subscriptionsRead = undefined;
    $favourites.set(null);
    $subscriptions.set(null);
  }
  shownOrg = orgId;
});

const same = (item: { kind: ItemKind; id: string }) => (entry: FavouriteEntry) => entry.kind === item.kind && entry.item_id === item.id;

export const isFavourite = (list: readonly FavouriteEntry[] | null, item: { kind: ItemKind; id: string }): boolean =>
  list?.some(same(item)) ?? false;

/** The item's subscription, if the user has one. */
export const subscriptionOf = (list: readonly SubscriptionEntry[] | null, item: { kind: ItemKind; id: string }): SubscriptionEntry | undefined =>
  list?.find(same(item));

/**
 * What an item's two toggles say now, THE words of every menu that offers them (documentation §2: the
 * folder browser's item and folder menus, a document page's toolbar menu): what each will do.
 */
export function followLabels(
  item: { kind: ItemKind; id: string },
  favourites: readonly FavouriteEntry[] | null = $favourites.get(),
  subscriptions: readonly SubscriptionEntry[] | null = $subscriptions.get(),
): { favourite: 'Favourite' | 'Unfavourite'; subscribe: 'Subscribe' | 'Unsubscribe' } {
  return {
    favourite: isFavourite(favourites, item) ? 'Unfavourite' : 'Favourite',
    subscribe: subscriptionOf(subscriptions, item) ? 'Unsubscribe' : 'Subscribe',
  };
}

/**
 * Favourite on or off: the opposite of what the list says now (read first if it was not yet). Shows the
 * message, refetches both lists; resolves to whether the item is a favourite now.
 */
export async function toggleFavourite(item: FollowedItem): Promise<boolean> {
  try {
    const on = !isFavourite((await loadFavourites()).results, item);
    await (on ? api.informed.favourite(item.kind, item.id) : api.informed.unfavourite(item.kind, item.id));
    showAlert('success', on ? followMessages.favouriteAdded(item.name) : followMessages.favouriteRemoved(item.name));
  } catch {
    showAlert('error', followMessages.favouriteFailed);
  }
  await refetchFollowed();
  return isFavourite($favourites.get(), item);
}

/** Subscribes with the chosen options (both false unless chosen); resolves to whether it worked. */
export async function subscribe(item: FollowedItem, options: SubscriptionOptions): Promise<boolean> {
  let done = false;
  try {
    await api.informed.subscribe(item.kind, item.id, options);
    showAlert('success', followMessages.subscribed(item.name));
    done = true;
  } catch {
    showAlert('error', followMessages.subscriptionFailed(item.name));
  }
  await refetchFollowed();
  return done;
}

export async function unsubscribe(item: FollowedItem): Promise<boolean> {
  let done = false;
  try {
    await api.informed.unsubscribe(item.kind, item.id);
    showAlert('success', followMessages.unsubscribed(item.name));
    done = true;
  } catch {
    showAlert('error', followMessages.subscriptionFailed(item.name));
  }
  await refetchFollowed();
  return done;
}
