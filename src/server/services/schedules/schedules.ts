/**
 * Schedules (issue #44): POST/GET/PUT/DELETE workflow/schedules and a schedule's occurrences. Who may:
 * Read the checklist to see its schedules (else 404, as for a missing one), Write it to make, change or
 * delete one (else 403), as assignments. Editing changes the occurrences from the next one on (one already
 * open stays as it is); deleting ends them (those opened stay, with their assignments); a checklist in the
 * trash pauses them (./opening-pass.ts skips it). The rules of a body: ./rules.ts.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { List } from '../../../shared/api/list.ts';
import type { Occurrence, Schedule } from '../../../shared/api/schedules.ts';
import type { ListSchedulesParsed, OccurrencesParsed, ScheduleBodyParsed } from '../../../shared/api/schedules-schemas.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { assignments, documents, organisations, roles, schedules, shareLinks, users } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { occurrenceStatus, presentOccurrence, presentSchedule, upcomingOccurrence, type ScheduleRow } from '../../presenters/schedules.ts';
import { recordActivity } from '../activity.ts';
import { documentAccess, readableDocument, requireAction } from '../documentation/access.ts';
import { allows } from '../../../shared/permissions/index.ts';
import { nextOccurrence, occurrencesBetween, previousOccurrence } from './recurrence.ts';
import { openDueOccurrences } from './opening-pass.ts';
import { judgeAssignee, judgeRecurrence, schedulableChecklist, startOf } from './rules.ts';

const scheduleNotFound = () => notFound('Schedule not found');
const DAY = 24 * 60 * 60 * 1000;
const MAX_LISTED = 500;
const MAX_OCCURRENCES = 1000;
const creator = alias(users, 'schedule_creator');
const assigneeUser = alias(users, 'schedule_assignee');

/** Schedules with the names they are shown with, and their last 30 days. Two statements. */
async function viewsOf(db: Queryable, where: ReturnType<typeof and>, now: Date): Promise<Schedule[]> {
  const found = await db
    .select({ row: schedules, objectName: documents.name, roleName: roles.name, userName: assigneeUser.username, orgName: organisations.name, linkName: shareLinks.name, createdBy: creator.username })
    .from(schedules)
    .innerJoin(documents, eq(documents.id, schedules.documentId))
    .leftJoin(roles, and(eq(schedules.assignedToType, 'role'), eq(roles.id, schedules.assignedToId)))
    .leftJoin(assigneeUser, and(eq(schedules.assignedToType, 'user'), eq(assigneeUser.id, schedules.assignedToId)))
    .leftJoin(organisations, and(eq(schedules.assignedToType, 'org'), eq(organisations.id, schedules.assignedToId)))
    .leftJoin(shareLinks, and(eq(schedules.assignedToType, 'share_link'), eq(shareLinks.id, schedules.assignedToId)))
    .leftJoin(creator, eq(creator.id, schedules.createdBy))
    .where(where)
    .orderBy(asc(documents.name), asc(schedules.id))
    .limit(MAX_LISTED);
  const ids = found.map((f) => f.row.id);
  const recent =
    ids.length === 0
      ? []
      : await db
          .select({ scheduleId: assignments.scheduleId, opensAt: assignments.opensAt, dueAt: assignments.dueAt, completedAt: assignments.completedAt, missedAt: assignments.missedAt })
          .from(assignments)
          .where(and(inArray(assignments.scheduleId, ids), gte(assignments.opensAt, new Date(now.getTime() - 30 * DAY)), lte(assignments.opensAt, now)))
          .orderBy(asc(assignments.opensAt));
  return found.map((f) =>
    presentSchedule({
      row: f.row,
      objectName: f.objectName,
      assigneeName: f.roleName ?? f.userName ?? f.orgName ?? f.linkName,
      createdByUsername: f.createdBy,
      recent: recent.filter((r) => r.scheduleId === f.row.id).map((r) => ({ due_at: r.opensAt!.toISOString(), status: occurrenceStatus(r) })),
    }),
  );
}

async function viewOf(db: Queryable, id: string, now: Date): Promise<Schedule> {
  const [view] = await viewsOf(db, eq(schedules.id, id), now);
  return view!;
}

