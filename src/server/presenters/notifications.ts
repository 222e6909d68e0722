/**
 * Staying informed in the API's answers (shapes in shared/api/notifications.ts): favourite and subscription
 * entries, notifications. An item the caller may no longer Read is never named: a notification about it
 * answers `item: null` and an empty `context_data` (the event's names); one in the trash answers `item:
 * null` (nothing to open) but keeps its context. Nor is a folder the context names beside its item (the
 * item's folder, a move's or copy's two ends) when the caller may not Read that folder now: its id and
 * name answer null (issue #28).
 */
import { shareAuthorOf } from '../../shared/api/share-links.ts';
import type { ActivityType } from '../../shared/api/activity.ts';
import type { FavouriteEntry, Notification, SubscriptionEntry } from '../../shared/api/notifications.ts';
import type { SubscriptionOptions } from '../../shared/api/documentation.ts';
import type { ItemWithLevels } from '../db/queries/notifications/item-levels.ts';
import type { NotificationRow } from '../db/queries/notifications/panel.ts';

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

/**
 * The folders an event's context names beside its item, each as its id and name fields: the item's folder
 * (created, edited, deleted, restored …) and a move's or copy's source and destination
 * (services/documentation/copy-move.ts `fromTo`).
 */
const FOLDER_FIELDS = [
  ['folder_id', 'folder_name'],
  ['from_folder_id', 'from_folder_name'],
  ['to_folder_id', 'to_folder_name'],
] as const;

/** The ids of the folders a notification's context names (whose Read decides whether they are shown). */
export function foldersNamedIn(context: Record<string, unknown>): string[] {
  return FOLDER_FIELDS.map(([id]) => context[id]).filter((id): id is string => typeof id === 'string');
}

/** The context with every folder the caller may not Read (`readableFolders` lacks it) as id and name null. */
function withReadableFolders(context: Record<string, unknown>, readableFolders: ReadonlySet<string>): Record<string, unknown> {
  const shown = { ...context };
  for (const [id, name] of FOLDER_FIELDS) {
    if (!Object.hasOwn(context, id) && !Object.hasOwn(context, name)) continue;
    const folderId = context[id];
    if (typeof folderId === 'string' && readableFolders.has(folderId)) continue;
    shown[id] = null;
    shown[name] = null;
  }
  return shown;
}

/** How the caller may see a notification's item now. */
export interface ItemView {
  item: ItemWithLevels | undefined;
  /** By the ACL (trash aside): they may Read it. */
  readable: boolean;
}

/** `readableFolders`: the folders named in its context (foldersNamedIn) that the caller may Read now. */
export function presentNotification(row: NotificationRow, view: ItemView, readableFolders: ReadonlySet<string>): Notification {
  const { item, readable } = view;
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    activity_type: row.type as ActivityType,
    activity_time: row.at.toISOString(),
    // A submission through a share link has no actor: its link says who (`share: {name}`).
    username: row.username ?? shareAuthorOf(row.context),
    context_data: item && readable ? withReadableFolders(row.context, readableFolders) : {},
    item: item && readable && !item.trashed ? { kind: item.kind, id: item.id, name: item.name, doctype: item.doctype } : null,
  };
}
