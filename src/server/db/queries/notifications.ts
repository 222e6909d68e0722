/**
 * Staying informed in SQL (issue #12; the rules: src/server/services/notifications/): who hears of an
 * event (the subscribers of the item and of every folder above it, with what the permission rule needs),
 * the notifications of one event written in ONE statement with their live pushes, items with the ACL
 * levels above them for a page of favourites, subscriptions or notifications (one statement at any depth),
 * the notifications panel's page, and the e-mail sender's claims.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Doctype } from '../../../shared/api/documentation.ts';
import type { Queryable } from '../connection.ts';
import { toDate, toDateOrNull } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';
import { chainCte } from './folder-chain.ts';

const v = (name: string) => sql.placeholder(name);
const ids = (list: readonly string[]) => `{${list.join(',')}}`;


/** An ACL entry as the permission rule reads it. */
export interface LevelEntry {
  subjectType: 'org' | 'role' | 'user';
  subjectId: string;
  isGrant: boolean;
  permissions: number;
}

const ENTRY_JSON = sql`json_build_object('subjectType', a.subject_type, 'subjectId', a.subject_id, 'isGrant', a.is_grant, 'permissions', a.permissions)`;

/** A folder `start` (an id) of the organisation and the folders above it as the CTE `name` (id, parent_id, deleted_at, depth from 0). */
const chainOf = (name: string, start: SQL) => chainCte(name, sql`f.id = ${start} AND f.org_id = ${v('orgId')}::uuid`, { columns: ['deleted_at'] });

// ─── Fan-out: the audience of one event ──────────────────────────────────────────────────────────

/*
 * The subscribers of the item (a document's own subscription) and of every folder of the chain (the
 * item's folder, or the folder itself, up to the root) — for a move also of the chain it left — except
 * the actor: one row each with their options folded over their subscriptions; beside them, which of
 * them are active members (with the org-admin flag) and active users, and their roles in the
 * organisation; and the ACL levels of the item (its own entries first for a document, then each chain
 * folder's). eventAudience puts them together.
 *
 * Set-based and planned without joins: each part is ONE scan keyed by the audience's ids as an array
 * (`= ANY(…)`: memberships' primary key, users_pkey, user_roles_user_idx — or one sequential scan),
 * never a subquery run once per subscriber. So the plan cannot turn quadratic on a PGlite whose
 * statistics are stale (statistics.ts analyses at start and every STATISTICS_INTERVAL_MS; a nested
 * loop over all the organisation's memberships per subscriber, planned on a guess of 3 rows, took
 * seconds for 1,000 subscribers).
 */
const AUDIENCE = namedStatement(
  'notification_audience',
  sql`WITH RECURSIVE ${chainOf('chain', sql`COALESCE((SELECT d.folder_id FROM documents d WHERE d.id = ${v('documentId')}::uuid), ${v('folderId')}::uuid)`)}, ${chainOf('left_chain', sql`${v('fromFolderId')}::uuid`)},
      subs AS (
        SELECT s.user_id, s.validation_errors_only, s.email_notifications FROM subscriptions s
         WHERE s.folder_id IN (SELECT id FROM chain UNION SELECT id FROM left_chain) AND s.org_id = ${v('orgId')}::uuid
        UNION ALL
        SELECT s.user_id, s.validation_errors_only, s.email_notifications FROM subscriptions s
         WHERE s.document_id = ${v('documentId')}::uuid AND s.org_id = ${v('orgId')}::uuid
      ),
      audience AS MATERIALIZED (
        SELECT s.user_id,
               bool_or(NOT s.validation_errors_only) AS every_event,
               bool_or(s.email_notifications AND NOT s.validation_errors_only) AS email_every_event,
               bool_or(s.email_notifications) AS email_any
          FROM subs s
         WHERE s.user_id IS DISTINCT FROM ${v('actorId')}::uuid
         GROUP BY s.user_id
      ),
      ids AS MATERIALIZED (SELECT array_agg(user_id) AS a FROM audience)
      SELECT (SELECT json_agg(json_build_array(au.user_id, au.every_event, au.email_every_event, au.email_any)) FROM audience au) AS subscribers,
             (SELECT json_agg(json_build_array(m.user_id, m.is_org_admin)) FROM memberships m
               WHERE m.org_id = ${v('orgId')}::uuid AND m.user_id = ANY((SELECT a FROM ids)::uuid[]) AND m.is_active) AS members,
             (SELECT json_agg(u.id) FROM users u WHERE u.id = ANY((SELECT a FROM ids)::uuid[]) AND u.is_active) AS active_users,
             (SELECT json_agg(json_build_array(ur.user_id, ur.role_id)) FROM user_roles ur
               WHERE ur.user_id = ANY((SELECT a FROM ids)::uuid[]) AND ur.role_id IN (SELECT r.id FROM roles r WHERE r.org_id = ${v('orgId')}::uuid)) AS roles,
             (SELECT COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.document_id = ${v('documentId')}::uuid), '[]'::json)) AS own,
             (SELECT json_agg(COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.folder_id = c.id), '[]'::json) ORDER BY c.depth)
                FROM chain c) AS levels`,
);

