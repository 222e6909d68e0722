/**
 * Following and assigning in the folder browser (documentation §2: the item menu's and the current
 * folder's Favourite/Unfavourite, Subscribe/Unsubscribe, Assign): what each entry says, from $favourites
 * and $subscriptions (src/client/stores/favourites.ts), which every menu reads, so an entry says what it
 * will do however the item was toggled.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $favourites, $subscriptions, followLabels, loadFavourites, loadSubscriptions } from '../../src/client/stores/favourites.ts';
import type { Doctype, ItemKind } from '../../src/shared/api/documentation.ts';
import type { FavouriteEntry, SubscriptionEntry } from '../../src/shared/api/notifications.ts';
import { followActions, type FollowAction } from './offered-actions.ts';
import type { MenuEntry } from './PopupMenu.tsx';

/** An item or the current folder, as far as following and assigning go. */
export interface FollowSubject {
  kind: ItemKind;
  id: string;
  name: string;
  doctype: Doctype | null;
  user_permissions: number;
}

export interface Followed {
  favourites: readonly FavouriteEntry[] | null;
  subscriptions: readonly SubscriptionEntry[] | null;
}

/** The menu entries for the subject, labelled by what they do now. */
export function followEntries(subject: FollowSubject, followed: Followed): MenuEntry[] {
  const label: Record<FollowAction, string> = { ...followLabels(subject, followed.favourites, followed.subscriptions), assign: 'Assign' };
  return followActions(subject).map((action) => ({ value: action, label: label[action] }));
}

export const isFollowAction = (value: string): value is FollowAction => value === 'favourite' || value === 'subscribe' || value === 'assign';

/** Both lists, read once for the page (the store shares the read). */
export function useFollowed(): Followed {
  const favourites = useStore($favourites);
  const subscriptions = useStore($subscriptions);
  useEffect(() => {
    loadFavourites().catch(() => undefined);
    loadSubscriptions().catch(() => undefined);
  }, []);
  return { favourites, subscriptions };
}
