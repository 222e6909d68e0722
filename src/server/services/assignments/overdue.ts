/**
 * Overdue assignments are told once (issue #44): a plain assignment (not a schedule's occurrence: those are
 * missed or late, ./occurrences-pass.ts) still open or claimed past its `due_at` gets an AssignmentOverdue
 * event, notified to its assignees and to whoever assigned it (the bell, the live dashboard, and the e-mail
 * digest). ONE conditional UPDATE claims a batch (`overdue_notified_at`), so two processes never tell twice.
 */
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import { uuidv7 } from '../../../shared/ids.ts';
import type { Database } from '../../db/connection.ts';
import { assignments } from '../../db/schema.ts';
import { writeActivityEvent } from '../../db/queries/activity-events.ts';
import { activityRow, eventRecorded } from '../activity.ts';
import { notifyPeople } from '../notifications/assignees.ts';

/** The most assignments one pass tells of (the next pass takes the rest). */
const BATCH = 200;

export async function notifyOverdueAssignments(deps: { db: Database; now: () => Date }): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(lt(assignments.dueAt, now), isNull(assignments.completedAt), isNull(assignments.missedAt), isNull(assignments.overdueNotifiedAt), isNull(assignments.scheduleId)))
      .orderBy(asc(assignments.dueAt))
      .limit(BATCH);
    const told = await tx
      .update(assignments)
      .set({ overdueNotifiedAt: now })
      .where(and(inArray(assignments.id, due), isNull(assignments.overdueNotifiedAt)))
      .returning();
    for (const row of told) {
      const event = activityRow({
        type: 'AssignmentOverdue',
        orgId: row.orgId,
        actorId: row.assignedBy,
        at: now,
        folderId: row.folderId,
        documentId: row.documentId,
        context: { assignment_id: row.id, kind: row.kind, assigned_to: { type: row.assignedToType, id: row.assignedToId }, due_at: row.dueAt?.toISOString() ?? null },
      });
      event.id = uuidv7(now.getTime());
      await writeActivityEvent(tx, event);
      await eventRecorded(tx, event);
      await notifyPeople(tx, event, [
        ...(row.assignedToType === 'share_link' ? [] : [{ type: row.assignedToType, id: row.assignedToId }]),
        ...(row.assignedBy ? [{ type: 'user' as const, id: row.assignedBy }] : []),
      ]);
    }
    return told.length;
  });
}