export interface AudienceMember {
  userId: string;
  /** One of their subscriptions wants every event (not only those with validation errors). */
  everyEvent: boolean;
  /** …and asked for e-mail. */
  emailEveryEvent: boolean;
  /** One of their subscriptions asked for e-mail. */
  emailAny: boolean;
  isOrgAdmin: boolean;
  roleIds: string[];
}

export interface Audience {
  /** Subscribers who are active users and active members of the organisation. */
  subscribers: AudienceMember[];
  /** The ACL levels of the item: a document's own entries first (absent for a folder), then each chain folder's. */
  levels: LevelEntry[][];
}

const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Who may hear of an event about `item` (a document with its folder, or a folder), beside the item's ACL
 * levels; `leftFolderId`: the folder a moved item left (its subscribers are asked too). ONE statement.
 */
export async function eventAudience(
  db: Queryable,
  q: { orgId: string; folderId: string | null; documentId: string | null; leftFolderId: string | null; actorId: string | null },
): Promise<Audience> {
  type Json<T> = T | string | null;
  const [row] = await runStatement<{
    subscribers: Json<[string, boolean, boolean, boolean][]>;
    members: Json<[string, boolean][]>;
    active_users: Json<string[]>;
    roles: Json<[string, string][]>;
    own: Json<LevelEntry[]>;
    levels: Json<LevelEntry[][]>;
  }>(db, AUDIENCE, { orgId: q.orgId, folderId: q.folderId, documentId: q.documentId, fromFolderId: q.leftFolderId, actorId: q.actorId });
  const chain = parsed(row?.levels ?? null) ?? [];
  const own = parsed(row?.own ?? null) ?? [];
  const levels = q.documentId === null ? chain : [own, ...chain];
  const audience = parsed(row?.subscribers ?? null) ?? [];
  if (audience.length === 0) return { subscribers: [], levels };
  const admins = new Map(parsed(row?.members ?? null) ?? []);
  const activeUsers = new Set(parsed(row?.active_users ?? null) ?? []);
  const roleIds = new Map<string, string[]>();
  for (const [userId, roleId] of parsed(row?.roles ?? null) ?? []) {
    const held = roleIds.get(userId);
    if (held) held.push(roleId);
    else roleIds.set(userId, [roleId]);
  }
  const subscribers: AudienceMember[] = [];
  for (const [userId, everyEvent, emailEveryEvent, emailAny] of audience) {
    const isOrgAdmin = admins.get(userId);
    if (isOrgAdmin === undefined || !activeUsers.has(userId)) continue;
    subscribers.push({ userId, everyEvent, emailEveryEvent, emailAny, isOrgAdmin, roleIds: roleIds.get(userId) ?? [] });
  }
  return { subscribers, levels };
}

// ─── Fan-out: the notifications of one event ─────────────────────────────────────────────────────

/*
 * One row per recipient (ids made by the caller, uuidv7), at most once per user and event (the unique
 * index), and for each row written one `pg_notify('notifications', {"u","o","n"})` — delivered by
 * PostgreSQL at commit, so the live hub never hears of a notification that is not stored.
 */
