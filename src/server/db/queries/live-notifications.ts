/**
 * The live hub's reads (src/server/live/): one notification heard on the `notifications` channel, read
 * for its recipient with everything the push needs in ONE statement — the notification as the panel
 * reads it (db/queries/notifications/panel.ts NotificationRow), the recipient's unread count, their membership
 * now (switched off or gone: nothing is pushed) and which of their open streams' login sessions still
 * live — and the unread count alone for a stream just opened.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { toDate, toDateOrNull } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';
import type { NotificationRow } from './notifications/panel.ts';

const v = (name: string) => sql.placeholder(name);

/*
 * By primary keys (notifications, memberships, login_sessions) and the partial unread index.
 */
const LIVE_NOTIFICATION = namedStatement(
  'live_notification',
  sql`SELECT (SELECT count(*) FROM notifications x WHERE x.user_id = ${v('userId')}::uuid AND x.org_id = ${v('orgId')}::uuid AND x.read_at IS NULL)::int AS unread,
             (SELECT json_build_object('isOrgAdmin', m.is_org_admin,
                       'roleIds', COALESCE((SELECT json_agg(ur.role_id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                                             WHERE ur.user_id = m.user_id AND r.org_id = m.org_id), '[]'::json))
                FROM memberships m JOIN users u ON u.id = m.user_id AND u.is_active
               WHERE m.org_id = ${v('orgId')}::uuid AND m.user_id = ${v('userId')}::uuid AND m.is_active) AS member,
             (SELECT json_agg(s.id) FROM login_sessions s
               WHERE s.id = ANY(${v('sessionIds')}::uuid[]) AND s.user_id = ${v('userId')}::uuid AND s.ended_at IS NULL
                 AND s.expires_at > ${v('now')}::timestamptz AND s.last_accessed_at >= ${v('idleSince')}::timestamptz) AS live_sessions,
             (SELECT json_build_object('id', n.id, 'readAt', n.read_at, 'type', e.type, 'at', e.at, 'username', u.username,
                                       'context', e.context, 'folderId', e.folder_id, 'documentId', e.document_id)
                FROM notifications n JOIN activity_events e ON e.id = n.event_id LEFT JOIN users u ON u.id = e.actor_id
               WHERE n.id = ${v('id')}::uuid AND n.user_id = ${v('userId')}::uuid AND n.org_id = ${v('orgId')}::uuid) AS notification`,
);

export interface LiveNotification {
  unread: number;
  /** The recipient as an active member now; null when they are not (any more). */
  member: { isOrgAdmin: boolean; roleIds: string[] } | null;
  /** Those of the asked login sessions that still live (not ended, not expired, not idle since `idleSince`). */
  liveSessionIds: Set<string>;
  /** Undefined when it is not (any more) theirs. */
  notification: NotificationRow | undefined;
}

type RawRow = Omit<NotificationRow, 'readAt' | 'at'> & { readAt: string | null; at: string };
const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** One notification of a user in an organisation, with what its push needs: ONE statement. */
export async function liveNotification(
  db: Queryable,
  q: { id: string; userId: string; orgId: string; sessionIds: readonly string[]; now: Date; idleSince: Date },
): Promise<LiveNotification> {
  const [r] = await runStatement<{
    unread: number;
    member: LiveNotification['member'] | string | null;
    live_sessions: string[] | string | null;
    notification: RawRow | string | null;
  }>(db, LIVE_NOTIFICATION, {
    id: q.id,
    userId: q.userId,
    orgId: q.orgId,
    sessionIds: `{${q.sessionIds.join(',')}}`,
    now: q.now.toISOString(),
    idleSince: q.idleSince.toISOString(),
  });
  const n = parsed(r?.notification ?? null);
  return {
    unread: Number(r?.unread ?? 0),
    member: parsed(r?.member ?? null),
    liveSessionIds: new Set(parsed(r?.live_sessions ?? null) ?? []),
    notification: n ? { ...n, readAt: toDateOrNull(n.readAt), at: toDate(n.at) } : undefined,
  };
}

const UNREAD = namedStatement(
  'live_unread_count',
  sql`SELECT count(*)::int AS unread FROM notifications WHERE user_id = ${v('userId')}::uuid AND org_id = ${v('orgId')}::uuid AND read_at IS NULL`,
);

/** A user's unread notifications in an organisation (a stream's first event). */
export async function unreadCount(db: Queryable, q: { userId: string; orgId: string }): Promise<number> {
  const [r] = await runStatement<{ unread: number }>(db, UNREAD, q);
  return Number(r?.unread ?? 0);
}
