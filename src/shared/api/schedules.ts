/**
 * Schedules (issue #44): a checklist to be done again and again, for the organisation, a role, a member or
 * a share link (a kiosk station). Each occurrence opens at `due_at` for `window_minutes` and becomes an
 * assignment (its `due_at` the window's close). Times in bodies and answers are ISO 8601; the occurrences'
 * range (`from`, `to`) is in epoch seconds, as every query range of the API.
 */
export type ScheduleAssigneeType = 'org' | 'role' | 'user' | 'share_link';

export type OccurrenceStatus = 'upcoming' | 'open' | 'done' | 'late' | 'missed';

export interface Schedule {
  id: string;
  object_id: string;
  object_name: string;
  assigned_to: { type: ScheduleAssigneeType; id: string; name: string };
  rrule: string;
  timezone: string;
  window_minutes: number;
  starts_at: string;
  ends_at: string | null;
  notes: string;
  one_for_all: boolean;
  allow_late: boolean;
  /** The next occurrence still to open; null when the rule has ended. */
  next_due_at: string | null;
  created_by_username: string | null;
  created_at: string;
  /** The last 30 days' occurrences, oldest first: done, late, missed (or open). */
  recent: { due_at: string; status: OccurrenceStatus }[];
}

export interface Occurrence {
  /** When it opens. */
  due_at: string;
  /** When its window ends (its assignment's due_at). */
  closes_at: string;
  status: OccurrenceStatus;
  assignment_id: string | null;
  /** `one_for_all: false`: the member this one is for. */
  assignee_username: string | null;
  completed_by_username: string | null;
  submission_id: string | null;
}

export interface ScheduleBody {
  object_id: string;
  assigned_to: { type: ScheduleAssigneeType; id: string };
  rrule: string;
  timezone: string;
  window_minutes: number;
  starts_at?: string | null;
  ends_at?: string | null;
  notes?: string;
  one_for_all?: boolean;
  allow_late?: boolean;
}

/** GET share/schedule (a share token's, issue #44): what the link's kiosk station shows. */
export interface KioskSchedule {
  /** The occurrences open now (their window holds, or late ones allowed), oldest first. */
  due_now: Occurrence[];
  /** The next occurrence to open, if any. */
  next: { due_at: string; closes_at: string } | null;
  /** Done (or late) today, in the schedule's zone, newest first. */
  done_today: Occurrence[];
}
