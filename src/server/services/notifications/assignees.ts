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

/** The nil id: an event whose actor is to hear of it too (assignmentAudience leaves the actor out). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Issue #44: an event told to several subjects at once (an overdue assignment: its assignees and whoever
 * assigned it; a missed occurrence: its assignees and whoever made the schedule), the actor included, each
 * member once and only if they may Read the item; by e-mail too (the digest), as they must learn of it.
 */
export async function notifyPeople(tx: Queryable, event: RecordedEvent, subjects: readonly { type: 'org' | 'role' | 'user'; id: string }[]): Promise<number> {
  const recipients = new Map<string, NewNotification>();
  for (const subject of subjects) {
    const { assignees, levels } = await assignmentAudience(tx, {
      orgId: event.orgId,
      folderId: event.folderId ?? null,
      documentId: event.documentId ?? null,
      actorId: NOBODY,
      type: subject.type,
      subjectId: subject.id,
    });
    for (const a of assignees) {
      if (recipients.has(a.userId) || !mayRead(levels, event.orgId, a)) continue;
      recipients.set(a.userId, { id: uuidv7(event.at.getTime()), userId: a.userId, email: true });
    }
  }
  return notifyRecipients(tx, event, [...recipients.values()]);
}