/** The schedule `id` of the caller's organisation, on a checklist they may Read (else 404); with Write when `write` (else 403). */
async function visibleSchedule(db: Queryable, who: Member, id: string, write: boolean): Promise<ScheduleRow> {
  if (!isUuid(id)) throw scheduleNotFound();
  const [row] = await db.select().from(schedules).where(and(eq(schedules.id, id.toLowerCase()), eq(schedules.orgId, who.orgId)));
  if (!row) throw scheduleNotFound();
  const access = await documentAccess(db, who, row.documentId);
  if (!access || access.trashed || !allows(access.permissions, 'view')) throw scheduleNotFound();
  if (write) requireAction(access.permissions, 'assign', 'document');
  return row;
}

/** The columns a body sets, with the next occurrence to open from `now` on. */
function columnsOf(body: ScheduleBodyParsed, now: Date) {
  const startsAt = startOf(body, now);
  const endsAt = body.ends_at ?? null;
  return {
    assignedToType: body.assigned_to.type,
    assignedToId: body.assigned_to.id.toLowerCase(),
    rrule: body.rrule.replace(/^RRULE:/i, ''),
    timezone: body.timezone,
    windowMinutes: body.window_minutes,
    startsAt,
    endsAt,
    notes: body.notes,
    oneForAll: body.one_for_all,
    allowLate: body.allow_late,
    modifiedAt: now,
    nextDueAt: currentOrNext({ rrule: body.rrule, timezone: body.timezone, startsAt, endsAt }, body.window_minutes, now),
  };
}

/** The occurrence whose window holds now (a schedule made at 06:10 for 06:00 with an hour's window opens today's), or the next. */
function currentOrNext(r: Parameters<typeof nextOccurrence>[0], windowMinutes: number, now: Date): Date | null {
  const current = previousOccurrence(r, now);
  return current && current.getTime() + windowMinutes * 60_000 > now.getTime() ? current : nextOccurrence(r, now);
}

function activity(type: 'ScheduleCreated' | 'ScheduleUpdated' | 'ScheduleDeleted', who: Member, row: { id: string; documentId: string; rrule: string; timezone: string }, folderId: string, name: string, now: Date) {
  return {
    type,
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    folderId,
    documentId: row.documentId,
    context: { schedule_id: row.id, name, rrule: row.rrule, timezone: row.timezone },
  };
}

/** POST workflow/schedules: 201 with the schedule and its next_due_at. */
export async function createSchedule(deps: Deps, who: Member, body: ScheduleBodyParsed): Promise<Schedule> {
  const made = await createInTransaction(deps, who, body);
  // An occurrence open now opens at once (the background pass would within SCHEDULE_INTERVAL_MS).
  if (made.next_due_at !== null && Date.parse(made.next_due_at) <= deps.now().getTime()) {
    await openDueOccurrences(deps);
    return getSchedule(deps, who, made.id);
  }
  return made;
}

async function createInTransaction(deps: Deps, who: Member, body: ScheduleBodyParsed): Promise<Schedule> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const access = await schedulableChecklist(tx, who, body.object_id);
    judgeRecurrence(body, now);
    await judgeAssignee(tx, who, access.document.id, body.assigned_to);
    const id = uuidv7(now.getTime());
    const columns = columnsOf(body, now);
    await tx.insert(schedules).values({ id, orgId: who.orgId, documentId: access.document.id, createdBy: who.userId, createdAt: now, ...columns });
    await recordActivity(tx, activity('ScheduleCreated', who, { id, documentId: access.document.id, ...columns }, access.document.folderId, access.document.name, now));
    return viewOf(tx, id, now);
  });
}

/** GET workflow/schedules: the organisation's on checklists I may Read (or one checklist's: 404 without Read). */
export async function listSchedules(deps: Deps, who: Member, query: ListSchedulesParsed): Promise<List<Schedule>> {
  const now = deps.now();
  if (query.document_id !== undefined) {
    const access = await readableDocument(deps.db, who, query.document_id);
    const results = await viewsOf(deps.db, and(eq(schedules.orgId, who.orgId), eq(schedules.documentId, access.document.id)), now);
    return { results, total: results.length };
  }
  const all = await viewsOf(deps.db, eq(schedules.orgId, who.orgId), now);
  const readable = new Map<string, Promise<boolean>>();
  const visible = await Promise.all(
    all.map((s) => {
      let known = readable.get(s.object_id);
      if (!known) {
        known = documentAccess(deps.db, who, s.object_id).then((a) => !!a && !a.trashed && allows(a.permissions, 'view'));
        readable.set(s.object_id, known);
      }
      return known;
    }),
  );
  const results = all.filter((_, i) => visible[i]);
  return { results, total: results.length };
}

