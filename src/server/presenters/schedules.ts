/** How schedules and their occurrences look in the API's answers (shapes in shared/api/schedules.ts). */
import type { Occurrence, OccurrenceStatus, Schedule } from '../../shared/api/schedules.ts';
import type { assignments, schedules } from '../db/schema.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
type AssignmentRow = typeof assignments.$inferSelect;

export interface ScheduleView {
  row: ScheduleRow;
  objectName: string;
  assigneeName: string | null;
  createdByUsername: string | null;
  recent: { due_at: string; status: OccurrenceStatus }[];
}

export function presentSchedule(view: ScheduleView): Schedule {
  const { row } = view;
  return {
    id: row.id,
    object_id: row.documentId,
    object_name: view.objectName,
    assigned_to: { type: row.assignedToType, id: row.assignedToId, name: view.assigneeName ?? '' },
    rrule: row.rrule,
    timezone: row.timezone,
    window_minutes: row.windowMinutes,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    notes: row.notes,
    one_for_all: row.oneForAll,
    allow_late: row.allowLate,
    next_due_at: row.nextDueAt?.toISOString() ?? null,
    created_by_username: view.createdByUsername,
    created_at: row.createdAt.toISOString(),
    recent: view.recent,
  };
}

/**
 * An opened occurrence's state now: done (completed within its window), late (after it), missed, or open
 * (its window holds, or it closed and a late submission may still come).
 */
export function occurrenceStatus(row: Pick<AssignmentRow, 'completedAt' | 'missedAt' | 'dueAt'>): OccurrenceStatus {
  if (row.completedAt !== null) return row.dueAt !== null && row.completedAt > row.dueAt ? 'late' : 'done';
  return row.missedAt !== null ? 'missed' : 'open';
}

export function presentOccurrence(
  row: AssignmentRow,
  names: { assigneeUsername: string | null; completedByUsername: string | null },
): Occurrence {
  return {
    due_at: row.opensAt!.toISOString(),
    closes_at: row.dueAt!.toISOString(),
    status: occurrenceStatus(row),
    assignment_id: row.id,
    assignee_username: names.assigneeUsername,
    completed_by_username: names.completedByUsername,
    submission_id: row.completedSubmissionId,
  };
}

/** An occurrence still to open. */
export function upcomingOccurrence(opensAt: Date, windowMinutes: number): Occurrence {
  return {
    due_at: opensAt.toISOString(),
    closes_at: new Date(opensAt.getTime() + windowMinutes * 60_000).toISOString(),
    status: 'upcoming',
    assignment_id: null,
    assignee_username: null,
    completed_by_username: null,
    submission_id: null,
  };
}