const INSERT_NOTIFICATIONS = namedStatement(
  'insert_notifications',
  sql`WITH inserted AS (
        INSERT INTO notifications (id, org_id, user_id, event_id, created_at, email_due_at)
        SELECT r.id, ${v('orgId')}::uuid, r.user_id, ${v('eventId')}::uuid, ${v('createdAt')}::timestamptz,
               CASE WHEN r.email THEN ${v('createdAt')}::timestamptz END
          FROM unnest(${v('ids')}::uuid[], ${v('userIds')}::uuid[], ${v('emails')}::boolean[]) AS r(id, user_id, email)
        ON CONFLICT (user_id, event_id) DO NOTHING
        RETURNING id, user_id
      )
      SELECT count(pg_notify('notifications', json_build_object('u', i.user_id, 'o', ${v('orgId')}::uuid, 'n', i.id)::text))::int AS written
        FROM inserted i`,
);

export interface NewNotification {
  id: string;
  userId: string;
  /** Mailed too (its e-mail is due from `createdAt`). */
  email: boolean;
}

/** Writes the notifications of one event in ONE statement, each with its pg_notify; answers how many were written. */
export async function insertNotifications(
  db: Queryable,
  q: { orgId: string; eventId: string; createdAt: Date; recipients: readonly NewNotification[] },
): Promise<number> {
  if (q.recipients.length === 0) return 0;
  const [row] = await runStatement<{ written: number }>(db, INSERT_NOTIFICATIONS, {
    orgId: q.orgId,
    eventId: q.eventId,
    createdAt: q.createdAt.toISOString(),
    ids: ids(q.recipients.map((r) => r.id)),
    userIds: ids(q.recipients.map((r) => r.userId)),
    emails: `{${q.recipients.map((r) => (r.email ? 't' : 'f')).join(',')}}`,
  });
  return Number(row?.written ?? 0);
}

// ─── Items with their ACL levels ─────────────────────────────────────────────────────────────────

export interface ItemWithLevels {
  kind: 'folder' | 'document';
  id: string;
  name: string;
  description: string;
  doctype: Doctype | null;
  /** The item or a folder above it is in the trash. */
  trashed: boolean;
  /** The item's own entries first (a folder's are its chain's first level), then each folder above. */
  levels: LevelEntry[][];
}

const LEVELS_OF_CHAIN = sql`json_agg(COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.folder_id = c.id), '[]'::json) ORDER BY c.depth)`;

/*
 * Each item by primary key, with its chain walked in a scalar subquery (as document_with_chain does), so
 * the plan never rests on row estimates.
 */
const ITEMS_WITH_LEVELS = namedStatement(
  'items_with_levels',
  sql`SELECT 'folder' AS kind, fo.id, fo.name, fo.description, NULL::text AS doctype,
             (WITH RECURSIVE ${chainOf('c0', sql`fo.id`)}
              SELECT json_build_object('trashed', bool_or(c.deleted_at IS NOT NULL), 'levels', ${LEVELS_OF_CHAIN}) FROM c0 c) AS x
        FROM folders fo
       WHERE fo.id = ANY(${v('folderIds')}::uuid[]) AND fo.org_id = ${v('orgId')}::uuid
      UNION ALL
      SELECT 'document', d.id, d.name, d.description, d.doctype,
             (WITH RECURSIVE ${chainOf('c1', sql`d.folder_id`)}
              SELECT json_build_object('trashed', d.deleted_at IS NOT NULL OR bool_or(c.deleted_at IS NOT NULL),
                       'levels', json_build_array(COALESCE((SELECT json_agg(${ENTRY_JSON}) FROM acl_entries a WHERE a.document_id = d.id), '[]'::json))::jsonb
                                 || COALESCE(${LEVELS_OF_CHAIN}::jsonb, '[]'::jsonb)) FROM c1 c)
        FROM documents d
       WHERE d.id = ANY(${v('documentIds')}::uuid[]) AND d.org_id = ${v('orgId')}::uuid`,
);

/** Folders and documents of the organisation by id, each with its ACL levels and whether it is in the trash: ONE statement. */
export async function itemsWithLevels(
  db: Queryable,
  orgId: string,
  wanted: { folderIds: readonly string[]; documentIds: readonly string[] },
): Promise<Map<string, ItemWithLevels>> {
  const found = new Map<string, ItemWithLevels>();
  if (wanted.folderIds.length === 0 && wanted.documentIds.length === 0) return found;
  const raw = await runStatement<{
    kind: 'folder' | 'document';
    id: string;
    name: string;
    description: string;
    doctype: Doctype | null;
    x: { trashed: boolean | null; levels: LevelEntry[][] | null } | string | null;
  }>(db, ITEMS_WITH_LEVELS, { orgId, folderIds: ids(wanted.folderIds), documentIds: ids(wanted.documentIds) });
  for (const r of raw) {
    const x = parsed(r.x);
    found.set(r.id, {
      kind: r.kind,
      id: r.id,
      name: r.name,
      description: r.description,
      doctype: r.doctype,
      trashed: Boolean(x?.trashed),
      levels: x?.levels ?? [],
    });
  }
  return found;
}