export async function getSchedule(deps: Deps, who: Member, id: string): Promise<Schedule> {
  const row = await visibleSchedule(deps.db, who, id, false);
  return viewOf(deps.db, row.id, deps.now());
}

/** PUT workflow/schedules/{id}: the whole schedule again (its checklist stays); from the next occurrence on. */
export async function updateSchedule(deps: Deps, who: Member, id: string, body: ScheduleBodyParsed): Promise<Schedule> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await visibleSchedule(tx, who, id, true);
    if (body.object_id.toLowerCase() !== row.documentId) {
      throw validationFailed([{ field: 'object_id', message: 'cannot change: make a new schedule' }]);
    }
    judgeRecurrence(body, now);
    await judgeAssignee(tx, who, row.documentId, body.assigned_to);
    const columns = columnsOf(body, now);
    // The occurrence open now stays: the next one opens after it.
    const [open] = await tx
      .select({ opensAt: assignments.opensAt })
      .from(assignments)
      .where(and(eq(assignments.scheduleId, row.id), isNotNull(assignments.opensAt)))
      .orderBy(desc(assignments.opensAt))
      .limit(1);
    if (open && columns.nextDueAt && columns.nextDueAt <= open.opensAt!) columns.nextDueAt = nextOccurrence({ ...columns }, open.opensAt!, true);
    await tx.update(schedules).set(columns).where(eq(schedules.id, row.id));
    const [doc] = await tx.select({ folderId: documents.folderId, name: documents.name }).from(documents).where(eq(documents.id, row.documentId));
    await recordActivity(tx, activity('ScheduleUpdated', who, { id: row.id, documentId: row.documentId, ...columns }, doc!.folderId, doc!.name, now));
    return viewOf(tx, row.id, now);
  });
}

/** DELETE workflow/schedules/{id}: no more occurrences; those opened stay with their assignments. */
export async function deleteSchedule(deps: Deps, who: Member, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await visibleSchedule(tx, who, id, true);
    await tx.delete(schedules).where(eq(schedules.id, row.id));
    const [doc] = await tx.select({ folderId: documents.folderId, name: documents.name }).from(documents).where(eq(documents.id, row.documentId));
    await recordActivity(tx, activity('ScheduleDeleted', who, row, doc!.folderId, doc!.name, now));
  });
}

/** GET workflow/schedules/{id}/occurrences: those opened (from their assignments) and those to come, in time order. */
export async function listOccurrences(deps: Deps, who: Member, id: string, query: OccurrencesParsed): Promise<List<Occurrence>> {
  const row = await visibleSchedule(deps.db, who, id, false);
  const now = deps.now();
  const from = query.from !== undefined ? new Date(query.from * 1000) : new Date(now.getTime() - 30 * DAY);
  const to = query.to !== undefined ? new Date(query.to * 1000) : new Date(now.getTime() + 7 * DAY);
  const assignee = alias(users, 'occurrence_assignee');
  const completer = alias(users, 'occurrence_completer');
  const opened = await deps.db
    .select({ row: assignments, assignee: assignee.username, completer: completer.username })
    .from(assignments)
    .leftJoin(assignee, and(eq(assignments.assignedToType, 'user'), eq(assignee.id, assignments.assignedToId)))
    .leftJoin(completer, eq(completer.id, assignments.completedBy))
    .where(and(eq(assignments.scheduleId, row.id), isNotNull(assignments.opensAt), gte(assignments.opensAt, from), lte(assignments.opensAt, to)))
    .orderBy(asc(assignments.opensAt), asc(assignments.id))
    .limit(MAX_OCCURRENCES);
  const results = opened.map((o) => presentOccurrence(o.row, { assigneeUsername: row.oneForAll ? null : o.assignee, completedByUsername: o.completer }));
  const lastOpened = opened.at(-1)?.row.opensAt ?? null;
  const upcomingFrom = new Date(Math.max(from.getTime(), now.getTime(), (lastOpened?.getTime() ?? 0) + 1));
  if (row.nextDueAt && upcomingFrom <= to) {
    const start = row.nextDueAt > upcomingFrom ? row.nextDueAt : upcomingFrom;
    for (const at of occurrencesBetween(row, start, to, MAX_OCCURRENCES - results.length)) results.push(upcomingOccurrence(at, row.windowMinutes));
  }
  return { results, total: results.length };
}

