/**
 * The Properties tab's following fields (documentation §2): what the person follows now (both lists, read once per
 * page), what they chose here, and the calls that would make it so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { $favourites, $subscriptions, isFavourite, loadFavourites, loadSubscriptions, subscriptionOf } from '../../../src/client/stores/favourites.ts';
import type { ListedItem } from '../../../src/shared/api/documentation.ts';
import { followCalls, NOT_FOLLOWED, type FollowState } from './follow-fields-state.ts';

export function useFollowing(item: ListedItem) {
  const favourites = useStore($favourites);
  const subscriptions = useStore($subscriptions);
  useEffect(() => {
    loadFavourites().catch(() => undefined);
    loadSubscriptions().catch(() => undefined);
  }, []);
  const known = favourites !== null && subscriptions !== null;
  const following = useMemo<FollowState>(() => {
    const subscription = subscriptionOf(subscriptions, item);
    return {
      favourite: isFavourite(favourites, item),
      subscribed: subscription !== undefined,
      options: subscription?.subscription_options ?? NOT_FOLLOWED.options,
    };
  }, [favourites, subscriptions, item]);
  const [chosen, setChosen] = useState<FollowState | undefined>();
  const follow = chosen ?? following;
  const calls = known ? followCalls(following, follow) : [];
  return { known, follow, setChosen, calls };
}
