/**
 * The notifications panel in SQL (issue #12): a page of a user's notifications with the total and unread
 * counts, and marking some read.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../connection.ts';
import { arrayLiteral, fromJson, toDate, toDateOrNull } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';

const v = (name: string) => sql.placeholder(name);

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
  const page = fromJson(r?.page ?? null) ?? [];
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
  await runStatement(db, MARK_READ, { orgId: q.orgId, userId: q.userId, ids: arrayLiteral(q.ids), now: q.now.toISOString() });
}
