/**
 * Favourites and subscriptions: finding an item in the lists, the toggles' words (accounts §8, documentation §8),
 * and the favourites' first read, the page's (its page data names it `favourites`): the first call takes the
 * page's answer; a later one (after a toggle) asks the network.
 */
import { describe, expect, it } from 'vitest';
import { followMessages, isFavourite, loadFavourites, refetchFollowed, subscriptionOf } from '../../../../src/client/stores/favourites.ts';
import { sessionDigest } from '../../../../src/shared/page-data.ts';
import { openPage, requests, serveEarlyReads, settle, TOKEN } from '../../support/page-opening.ts';

const doc = { kind: 'document' as const, item_id: 'd1', name: 'Fire drill', description: '', doctype: 'form' as const };
const sub = { ...doc, subscription_options: { validation_errors_only: true, email_notifications: false } };

describe('isFavourite and subscriptionOf', () => {
  it('match kind and id; an unread list holds nothing', () => {
    expect(isFavourite([doc], { kind: 'document', id: 'd1' })).toBe(true);
    expect(isFavourite([doc], { kind: 'folder', id: 'd1' })).toBe(false);
    expect(isFavourite(null, { kind: 'document', id: 'd1' })).toBe(false);
    expect(subscriptionOf([sub], { kind: 'document', id: 'd1' })).toBe(sub);
    expect(subscriptionOf([sub], { kind: 'document', id: 'd2' })).toBeUndefined();
    expect(subscriptionOf(null, { kind: 'document', id: 'd1' })).toBeUndefined();
  });
});

describe('followMessages', () => {
  it('give the spec’s failure texts', () => {
    expect(followMessages.favouriteFailed).toBe('Something went wrong, please try again');
    expect(followMessages.subscriptionFailed('Site A')).toBe('Something went wrong with your subscription to Site A... please try again');
  });

  it('name the item when added or removed', () => {
    expect(followMessages.favouriteAdded('Site A')).toBe('Added Site A to Favorites.');
    expect(followMessages.favouriteRemoved('Site A')).toBe('Removed Site A from Favorites.');
    expect(followMessages.subscribed('Site A')).toBe('Subscribed to Site A.');
    expect(followMessages.unsubscribed('Site A')).toBe('Unsubscribed from Site A.');
  });
});

serveEarlyReads();

describe('the favourites store and the page data', () => {
  it('names `favourites` on its first read only', async () => {
    const favourites = { status: 200, body: { results: [{ kind: 'folder', item_id: 'f1', name: 'Kept' }], total: 1 } };
    openPage('/', { token: TOKEN, loggedIn: 'true' }, {}, { written: { answers: { favourites }, session: sessionDigest(TOKEN) } });
    expect((await loadFavourites()).results).toEqual(favourites.body.results);
    await settle();
    expect(requests.asked.filter((a) => a.includes('favorites'))).toEqual([]);
    await refetchFollowed();
    await settle();
    expect(requests.asked.filter((a) => a.includes('favorites'))).toEqual(['/api/v1/documentation/favorites']);
  });
});
