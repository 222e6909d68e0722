/**
 * The Properties tab's following fields (documentation §4 "Edit properties save: … validation/email
 * subscription toggles, favourite toggle"): what the person follows now, what they chose, and the calls
 * that take one to the other. Pure: the dialog runs the calls.
 */
import type { SubscriptionOptions } from '../../../src/shared/api/documentation.ts';

export interface FollowState {
  favourite: boolean;
  subscribed: boolean;
  options: SubscriptionOptions;
}

export const NOT_FOLLOWED: FollowState = { favourite: false, subscribed: false, options: { validation_errors_only: false, email_notifications: false } };

export type FollowCall =
  | { call: 'favourite' }
  | { call: 'unfavourite' }
  | { call: 'subscribe'; options: SubscriptionOptions }
  | { call: 'unsubscribe' };

/** The calls that make `now` into `chosen` (none when nothing changed). Options count only while subscribed. */
export function followCalls(now: FollowState, chosen: FollowState): FollowCall[] {
  const calls: FollowCall[] = [];
  if (chosen.favourite !== now.favourite) calls.push({ call: chosen.favourite ? 'favourite' : 'unfavourite' });
  if (!chosen.subscribed && now.subscribed) calls.push({ call: 'unsubscribe' });
  const optionsChanged =
    chosen.options.validation_errors_only !== now.options.validation_errors_only || chosen.options.email_notifications !== now.options.email_notifications;
  if (chosen.subscribed && (!now.subscribed || optionsChanged)) calls.push({ call: 'subscribe', options: chosen.options });
  return calls;
}
