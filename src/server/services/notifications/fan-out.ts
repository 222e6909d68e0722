/**
 * Notifications from activity events (accounts §3 Notification), SYNCHRONOUSLY in the transaction of the
 * change that records the event (services/activity.ts calls `notifySubscribers` after writing it):
 *
 * 1. the audience, ONE statement (db/queries/notifications/fan-out.ts eventAudience): the subscribers of the item
 *    and of every folder above it (and, for a move, of the folders it left), except the actor, who are
 *    active members, with their roles, and the item's ACL levels;
 * 2. THE permission rule (permissions/resolve.ts) per subscriber in memory: only those who may Read the
 *    item now; a subscription for "validation errors only" hears only of DataSubmitted with
 *    `validation_errors` > 0 (nothing else: the spec is silent, and the option's name says "only");
 * 3. the notifications, ONE INSERT … SELECT FROM unnest(…) with a pg_notify per row (the live contract:
 *    `{"u","o","n"}` on channel `notifications`, delivered at commit).
 *
 * An event nobody subscribed to costs statement 1 only (`notificationRecipients` is it alone). Why synchronous (not a background job with a
 * cursor): the notifications exist exactly when the change does (no lost or doubled fan-out, no cursor
 * racing commits that finish out of id order, no polling), the live push leaves at the commit, and the
 * cost is bounded by set-based SQL: 1,000 subscribers are one INSERT (tests/bench/notifications-fan-out.ts).
 */
import type { ActivityType } from '../../../shared/api/activity.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import { Permission } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import { eventAudience, insertNotifications, type NewNotification } from '../../db/queries/notifications/fan-out.ts';
import type { LevelEntry } from '../../db/queries/notifications/item-levels.ts';
import { resolvePermissions } from '../../permissions/resolve.ts';

export type { NewNotification };

/** The event as written (activityRow's shape). */
export interface RecordedEvent {
  id: string;
  orgId: string;
  type: string;
  actorId?: string | null;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  context?: Record<string, unknown> | unknown;
}

/** Events about the tree and its checklists notify; the admin area's (users, roles) name no item. */
const ABOUT_AN_ITEM: ReadonlySet<ActivityType> = new Set<ActivityType>([
  'FolderCreated',
  'FolderUpdated',
  'FolderDeleted',
  'FolderRestored',
  'FolderMoved',
  'FolderCopied',
  'FolderACLUpdated',
  'DocumentCreated',
  'DocumentUpdated',
  'DocumentDeleted',
  'DocumentRestored',
  'DocumentMoved',
  'DocumentCopied',
  'DocumentACLUpdated',
  'DataSubmitted',
]);

const contextOf = (event: RecordedEvent): Record<string, unknown> =>
  event.context !== null && typeof event.context === 'object' ? (event.context as Record<string, unknown>) : {};

/** DataSubmitted with at least one answer not valid. */
export function hasValidationErrors(event: RecordedEvent): boolean {
  const errors = contextOf(event).validation_errors;
  return typeof errors === 'number' && errors > 0;
}

/** Writes the notifications of one recorded event (in `tx`, the change's transaction); answers how many. */
export async function notifySubscribers(tx: Queryable, event: RecordedEvent): Promise<number> {
  return notifyRecipients(tx, event, await notificationRecipients(tx, event));
}

/**
 * Who hears of one event, and by e-mail too (statements 1 and 2 above: a read only, nobody → []). The
 * submission path asks this BEFORE it stores anything, so that a row nobody hears of is stored in one
 * statement without a transaction; anybody → the row and these notifications in one transaction.
 */
export async function notificationRecipients(db: Queryable, event: RecordedEvent): Promise<NewNotification[]> {
  if (!ABOUT_AN_ITEM.has(event.type as ActivityType)) return [];
  const documentId = event.documentId ?? null;
  const folderId = event.folderId ?? null;
  if (documentId === null && folderId === null) return [];
  const context = contextOf(event);
  const moved = event.type === 'FolderMoved' || event.type === 'DocumentMoved';
  const leftFolderId = moved && typeof context.from_folder_id === 'string' ? context.from_folder_id : null;

  const audience = await eventAudience(db, { orgId: event.orgId, folderId, documentId, leftFolderId, actorId: event.actorId ?? null });
  if (audience.subscribers.length === 0) return [];
  // A subscription for "validation errors only" hears of nothing but submissions with errors.
  const errors = event.type === 'DataSubmitted' && hasValidationErrors(event);

  const recipients: NewNotification[] = [];
  for (const s of audience.subscribers) {
    if (!errors && !s.everyEvent) continue;
    if (!mayRead(audience.levels, event.orgId, s)) continue;
    const email = errors ? s.emailAny : s.emailEveryEvent;
    recipients.push({ id: uuidv7(event.at.getTime()), userId: s.userId, email });
  }
  return recipients;
}

/**
 * Whether a member may Read the item now: THE rule (permissions/resolve.ts) over the item's ACL levels (its
 * audience's `levels`). Nobody hears of an item they may not read — an event or an assignment never reveals one.
 */
export function mayRead(levels: LevelEntry[][], orgId: string, member: { userId: string; roleIds: readonly string[]; isOrgAdmin: boolean }): boolean {
  const who = { userId: member.userId, orgId, roleIds: new Set(member.roleIds), isOrgAdmin: member.isOrgAdmin };
  return (resolvePermissions(levels, who) & Permission.Read) !== 0;
}

/** Writes the notifications of `event` for `recipients` (statement 3; none → no statement); answers how many. */
export function notifyRecipients(tx: Queryable, event: RecordedEvent, recipients: readonly NewNotification[]): Promise<number> {
  return insertNotifications(tx, { orgId: event.orgId, eventId: event.id, createdAt: event.at, recipients });
}
