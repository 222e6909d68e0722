/**
 * Staying informed in the API's answers (shapes in shared/api/notifications.ts): favourite and subscription
 * entries, notifications. An item the caller may no longer Read is never named: a notification about it
 * answers `item: null` and an empty `context_data` (the event's names); one in the trash answers `item:
 * null` (nothing to open) but keeps its context.
 */
import type { ActivityType } from '../../shared/api/activity.ts';
import type { FavouriteEntry, Notification, SubscriptionEntry } from '../../shared/api/notifications.ts';
import type { SubscriptionOptions } from '../../shared/api/documentation.ts';
import type { ItemWithLevels, NotificationRow } from '../db/queries/notifications.ts';

export function presentEntry(item: ItemWithLevels): FavouriteEntry {
  return { kind: item.kind, item_id: item.id, name: item.name, description: item.description, doctype: item.doctype };
}

export function presentSubscription(item: ItemWithLevels, options: SubscriptionOptions): SubscriptionEntry {
  return { ...presentEntry(item), subscription_options: { ...options } };
}

/** Entries by name (ignoring case), then id: the drawer's and dashboard's order. */
export function byName(a: FavouriteEntry, b: FavouriteEntry): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name) || a.item_id.localeCompare(b.item_id);
}

/** How the caller may see a notification's item now. */
export interface ItemView {
  item: ItemWithLevels | undefined;
  /** By the ACL (trash aside): they may Read it. */
  readable: boolean;
}

export function presentNotification(row: NotificationRow, view: ItemView): Notification {
  const { item, readable } = view;
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    activity_type: row.type as ActivityType,
    activity_time: row.at.toISOString(),
    username: row.username,
    context_data: item && readable ? row.context : {},
    item: item && readable && !item.trashed ? { kind: item.kind, id: item.id, name: item.name, doctype: item.doctype } : null,
  };
}
