import { describe, expect, it } from 'vitest';
import { followCalls, NOT_FOLLOWED, type FollowState } from '../../../../../islands/browse/dialogs/follow-fields-state.ts';

const subscribed = (validation_errors_only = false, email_notifications = false): FollowState => ({
  favourite: false,
  subscribed: true,
  options: { validation_errors_only, email_notifications },
});

describe('the Properties tab’s following fields (documentation §4)', () => {
  it('asks nothing when nothing changed', () => {
    expect(followCalls(NOT_FOLLOWED, NOT_FOLLOWED)).toEqual([]);
    expect(followCalls(subscribed(true), subscribed(true))).toEqual([]);
  });

  it('favourites and unfavourites', () => {
    expect(followCalls(NOT_FOLLOWED, { ...NOT_FOLLOWED, favourite: true })).toEqual([{ call: 'favourite' }]);
    expect(followCalls({ ...NOT_FOLLOWED, favourite: true }, NOT_FOLLOWED)).toEqual([{ call: 'unfavourite' }]);
  });

  it('subscribes with the chosen options, changes them, and unsubscribes', () => {
    expect(followCalls(NOT_FOLLOWED, subscribed(false, true))).toEqual([{ call: 'subscribe', options: { validation_errors_only: false, email_notifications: true } }]);
    expect(followCalls(subscribed(), subscribed(true))).toEqual([{ call: 'subscribe', options: { validation_errors_only: true, email_notifications: false } }]);
    expect(followCalls(subscribed(true, true), NOT_FOLLOWED)).toEqual([{ call: 'unsubscribe' }]);
  });

  it('ignores options changed while not subscribed', () => {
    expect(followCalls(NOT_FOLLOWED, { ...NOT_FOLLOWED, options: { validation_errors_only: true, email_notifications: true } })).toEqual([]);
  });
});