// ─── Favourites and subscriptions of a user ──────────────────────────────────────────────────────

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

// ─── The notifications panel ─────────────────────────────────────────────────────────────────────

export interface NotificationRow {
  id: string;
  readAt: Date | null;
  type: string;
  at: Date;
  username: string | null;
  context: Record<string, unknown>;
  folderId: string | null;
  documentId: string | null;
}

/*
 * The page by notifications_user_idx (user, org, created_at, id) read backwards; the counts by the same
 * index and the partial unread index.
 */
const NOTIFICATIONS_PAGE = namedStatement(
  'notifications_page',
  sql`SELECT (SELECT count(*) FROM notifications x WHERE x.user_id = ${v('userId')}::uuid AND x.org_id = ${v('orgId')}::uuid)::int AS total,
             (SELECT count(*) FROM notifications x WHERE x.user_id = ${v('userId')}::uuid AND x.org_id = ${v('orgId')}::uuid AND x.read_at IS NULL)::int AS unread,
             (SELECT json_agg(json_build_object('id', p.id, 'readAt', p.read_at, 'type', e.type, 'at', e.at, 'username', u.username,
                                                'context', e.context, 'folderId', e.folder_id, 'documentId', e.document_id) ORDER BY p.created_at DESC, p.id DESC)
                FROM (SELECT n.id, n.read_at, n.created_at, n.event_id FROM notifications n
                       WHERE n.user_id = ${v('userId')}::uuid AND n.org_id = ${v('orgId')}::uuid
                       ORDER BY n.created_at DESC, n.id DESC OFFSET ${v('skip')}::int LIMIT ${v('limit')}::int) p
                JOIN activity_events e ON e.id = p.event_id
                LEFT JOIN users u ON u.id = e.actor_id) AS page`,
);

type RawNotification = Omit<NotificationRow, 'readAt' | 'at'> & { readAt: string | null; at: string };

