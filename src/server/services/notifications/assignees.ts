/**
 * An assignment notifies the people it is handed to (issue #32), in the transaction that makes it:
 * the user named, every holder of the role named, or every member for the organisation — never the one
 * who assigned it, and only those who may Read the item now (fan-out.ts `mayRead`, THE rule: an
 * assignment never reveals an item). The notification is the event's (FolderAssigned / DocumentAssigned),
 * so it reaches the bell and the dashboard through the live stream like any other; it is e-mailed (the
 * digest job, services/notifications/email.ts) when one of the assignee's subscriptions covering the item
 * asked for e-mail notifications — the one e-mail setting the spec gives (subscription options).
 */
import { uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { assignmentAudience } from '../../db/queries/notifications/assignees.ts';
import { mayRead, notifyRecipients, type NewNotification, type RecordedEvent } from './fan-out.ts';

/** Writes the notifications of an assignment's event for its assignees; answers how many. */
export async function notifyAssignees(
  tx: Queryable,
  event: RecordedEvent & { actorId: string },
  assignedTo: { type: 'org' | 'role' | 'user'; id: string },
): Promise<number> {
  const { assignees, levels } = await assignmentAudience(tx, {
    orgId: event.orgId,
    folderId: event.folderId ?? null,
    documentId: event.documentId ?? null,
    actorId: event.actorId,
    type: assignedTo.type,
    subjectId: assignedTo.id,
  });
  const recipients: NewNotification[] = [];
  for (const a of assignees) {
    if (!mayRead(levels, event.orgId, a)) continue;
    recipients.push({ id: uuidv7(event.at.getTime()), userId: a.userId, email: a.email });
  }
  return notifyRecipients(tx, event, recipients);
}
