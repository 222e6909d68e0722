/**
 * Occurrences missed (issue #44): an occurrence whose window closed without a submission is missed — at once
 * when late submissions are not allowed; when they are, once the next occurrence for the same assignee has
 * opened (until then a late submission makes it `late`). ONE statement marks a batch (conditional: two
 * processes never mark one twice); each is an OccurrenceMissed event (the activity log, the
 * occurrence.missed webhook) told to its assignees and to whoever made the schedule (bell and digest).
 */
import type { Database } from '../../db/connection.ts';
import { markMissed } from '../../db/queries/schedules.ts';
import { documents } from '../../db/schema.ts';
import { writeActivityEvent } from '../../db/queries/activity-events.ts';
import { activityRow, eventRecorded } from '../activity.ts';
import { notifyPeople } from '../notifications/assignees.ts';
import { inArray } from 'drizzle-orm';

const BATCH = 500;

export async function markMissedOccurrences(deps: { db: Database; now: () => Date }): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const missed = await markMissed(tx, now, BATCH);
    if (missed.length === 0) return 0;
    const docs = await tx
      .select({ id: documents.id, folderId: documents.folderId, name: documents.name })
      .from(documents)
      .where(inArray(documents.id, [...new Set(missed.map((m) => m.documentId))]));
    for (const m of missed) {
      const doc = docs.find((d) => d.id === m.documentId);
      const event = activityRow({
        type: 'OccurrenceMissed',
        orgId: m.orgId,
        actorId: m.createdBy,
        at: now,
        folderId: doc?.folderId ?? null,
        documentId: m.documentId,
        context: {
          assignment_id: m.id,
          kind: 'document',
          name: doc?.name ?? '',
          assigned_to: { type: m.assignedToType, id: m.assignedToId },
          schedule_id: m.scheduleId,
          opens_at: m.opensAt.toISOString(),
          due_at: m.dueAt.toISOString(),
        },
      });
      await writeActivityEvent(tx, event);
      await eventRecorded(tx, event);
      await notifyPeople(tx, event, [
        ...(m.assignedToType === 'share_link' ? [] : [{ type: m.assignedToType, id: m.assignedToId }]),
        ...(m.createdBy ? [{ type: 'user' as const, id: m.createdBy }] : []),
      ]);
    }
    return missed.length;
  });
}
