/**
 * Staying informed (accounts §2 Notifications panel, §3; documentation §3 Favourite / subscription):
 * favourites, subscriptions and notifications as the API answers them (zod-free; the request schemas
 * are in notifications-schemas.ts).
 */
import type { ActivityType } from './activity.ts';
import type { Doctype, ItemKind, SubscriptionOptions } from './documentation.ts';

/** GET documentation/favorites and GET documentation/subscriptions: one entry per item the caller may Read. */
export interface FavouriteEntry {
  kind: ItemKind;
  item_id: string;
  name: string;
  description: string;
  /** Null for folders. */
  doctype: Doctype | null;
}

/** A subscription entry also carries its options. */
export interface SubscriptionEntry extends FavouriteEntry {
  subscription_options: SubscriptionOptions;
}

/** POST documentation/{folders|documents}/{id}/subscription: both false when left out. */
export type SubscribeBody = Partial<SubscriptionOptions>;

/**
 * One notification (accounts §3): unread while `read_at` is null. `context_data` is the event's record
 * (DataSubmitted: sheet_id, sheet_name, validation_errors; FolderUpdated: name, previous_name, …).
 * `item` is what it is about, for the link (null when the caller may no longer Read it or it is gone).
 */
export interface Notification {
  id: string;
  read_at: string | null;
  activity_type: ActivityType;
  activity_time: string;
  username: string | null;
  context_data: Record<string, unknown>;
  item: { kind: ItemKind; id: string; name: string; doctype: Doctype | null } | null;
}

/** GET documentation/notifications: newest first, with the unread count for the bell. */
export interface NotificationList {
  results: Notification[];
  total: number;
  unread: number;
}

/** What the live stream (GET documentation/notifications/stream, server-sent events) sends: event `notification`. */
export interface NotificationPush {
  notification: Notification;
  unread: number;
}
