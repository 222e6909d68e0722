/**
 * Favourites and subscriptions in SQL (issue #12): a user's own, a reader's subscription options for
 * some items, and adding, changing and removing them (one row per user and item).
 */
import { sql } from 'drizzle-orm';
import type { ItemKind } from '../../../../shared/api/documentation.ts';
import type { Queryable } from '../../connection.ts';
import { arrayLiteral, toDate } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';

const v = (name: string) => sql.placeholder(name);

// ─── A user's favourites and subscriptions ───────────────────────────────────────────────────────

export interface MarkedItem {
  folderId: string | null;
  documentId: string | null;
  createdAt: Date;
  validationErrorsOnly?: boolean;
  emailNotifications?: boolean;
}

const FAVOURITES_OF = namedStatement(
  'favourites_of_user',
  sql`SELECT folder_id, document_id, created_at FROM favourites
       WHERE org_id = ${v('orgId')}::uuid AND user_id = ${v('userId')}::uuid ORDER BY created_at DESC, id DESC`,
);

const SUBSCRIPTIONS_OF = namedStatement(
  'subscriptions_of_user',
  sql`SELECT folder_id, document_id, created_at, validation_errors_only, email_notifications FROM subscriptions
       WHERE org_id = ${v('orgId')}::uuid AND user_id = ${v('userId')}::uuid ORDER BY created_at DESC, id DESC`,
);

type RawMarked = { folder_id: string | null; document_id: string | null; created_at: unknown; validation_errors_only?: boolean; email_notifications?: boolean };

const marked = (r: RawMarked): MarkedItem => ({
  folderId: r.folder_id,
  documentId: r.document_id,
  createdAt: toDate(r.created_at),
  ...(r.validation_errors_only === undefined ? {} : { validationErrorsOnly: r.validation_errors_only, emailNotifications: Boolean(r.email_notifications) }),
});

/** A user's favourites in an organisation, newest first. */
export async function favouritesOf(db: Queryable, orgId: string, userId: string): Promise<MarkedItem[]> {
  return (await runStatement<RawMarked>(db, FAVOURITES_OF, { orgId, userId })).map(marked);
}

/** A user's subscriptions in an organisation with their options, newest first. */
export async function subscriptionsOf(db: Queryable, orgId: string, userId: string): Promise<MarkedItem[]> {
  return (await runStatement<RawMarked>(db, SUBSCRIPTIONS_OF, { orgId, userId })).map(marked);
}

// ─── A reader's subscription options for some items ──────────────────────────────────────────────

/* By subscriptions_user_item_key (org, user, coalesce(folder_id, document_id)): one probe per item. */
const SUBSCRIPTION_OPTIONS_OF_ITEMS = namedStatement(
  'subscription_options_of_items',
  sql`SELECT coalesce(s.folder_id, s.document_id) AS item_id, s.validation_errors_only, s.email_notifications FROM subscriptions s
       WHERE s.org_id = ${v('orgId')}::uuid AND s.user_id = ${v('userId')}::uuid AND coalesce(s.folder_id, s.document_id) = ANY(${v('itemIds')}::uuid[])`,
);

export interface SubscriptionOptionsRow {
  validationErrorsOnly: boolean;
  emailNotifications: boolean;
}

/** A reader's own subscription options for some items (folders or documents) by item id, in one statement; items without one are absent. */
export async function subscriptionOptionsOfItems(
  db: Queryable,
  reader: { orgId: string; userId: string },
  itemIds: readonly string[],
): Promise<Map<string, SubscriptionOptionsRow>> {
  const found = new Map<string, SubscriptionOptionsRow>();
  if (itemIds.length === 0) return found;
  const rows = await runStatement<{ item_id: string; validation_errors_only: boolean; email_notifications: boolean }>(db, SUBSCRIPTION_OPTIONS_OF_ITEMS, {
    orgId: reader.orgId,
    userId: reader.userId,
    itemIds: arrayLiteral(itemIds),
  });
  for (const r of rows) found.set(r.item_id, { validationErrorsOnly: Boolean(r.validation_errors_only), emailNotifications: Boolean(r.email_notifications) });
  return found;
}

