/**
 * The work handed out in an organisation, in its export (./export.ts): its assignments with their due
 * dates, state and who claimed and completed them (assignments.json), and its schedules of recurring
 * checks (schedules.json).
 */
import { assignments, schedules } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { statusOf } from '../../presenters/assignments.ts';
import { byId, EXPORT_PAGE, jsonArray, orgPage, pages } from './pages.ts';
import type { ZipWriter } from './zip.ts';

type AssignmentRow = typeof assignments.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

function assignmentPage(deps: Deps, orgId: string, after: string | undefined) {
  const page = orgPage({ column: assignments.orgId, id: orgId }, assignments.id, after);
  return deps.db.select().from(assignments).where(page.where).orderBy(page.orderBy).limit(EXPORT_PAGE);
}

function schedulePage(deps: Deps, orgId: string, after: string | undefined) {
  const page = orgPage({ column: schedules.orgId, id: orgId }, schedules.id, after);
  return deps.db.select().from(schedules).where(page.where).orderBy(page.orderBy).limit(EXPORT_PAGE);
}

const assignmentJson = (a: AssignmentRow) => ({
  id: a.id,
  kind: a.kind,
  folder_id: a.folderId,
  document_id: a.documentId,
  submission_id: a.submissionId,
  assigned_to_type: a.assignedToType,
  assigned_to_id: a.assignedToId,
  notes: a.notes,
  status: statusOf(a),
  due_at: a.dueAt,
  schedule_id: a.scheduleId,
  opens_at: a.opensAt,
  missed_at: a.missedAt,
  context: a.context,
  assigned_by: a.assignedBy,
  assigned_at: a.assignedAt,
  claimed_by: a.claimedBy,
  claimed_at: a.claimedAt,
  completed_by: a.completedBy,
  completed_at: a.completedAt,
  completed_submission_id: a.completedSubmissionId,
});

const scheduleJson = (s: ScheduleRow) => ({
  id: s.id,
  document_id: s.documentId,
  assigned_to_type: s.assignedToType,
  assigned_to_id: s.assignedToId,
  rrule: s.rrule,
  timezone: s.timezone,
  window_minutes: s.windowMinutes,
  starts_at: s.startsAt,
  ends_at: s.endsAt,
  notes: s.notes,
  one_for_all: s.oneForAll,
  allow_late: s.allowLate,
  next_due_at: s.nextDueAt,
  created_by: s.createdBy,
  created_at: s.createdAt,
  modified_at: s.modifiedAt,
});

export async function addWorkflow(zip: ZipWriter, deps: Deps, orgId: string): Promise<void> {
  await zip.add('assignments.json', () => jsonArray(pages((after: string | undefined) => assignmentPage(deps, orgId, after), byId), assignmentJson));
  await zip.add('schedules.json', () => jsonArray(pages((after: string | undefined) => schedulePage(deps, orgId, after), byId), scheduleJson));
}
