/**
 * Assignments (documentation §3 Assignment, §7 workflow/assignments; DESIGN: `{kind}` is document or
 * folder, `assigned_to` an ACL subject). Kind `correction` is a corrective action raised by a submission
 * with validation errors (issue #12): it names the submitted row and the failing answers, and is closed
 * by completing it.
 */
import type { AclSubjectType, Doctype } from './documentation.ts';

export type AssignmentKind = 'document' | 'folder' | 'correction';

export type AssignmentStatus = 'open' | 'claimed' | 'completed' | 'missed';

export interface Assignee {
  /** `share_link`: a schedule's occurrence given to a kiosk station (issue #44). */
  type: AclSubjectType | 'share_link';
  id: string;
  name: string;
}

export interface Assignment {
  id: string;
  kind: AssignmentKind;
  /** The folder or document it is about. */
  object_id: string;
  object_name: string;
  /** Null for folders. */
  doctype: Doctype | null;
  assigned_at: string;
  assigned_to: Assignee;
  assigned_by_username: string | null;
  notes: string;
  claimed: boolean;
  claimed_by_username: string | null;
  completed: boolean;
  /**
   * Issue #44: `open`, `claimed`, `completed`, or `missed` (an occurrence whose window closed without a
   * submission). `overdue`: open or claimed past `due_at`.
   */
  status: AssignmentStatus;
  due_at: string | null;
  overdue: boolean;
  completed_by_username: string | null;
  completed_at: string | null;
  /** The submission that completed it (a checklist's assignment completes when an assignee submits it). */
  completed_submission_id: string | null;
  /** A schedule's occurrence: its schedule and when it opened. */
  schedule_id: string | null;
  opens_at: string | null;
  /** Corrections: the submitted row and its failing answers ({question_id, title, value}). */
  submission_id: string | null;
  failing_answers: { question_id: string; title: string; value: unknown }[];
}

/** POST workflow/assignments/{document|folder}: an assignee is required (spec §5). */
export interface CreateAssignmentBody {
  assigned_to: { type: AclSubjectType; id: string };
  object_id: string;
  notes?: string;
  /** ISO 8601 (issue #44). */
  due_at?: string | null;
}