/** One page of a user's notifications in an organisation, newest first, with the total and unread counts: ONE statement. */
export async function notificationsPage(
  db: Queryable,
  q: { orgId: string; userId: string; skip: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const [r] = await runStatement<{ total: number; unread: number; page: RawNotification[] | string | null }>(db, NOTIFICATIONS_PAGE, q);
  const page = parsed(r?.page ?? null) ?? [];
  return {
    total: Number(r?.total ?? 0),
    unread: Number(r?.unread ?? 0),
    rows: page.map((n) => ({ ...n, readAt: toDateOrNull(n.readAt), at: toDate(n.at) })),
  };
}

const MARK_READ = namedStatement(
  'mark_notifications_read',
  sql`UPDATE notifications SET read_at = ${v('now')}::timestamptz
       WHERE id = ANY(${v('ids')}::uuid[]) AND user_id = ${v('userId')}::uuid AND org_id = ${v('orgId')}::uuid AND read_at IS NULL`,
);

/** Marks some of a user's notifications in an organisation read; ids of anyone else's are left alone. */
export async function markNotificationsRead(db: Queryable, q: { orgId: string; userId: string; ids: readonly string[]; now: Date }): Promise<void> {
  if (q.ids.length === 0) return;
  await runStatement(db, MARK_READ, { orgId: q.orgId, userId: q.userId, ids: ids(q.ids), now: q.now.toISOString() });
}

// ─── The e-mail sender ───────────────────────────────────────────────────────────────────────────

/*
 * Whose mail is due: users (per organisation) whose oldest notification waiting for e-mail came due at
 * or before `cutoff` (now − the grouping window). By the partial index notifications_email_due_idx.
 */
const DUE_RECIPIENTS = namedStatement(
  'notification_mail_due',
  sql`SELECT n.user_id, n.org_id FROM notifications n
       WHERE n.email_due_at IS NOT NULL AND n.emailed_at IS NULL
       GROUP BY n.user_id, n.org_id
      HAVING min(n.email_due_at) <= ${v('cutoff')}::timestamptz
       LIMIT ${v('limit')}::int`,
);

export async function dueMailRecipients(db: Queryable, cutoff: Date, limit: number): Promise<{ userId: string; orgId: string }[]> {
  const found = await runStatement<{ user_id: string; org_id: string }>(db, DUE_RECIPIENTS, { cutoff: cutoff.toISOString(), limit });
  return found.map((r) => ({ userId: r.user_id, orgId: r.org_id }));
}

/*
 * Everything a user still waits to be mailed in an organisation, taken by this sender (FOR UPDATE SKIP
 * LOCKED: a sender in another process takes none of these rows until this transaction ends), with the
 * event, the actor's username, and the recipient: address, name, membership, roles.
 */
const CLAIM_PENDING_MAIL = namedStatement(
  'notification_mail_claim',
  sql`WITH pending AS (
        SELECT n.id, n.event_id FROM notifications n
         WHERE n.user_id = ${v('userId')}::uuid AND n.org_id = ${v('orgId')}::uuid AND n.email_due_at IS NOT NULL AND n.emailed_at IS NULL
         ORDER BY n.email_due_at, n.id
           FOR UPDATE SKIP LOCKED
      )
      SELECT (SELECT json_agg(json_build_object('id', p.id, 'type', e.type, 'at', e.at, 'username', a.username, 'context', e.context,
                                                'folderId', e.folder_id, 'documentId', e.document_id) ORDER BY e.at, p.id)
                FROM pending p JOIN activity_events e ON e.id = p.event_id LEFT JOIN users a ON a.id = e.actor_id) AS pending,
             u.email, u.full_name, u.is_active AS user_active, o.name AS org_name, m.is_org_admin, m.is_active AS member_active,
             COALESCE((SELECT json_agg(ur.role_id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                        WHERE ur.user_id = u.id AND r.org_id = o.id), '[]'::json) AS role_ids
        FROM users u
        JOIN organisations o ON o.id = ${v('orgId')}::uuid
        LEFT JOIN memberships m ON m.org_id = o.id AND m.user_id = u.id
       WHERE u.id = ${v('userId')}::uuid`,
);

export interface PendingMail {
  notifications: Omit<NotificationRow, 'readAt'>[];
  email: string;
  fullName: string;
  orgName: string;
  /** The account is active and a switched-on member of the organisation. */
  reachable: boolean;
  isOrgAdmin: boolean;
  roleIds: string[];
}

/** Takes (in the caller's transaction) what a user waits to be mailed in an organisation; undefined when nothing is left to take. */
export async function claimPendingMail(tx: Queryable, userId: string, orgId: string): Promise<PendingMail | undefined> {
  const [r] = await runStatement<{
    pending: (Omit<NotificationRow, 'readAt' | 'at'> & { at: string })[] | string | null;
    email: string;
    full_name: string;
    user_active: boolean;
    org_name: string;
    is_org_admin: boolean | null;
    member_active: boolean | null;
    role_ids: string[] | string;
  }>(tx, CLAIM_PENDING_MAIL, { userId, orgId });
  const pending = parsed(r?.pending ?? null);
  if (!r || !pending || pending.length === 0) return undefined;
  return {
    notifications: pending.map((n) => ({ ...n, at: toDate(n.at) })),
    email: r.email,
    fullName: r.full_name,
    orgName: r.org_name,
    reachable: r.user_active && r.member_active === true,
    isOrgAdmin: r.is_org_admin === true,
    roleIds: parsed(r.role_ids) ?? [],
  };
}

const MARK_EMAILED = namedStatement(
  'notifications_mark_emailed',
  sql`UPDATE notifications SET emailed_at = ${v('now')}::timestamptz WHERE id = ANY(${v('ids')}::uuid[])`,
);

export async function markEmailed(tx: Queryable, notificationIds: readonly string[], now: Date): Promise<void> {
  if (notificationIds.length === 0) return;
  await runStatement(tx, MARK_EMAILED, { ids: ids(notificationIds), now: now.toISOString() });
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
    itemIds: ids(itemIds),
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
  kind: 'folder' | 'document';
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
