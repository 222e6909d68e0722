/**
 * The folder browser's Favourite, Subscribe and Assign entries (documentation §2): offered by THE action
 * table for every permission bit mask (subscribe = Read, assign = Write, as the API checks), and labelled
 * by what they will do from the favourites and subscriptions lists.
 */
import { describe, expect, it } from 'vitest';
import { followEntries, type FollowSubject } from '../../../../islands/browse/follow.ts';
import { followActions } from '../../../../islands/browse/offered-actions.ts';
import { allows, Permission } from '../../../../src/shared/permissions/index.ts';

const ALL_BITS = Object.values(Permission).reduce((all, bit) => all | bit, 0);
const MASKS = [...Array.from({ length: ALL_BITS + 1 }, (_, mask) => mask), 32767];

const subject = (user_permissions: number, kind: 'folder' | 'document' = 'document'): FollowSubject => ({
  kind,
  id: 'a1',
  name: 'Fire drill',
  doctype: kind === 'document' ? 'form' : null,
  user_permissions,
});
const entry = { kind: 'document' as const, item_id: 'a1', name: 'Fire drill', description: '', doctype: 'form' as const };

describe('followActions', () => {
  it.each(MASKS)('mask %i: favourite and subscribe with Read, assign with Write too', (mask) => {
    const expected = !allows(mask, 'subscribe') ? [] : ['favourite', 'subscribe', ...(allows(mask, 'assign') ? ['assign'] : [])];
    expect(followActions({ user_permissions: mask })).toEqual(expected);
  });

  it('nothing without Read, even with Write', () => {
    expect(followActions({ user_permissions: Permission.Write })).toEqual([]);
  });
});

describe('followEntries', () => {
  it('say Favourite and Subscribe before the lists are read, and for an item in neither', () => {
    expect(followEntries(subject(32767), { favourites: null, subscriptions: null }).map((e) => e.label)).toEqual(['Favourite', 'Subscribe', 'Assign']);
    expect(followEntries(subject(1), { favourites: [], subscriptions: [] }).map((e) => e.label)).toEqual(['Favourite', 'Subscribe']);
  });

  it('say Unfavourite and Unsubscribe for an item in the lists, matched by kind and id', () => {
    const followed = { favourites: [entry], subscriptions: [{ ...entry, subscription_options: { validation_errors_only: false, email_notifications: false } }] };
    expect(followEntries(subject(1), followed)).toEqual([
      { value: 'favourite', label: 'Unfavourite' },
      { value: 'subscribe', label: 'Unsubscribe' },
    ]);
    // A folder with the same id is another item.
    expect(followEntries(subject(1, 'folder'), followed).map((e) => e.label)).toEqual(['Favourite', 'Subscribe']);
  });
});
