/**
 * Assignments finish (issue #44). A checklist's assignment completes when one of its assignees submits the
 * checklist after it was made (an occurrence's: once it has opened): the claimer's submission if it is
 * claimed, otherwise any assignee's, who claims and completes it in the same step. A share link's
 * submission completes the occurrences given to that link (a kiosk station). Every open one the submission
 * qualifies for completes (two assignments of the same checklist to the same person are both done by it).
 * A kiosk station's submission made offline completes at the time it was made (`at`), even an occurrence
 * marked missed meanwhile whose window held then.
 * A completion is an AssignmentCompleted event: the activity log, and the `assignment.completed` webhook.
 */
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connection.ts';
import { assignments, schedules } from '../../db/schema.ts';
import { writeActivityEvent } from '../../db/queries/activity-events.ts';
import type { AssignmentRow } from '../../presenters/assignments.ts';
import { activityRow, eventRecorded } from '../activity.ts';

/** Who submitted: a member (with their roles), or a share link (a kiosk station). */
export interface Completer {
  orgId: string;
  userId: string | null;
  username: string | null;
  roleIds: ReadonlySet<string>;
  shareLinkId: string | null;
}

/** The open assignments of `documentId` this submitter's submission would complete at `at`. */
function completable(db: Queryable, who: Completer, documentId: string, at: Date): SQL {
  const mine: (SQL | undefined)[] = [];
  if (who.userId !== null) {
    mine.push(
      eq(assignments.claimedBy, who.userId),
      and(
        isNull(assignments.claimedBy),
        or(
          and(eq(assignments.assignedToType, 'user'), eq(assignments.assignedToId, who.userId)),
          and(eq(assignments.assignedToType, 'org'), eq(assignments.assignedToId, who.orgId)),
          who.roleIds.size > 0 ? and(eq(assignments.assignedToType, 'role'), inArray(assignments.assignedToId, [...who.roleIds])) : undefined,
        ),
      ),
    );
  }
  if (who.shareLinkId !== null) mine.push(and(eq(assignments.assignedToType, 'share_link'), eq(assignments.assignedToId, who.shareLinkId)));
  return and(
    eq(assignments.orgId, who.orgId),
    eq(assignments.documentId, documentId),
    eq(assignments.kind, 'document'),
    isNull(assignments.completedAt),
    // Marked missed, but its window held at `at` (a kiosk station's submission made offline: ../checklists/made-at.ts).
    or(isNull(assignments.missedAt), gte(assignments.dueAt, at)),
    // A plain assignment: made before the submission; an occurrence: open at `at` (the pass may have opened it later).
    or(and(isNull(assignments.opensAt), lte(assignments.assignedAt, at)), lte(assignments.opensAt, at)),
    // An occurrence's window closed: only where late submissions are allowed (they make it `late`).
    or(
      isNull(assignments.scheduleId),
      isNull(assignments.dueAt),
      gte(assignments.dueAt, at),
      inArray(assignments.scheduleId, db.select({ id: schedules.id }).from(schedules).where(eq(schedules.allowLate, true))),
    ),
    or(...mine),
  )!;
}

/** The ids of the assignments a submission would complete (a read before the submission is stored: none → nothing to do). */
export async function completableBy(db: Queryable, who: Completer, documentId: string, at: Date): Promise<string[]> {
  if (who.userId === null && who.shareLinkId === null) return [];
  const rows = await db.select({ id: assignments.id }).from(assignments).where(completable(db, who, documentId, at));
  return rows.map((r) => r.id);
}

/** Completes them with the stored submission (inside its transaction), each still open and still the submitter's. */
export async function completeBySubmission(
  tx: Queryable,
  who: Completer,
  done: { documentId: string; submissionId: string; at: Date; ids: readonly string[] },
): Promise<number> {
  if (done.ids.length === 0) return 0;
  const completed = await tx
    .update(assignments)
    .set({
      claimedBy: who.userId ?? undefined,
      missedAt: null,
      completedBy: who.userId,
      completedAt: done.at,
      completedSubmissionId: done.submissionId,
    })
    .where(and(inArray(assignments.id, [...done.ids]), completable(tx, who, done.documentId, done.at)))
    .returning();
  for (const row of completed) await recordCompletion(tx, who, row, done.at);
  return completed.length;
}

/** The AssignmentCompleted event of one completion (activity log; the assignment.completed webhook), in its transaction. */
export async function recordCompletion(
  tx: Queryable,
  who: { orgId: string; userId: string | null; username: string | null },
  row: AssignmentRow,
  at: Date,
): Promise<void> {
  const event = activityRow({
    type: 'AssignmentCompleted',
    orgId: who.orgId,
    actorId: who.userId,
    at,
    folderId: row.folderId,
    documentId: row.documentId,
    context: {
      assignment_id: row.id,
      kind: row.kind,
      assigned_to: { type: row.assignedToType, id: row.assignedToId },
      notes: row.notes,
      username: who.username,
      submission_id: row.completedSubmissionId,
      schedule_id: row.scheduleId,
      due_at: row.dueAt?.toISOString() ?? null,
    },
  });
  await writeActivityEvent(tx, event);
  await eventRecorded(tx, event);
}
