/**
 * The fan-out of one event in SQL (issue #12; the rules: src/server/services/notifications/fan-out.ts):
 * who hears of it (the subscribers of the item and of every folder above it, with what the permission
 * rule needs) and its notifications, written in ONE statement with their live pushes.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../connection.ts';
import { arrayLiteral, fromJson } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';
import { chainOf, ITEM_CHAIN, ITEM_LEVELS, itemLevels, type ItemLevelsColumns, type LevelEntry } from './item-levels.ts';

const v = (name: string) => sql.placeholder(name);

// ─── The audience of one event ───────────────────────────────────────────────────────────────────

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
  sql`WITH RECURSIVE ${ITEM_CHAIN}, ${chainOf('left_chain', sql`${v('fromFolderId')}::uuid`)},
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
             ${ITEM_LEVELS}`,
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

/**
 * Who may hear of an event about `item` (a document with its folder, or a folder), beside the item's ACL
 * levels; `leftFolderId`: the folder a moved item left (its subscribers are asked too). ONE statement.
 */
export async function eventAudience(
  db: Queryable,
  q: { orgId: string; folderId: string | null; documentId: string | null; leftFolderId: string | null; actorId: string | null },
): Promise<Audience> {
  type Json<T> = T | string | null;
  const [row] = await runStatement<
    ItemLevelsColumns & {
      subscribers: Json<[string, boolean, boolean, boolean][]>;
      members: Json<[string, boolean][]>;
      active_users: Json<string[]>;
      roles: Json<[string, string][]>;
    }
  >(db, AUDIENCE, { orgId: q.orgId, folderId: q.folderId, documentId: q.documentId, fromFolderId: q.leftFolderId, actorId: q.actorId });
  const levels = itemLevels(row, q.documentId);
  const audience = fromJson(row?.subscribers ?? null) ?? [];
  if (audience.length === 0) return { subscribers: [], levels };
  const admins = new Map(fromJson(row?.members ?? null) ?? []);
  const activeUsers = new Set(fromJson(row?.active_users ?? null) ?? []);
  const roleIds = new Map<string, string[]>();
  for (const [userId, roleId] of fromJson(row?.roles ?? null) ?? []) {
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

// ─── The notifications of one event ──────────────────────────────────────────────────────────────

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
    ids: arrayLiteral(q.recipients.map((r) => r.id)),
    userIds: arrayLiteral(q.recipients.map((r) => r.userId)),
    emails: `{${q.recipients.map((r) => (r.email ? 't' : 'f')).join(',')}}`,
  });
  return Number(row?.written ?? 0);
}