// ─── Writing favourites and subscriptions ────────────────────────────────────────────────────────

/*
 * One row per user and item (the expression index on org, user, coalesce(folder_id, document_id)): a
 * repeated favourite changes nothing; a repeated subscription takes the new options.
 */
const ADD_FAVOURITE = namedStatement(
  'add_favourite',
  sql`INSERT INTO favourites (id, org_id, user_id, folder_id, document_id, created_at)
      VALUES (${v('id')}::uuid, ${v('orgId')}::uuid, ${v('userId')}::uuid, ${v('folderId')}::uuid, ${v('documentId')}::uuid, ${v('now')}::timestamptz)
      ON CONFLICT (org_id, user_id, (coalesce(folder_id, document_id))) DO NOTHING`,
);

const UPSERT_SUBSCRIPTION = namedStatement(
  'upsert_subscription',
  sql`INSERT INTO subscriptions (id, org_id, user_id, folder_id, document_id, validation_errors_only, email_notifications, created_at)
      VALUES (${v('id')}::uuid, ${v('orgId')}::uuid, ${v('userId')}::uuid, ${v('folderId')}::uuid, ${v('documentId')}::uuid,
              ${v('validationErrorsOnly')}::boolean, ${v('emailNotifications')}::boolean, ${v('now')}::timestamptz)
      ON CONFLICT (org_id, user_id, (coalesce(folder_id, document_id)))
      DO UPDATE SET validation_errors_only = EXCLUDED.validation_errors_only, email_notifications = EXCLUDED.email_notifications`,
);

export interface ItemRef {
  kind: ItemKind;
  id: string;
}

const refColumns = (item: ItemRef) => ({ folderId: item.kind === 'folder' ? item.id : null, documentId: item.kind === 'document' ? item.id : null });

export async function addFavourite(db: Queryable, q: { id: string; orgId: string; userId: string; item: ItemRef; now: Date }): Promise<void> {
  await runStatement(db, ADD_FAVOURITE, { id: q.id, orgId: q.orgId, userId: q.userId, ...refColumns(q.item), now: q.now.toISOString() });
}

export async function upsertSubscription(
  db: Queryable,
  q: { id: string; orgId: string; userId: string; item: ItemRef; validationErrorsOnly: boolean; emailNotifications: boolean; now: Date },
): Promise<void> {
  await runStatement(db, UPSERT_SUBSCRIPTION, {
    id: q.id,
    orgId: q.orgId,
    userId: q.userId,
    ...refColumns(q.item),
    validationErrorsOnly: q.validationErrorsOnly,
    emailNotifications: q.emailNotifications,
    now: q.now.toISOString(),
  });
}

const REMOVE = {
  favourite: namedStatement(
    'remove_favourite',
    sql`DELETE FROM favourites WHERE org_id = ${v('orgId')}::uuid AND user_id = ${v('userId')}::uuid
          AND coalesce(folder_id, document_id) = ${v('itemId')}::uuid AND (folder_id IS NOT NULL) = ${v('isFolder')}::boolean RETURNING id`,
  ),
  subscription: namedStatement(
    'remove_subscription',
    sql`DELETE FROM subscriptions WHERE org_id = ${v('orgId')}::uuid AND user_id = ${v('userId')}::uuid
          AND coalesce(folder_id, document_id) = ${v('itemId')}::uuid AND (folder_id IS NOT NULL) = ${v('isFolder')}::boolean RETURNING id`,
  ),
};

/** Removes a user's favourite or subscription of an item (by the unique index); answers whether there was one. */
export async function removeMark(db: Queryable, what: 'favourite' | 'subscription', q: { orgId: string; userId: string; item: ItemRef }): Promise<boolean> {
  const found = await runStatement(db, REMOVE[what], { orgId: q.orgId, userId: q.userId, itemId: q.item.id, isFolder: q.item.kind === 'folder' });
  return found.length > 0;
}
