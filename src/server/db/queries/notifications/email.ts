/**
 * The notification e-mail sender's statements (issue #12; the rules: src/server/services/notifications/
 * email.ts): whose mail is due, claiming what a user waits to be mailed, marking it mailed.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../connection.ts';
import { arrayLiteral, fromJson, toDate } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';
import type { NotificationRow } from './panel.ts';

const v = (name: string) => sql.placeholder(name);

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
  const pending = fromJson(r?.pending ?? null);
  if (!r || !pending || pending.length === 0) return undefined;
  return {
    notifications: pending.map((n) => ({ ...n, at: toDate(n.at) })),
    email: r.email,
    fullName: r.full_name,
    orgName: r.org_name,
    reachable: r.user_active && r.member_active === true,
    isOrgAdmin: r.is_org_admin === true,
    roleIds: fromJson(r.role_ids) ?? [],
  };
}

const MARK_EMAILED = namedStatement(
  'notifications_mark_emailed',
  sql`UPDATE notifications SET emailed_at = ${v('now')}::timestamptz WHERE id = ANY(${v('ids')}::uuid[])`,
);

export async function markEmailed(tx: Queryable, notificationIds: readonly string[], now: Date): Promise<void> {
  if (notificationIds.length === 0) return;
  await runStatement(tx, MARK_EMAILED, { ids: arrayLiteral(notificationIds), now: now.toISOString() });
}
