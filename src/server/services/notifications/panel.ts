/**
 * The notifications panel (accounts §2 Notifications panel, §3 Notification): the caller's notifications
 * in their current organisation, newest first, with the unread count; marking some read.
 */
import type { NotificationList } from '../../../shared/api/notifications.ts';
import { unreadCount } from '../../db/queries/live-notifications.ts';
import { markNotificationsRead, notificationsPage } from '../../db/queries/notifications/panel.ts';
import type { Deps, Member } from '../../env.ts';
import { notificationsSeenBy } from './items.ts';

/**
 * GET documentation/notifications?skip&limit: two statements (the page with its counts; its items and the
 * folders their events name, with their ACL levels).
 */
export async function listNotifications(deps: Deps, who: Member, page: { skip: number; limit: number }): Promise<NotificationList> {
  const found = await notificationsPage(deps.db, { orgId: who.orgId, userId: who.userId, skip: page.skip, limit: page.limit });
  return { results: await notificationsSeenBy(deps.db, who, found.rows), total: found.total, unread: found.unread };
}

/**
 * POST documentation/notifications/mark-read [ids]: the caller's own notifications in the current
 * organisation among them are marked read (those already read keep their time); any other id is ignored,
 * so the answer tells nothing about ids that are not the caller's.
 */
export async function markRead(deps: Deps, who: Member, ids: readonly string[]): Promise<void> {
  await markNotificationsRead(deps.db, { orgId: who.orgId, userId: who.userId, ids: [...new Set(ids)], now: deps.now() });
}

/** The caller's unread notifications in the current organisation (the live stream's first event). */
export async function unreadNotifications(deps: Deps, who: Member): Promise<number> {
  return unreadCount(deps.db, { userId: who.userId, orgId: who.orgId });
}
