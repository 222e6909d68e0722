/** How assignments look in the API's answers (shapes in shared/api/assignments.ts). */
import type { Assignment, AssignmentKind } from '../../shared/api/assignments.ts';
import type { Doctype } from '../../shared/api/documentation.ts';
import { shareAuthorOf } from '../../shared/api/share-links.ts';
import type { assignments } from '../db/schema.ts';

export type AssignmentRow = typeof assignments.$inferSelect;

/** An assignment row with the names it is shown with (services/assignments/assignments.ts reads them in one query). */
export interface AssignmentView {
  row: AssignmentRow;
  objectName: string | null;
  doctype: Doctype | null;
  assigneeName: string | null;
  assignedByUsername: string | null;
  claimedByUsername: string | null;
  completedByUsername: string | null;
}

type FailingAnswer = Assignment['failing_answers'][number];

/** The failing answers a correction keeps in its context (`{failing_answers: [...]}`); none for other kinds. */
export function failingAnswersOf(context: Record<string, unknown>): FailingAnswer[] {
  const list = context.failing_answers;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { question_id, title, value } = item as Record<string, unknown>;
    return typeof question_id === 'string' ? [{ question_id, title: typeof title === 'string' ? title : '', value }] : [];
  });
}

/** Issue #44: the assignment's state now. */
export function statusOf(row: AssignmentRow): Assignment['status'] {
  if (row.completedAt !== null) return 'completed';
  if (row.missedAt !== null) return 'missed';
  return row.claimedBy !== null ? 'claimed' : 'open';
}

export function presentAssignment(view: AssignmentView, now: Date): Assignment {
  const { row } = view;
  const status = statusOf(row);
  return {
    id: row.id,
    kind: row.kind as AssignmentKind,
    object_id: (row.documentId ?? row.folderId)!,
    object_name: view.objectName ?? '',
    doctype: view.doctype,
    assigned_at: row.assignedAt.toISOString(),
    assigned_to: { type: row.assignedToType, id: row.assignedToId, name: view.assigneeName ?? '' },
    // A correction raised through a share link: no user assigned it, its link did (`share: {name}`).
    assigned_by_username: view.assignedByUsername ?? shareAuthorOf(row.context),
    notes: row.notes,
    // A claimer whose account is gone (claimed_by set null) leaves the assignment claimable again.
    claimed: row.claimedBy !== null,
    claimed_by_username: view.claimedByUsername,
    completed: row.completedAt !== null,
    status,
    due_at: row.dueAt?.toISOString() ?? null,
    overdue: (status === 'open' || status === 'claimed') && row.dueAt !== null && row.dueAt.getTime() < now.getTime(),
    completed_by_username: view.completedByUsername,
    completed_at: row.completedAt?.toISOString() ?? null,
    completed_submission_id: row.completedSubmissionId,
    schedule_id: row.scheduleId,
    opens_at: row.opensAt?.toISOString() ?? null,
    submission_id: row.submissionId,
    failing_answers: failingAnswersOf(row.context),
  };
}
