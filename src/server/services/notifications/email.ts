/**
 * Notifications by e-mail (issue #12): a subscription with `email_notifications` gives its notifications
 * an `email_due_at` (their creation). The sender — a background job (background-jobs.ts), every
 * `notificationMailIntervalMs`, in every server process — mails each user, once per organisation, ONE
 * message for all their notifications waiting to be mailed as soon as the oldest of them has waited
 * `notificationMailWindowMs` (NOTIFICATION_MAIL_WINDOW_MS, 2 minutes by default): a burst of events makes
 * one mail. Each message is queued through the mail queue (deps.mail) in the transaction that marks the
 * notifications mailed, so it is sent exactly once; senders in several processes take a user's rows with
 * FOR UPDATE SKIP LOCKED and never mail them twice.
 *
 * Never mailing what the user may no longer Read: each item is judged again by THE rule when mailing;
 * notifications of items they may not Read (or that are gone), and all of them when the user is no
 * longer an active member, are marked mailed without being mailed. Items in the trash are named without
 * a link.
 */
import { repeatEvery } from '../../background-passes.ts';
import { shareAuthorOf } from '../../../shared/api/share-links.ts';
import { itemPath } from '../../../shared/page-addresses.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/connection.ts';
import { claimPendingMail, dueMailRecipients, markEmailed, type PendingMail } from '../../db/queries/notifications/email.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { notificationDigestMessage, type DigestLine } from '../../mail/messages.ts';
import { itemIdOf, itemViews } from './items.ts';

export interface NotificationMailDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'notificationMailWindowMs'>;
  mail: MailQueue;
  now: () => Date;
}

/** Users (per organisation) taken at a time. */
const BATCH = 20;

const VERBS: Record<string, string> = {
  Created: 'created',
  Updated: 'changed',
  Deleted: 'deleted',
  Restored: 'restored',
  Moved: 'moved',
  Copied: 'copied',
  ACLUpdated: 'changed the permissions of',
};

/** One line of the digest: who did what to which item. */
export function digestText(type: string, username: string | null, kind: 'folder' | 'document', name: string, context: Record<string, unknown>): string {
  // A submission through a share link has no actor: its link says who (`share: {name}`).
  const who = username ?? shareAuthorOf(context) ?? 'Someone';
  if (type === 'DataSubmitted') {
    const errors = typeof context.validation_errors === 'number' ? context.validation_errors : 0;
    const suffix = errors > 0 ? ` with ${errors} validation error${errors === 1 ? '' : 's'}` : '';
    return `${who} submitted the checklist ${name}${suffix}`;
  }
  if (type === 'DocumentAssigned' || type === 'FolderAssigned') {
    const to = context.assigned_to !== null && typeof context.assigned_to === 'object' ? (context.assigned_to as { type?: unknown; name?: unknown }) : {};
    const whom = to.type === 'user' || typeof to.name !== 'string' ? 'you' : to.name;
    return `${who} assigned the ${kind} ${name} to ${whom}`;
  }
  const action = Object.entries(VERBS).find(([end]) => type.endsWith(end) && type.slice(0, -end.length).match(/^(Folder|Document)$/));
  return `${who} ${action ? action[1] : type} the ${kind} ${name}`;
}

/** The message for one user's claimed notifications, or undefined when none of them may be mailed. */
async function digestOf(tx: Queryable, config: NotificationMailDeps['config'], orgId: string, userId: string, pending: PendingMail) {
  if (!pending.reachable) return undefined;
  const who = { userId, orgId, roleIds: new Set(pending.roleIds), isOrgAdmin: pending.isOrgAdmin };
  const views = await itemViews(tx, who, pending.notifications);
  const lines: DigestLine[] = [];
  for (const n of pending.notifications) {
    const view = views.get(itemIdOf(n) ?? '');
    if (!view?.item || !view.readable) continue;
    const { item } = view;
    lines.push({
      text: digestText(n.type, n.username, item.kind, item.name, n.context),
      at: n.at,
      url: item.trashed ? null : `${config.publicUrl}${itemPath(item)}`,
    });
  }
  if (lines.length === 0) return undefined;
  // List-Unsubscribe (and the body's last link): the documentation area, where each item's menu unsubscribes
  // or turns its e-mail off. The app has no page of all one's subscriptions, and no one-click endpoint.
  return notificationDigestMessage(pending.email, pending.fullName, pending.orgName, lines, `${config.publicUrl}/documentation/browse`);
}

/** One pass: mails every user whose notifications are due; answers how many messages were queued. */
export async function mailDueNotifications(deps: NotificationMailDeps): Promise<number> {
  let queued = 0;
  const seen = new Set<string>();
  for (;;) {
    const cutoff = new Date(deps.now().getTime() - deps.config.notificationMailWindowMs);
    const due = (await dueMailRecipients(deps.db, cutoff, BATCH)).filter((r) => !seen.has(`${r.userId}/${r.orgId}`));
    // Nothing new: the rest (if any) is being mailed by another sender right now.
    if (due.length === 0) break;
    for (const { userId, orgId } of due) {
      seen.add(`${userId}/${orgId}`);
      const mailed = await deps.db.transaction(async (tx) => {
        const pending = await claimPendingMail(tx, userId, orgId);
        if (!pending) return false;
        const message = await digestOf(tx, deps.config, orgId, userId, pending);
        if (message) await deps.mail.add(tx, message);
        await markEmailed(tx, pending.notifications.map((n) => n.id), deps.now());
        return message !== undefined;
      });
      if (mailed) queued += 1;
    }
  }
  if (queued > 0) deps.mail.deliverSoon();
  return queued;
}

/** Runs a pass now and every `intervalMs`; the answer stops it (and waits for a pass under way). */
export function keepMailingNotifications(deps: NotificationMailDeps, intervalMs: number): () => Promise<void> {
  return repeatEvery(() => mailDueNotifications(deps), intervalMs, 'Mailing notifications failed');
}
