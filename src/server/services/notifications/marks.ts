/**
 * Favourites and subscriptions (accounts §3; documentation §3 "Favourite / subscription"): a user marks a
 * folder or document they may Read (a trashed, unreadable, foreign, unknown or malformed id answers the
 * tree's 404); marking twice is the same as once (a repeated subscription takes the new options);
 * unmarking is idempotent. The lists name only items that are live and still readable, by name.
 */
import type { ItemKind, SubscriptionOptions } from '../../../shared/api/documentation.ts';
import type { FavouriteEntry, SubscriptionEntry } from '../../../shared/api/notifications.ts';
import type { List } from '../../../shared/api/list.ts';
import type { SubscribeInput } from '../../../shared/api/notifications-schemas.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import {
  addFavourite,
  favouritesOf,
  removeMark,
  subscriptionsOf,
  upsertSubscription,
  type ItemRef,
  type MarkedItem,
} from '../../db/queries/notifications/marks.ts';
import type { Deps, Member } from '../../env.ts';
import { byName, presentEntry, presentSubscription } from '../../presenters/notifications.ts';
import { documentNotFound, folderNotFound, readableDocument, readableFolder } from '../documentation/access.ts';
import { itemIdOf, itemViews } from './items.ts';

/** The live item the caller may Read, as stored (`root` becomes the root folder's id); else the tree's 404. */
async function readableItem(deps: Deps, who: Member, kind: ItemKind, id: string): Promise<ItemRef & { entry: FavouriteEntry }> {
  if (kind === 'folder') {
    const { folder: f } = await readableFolder(deps.db, who, id);
    return { kind, id: f.id, entry: { kind, item_id: f.id, name: f.name, description: f.description, doctype: null } };
  }
  const { document: d } = await readableDocument(deps.db, who, id);
  return { kind, id: d.id, entry: { kind, item_id: d.id, name: d.name, description: d.description, doctype: d.doctype } };
}

/**
 * Unmarking: the caller's own row goes whatever became of the item (so a mark on an item they may no
 * longer Read can still be dropped); without a row, the item must be one they may Read (else 404).
 */
async function unmark(deps: Deps, who: Member, what: 'favourite' | 'subscription', kind: ItemKind, id: string): Promise<void> {
  if (isUuid(id) && (await removeMark(deps.db, what, { orgId: who.orgId, userId: who.userId, item: { kind, id } }))) return;
  if (kind === 'folder' && !isUuid(id) && id !== 'root') throw folderNotFound();
  if (kind === 'document' && !isUuid(id)) throw documentNotFound();
  const item = await readableItem(deps, who, kind, id);
  // `root`, named by its alias: its row is under the root's id.
  if (item.id !== id) await removeMark(deps.db, what, { orgId: who.orgId, userId: who.userId, item });
}

// ─── Favourites ──────────────────────────────────────────────────────────────────────────────────

/** POST documentation/{folders|documents}/{id}/favorite. */
export async function favourite(deps: Deps, who: Member, kind: ItemKind, id: string): Promise<void> {
  const item = await readableItem(deps, who, kind, id);
  const now = deps.now();
  await addFavourite(deps.db, { id: uuidv7(now.getTime()), orgId: who.orgId, userId: who.userId, item, now });
}

/** DELETE documentation/{folders|documents}/{id}/favorite. */
export async function unfavourite(deps: Deps, who: Member, kind: ItemKind, id: string): Promise<void> {
  await unmark(deps, who, 'favourite', kind, id);
}

/** The live, readable items of some marks, with their marks. */
async function visible(deps: Deps, who: Member, marks: readonly MarkedItem[]) {
  const views = await itemViews(deps.db, who, marks);
  return marks.flatMap((mark) => {
    const view = views.get(itemIdOf(mark)!);
    return view?.item && view.readable && !view.item.trashed ? [{ mark, item: view.item }] : [];
  });
}

/** GET documentation/favorites: by name. */
export async function listFavourites(deps: Deps, who: Member): Promise<List<FavouriteEntry>> {
  const shown = await visible(deps, who, await favouritesOf(deps.db, who.orgId, who.userId));
  const results = shown.map(({ item }) => presentEntry(item)).sort(byName);
  return { results, total: results.length };
}

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────────

/** POST documentation/{folders|documents}/{id}/subscription: subscribes, or changes the options of a subscription. */
export async function subscribe(deps: Deps, who: Member, kind: ItemKind, id: string, body: SubscribeInput): Promise<SubscriptionEntry> {
  const item = await readableItem(deps, who, kind, id);
  const now = deps.now();
  await upsertSubscription(deps.db, {
    id: uuidv7(now.getTime()),
    orgId: who.orgId,
    userId: who.userId,
    item,
    validationErrorsOnly: body.validation_errors_only,
    emailNotifications: body.email_notifications,
    now,
  });
  return {
    ...item.entry,
    subscription_options: { validation_errors_only: body.validation_errors_only, email_notifications: body.email_notifications },
  };
}

/** DELETE documentation/{folders|documents}/{id}/subscription. */
export async function unsubscribe(deps: Deps, who: Member, kind: ItemKind, id: string): Promise<void> {
  await unmark(deps, who, 'subscription', kind, id);
}

const optionsOf = (mark: MarkedItem): SubscriptionOptions => ({
  validation_errors_only: mark.validationErrorsOnly === true,
  email_notifications: mark.emailNotifications === true,
});

/** GET documentation/subscriptions: by name, each with its options. */
export async function listSubscriptions(deps: Deps, who: Member): Promise<List<SubscriptionEntry>> {
  const shown = await visible(deps, who, await subscriptionsOf(deps.db, who.orgId, who.userId));
  const results = shown.map(({ mark, item }) => presentSubscription(item, optionsOf(mark))).sort(byName);
  return { results, total: results.length };
}
