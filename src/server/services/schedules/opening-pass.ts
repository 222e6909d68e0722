/**
 * The schedule pass (issue #44), run by every server process (src/server/background-jobs.ts) and safe to
 * run at once in several: each occurrence becomes an assignment exactly once (the unique index
 * assignments_occurrence_key with INSERT … ON CONFLICT DO NOTHING), and each schedule's next_due_at moves
 * on only from the value the pass read. Set-based: a bounded number of statements per pass, whatever the
 * number of schedules — the due schedules (one read, BATCH at most), the members of the roles given
 * `one_for_all: false` (one read), the assignments (one INSERT per 1,000), next_due_at (one UPDATE) and the
 * assignment.due webhooks (one INSERT).
 *
 * Decisions where the issue is silent: only the latest occurrence whose window still holds is opened (those
 * passed while no server ran or while the checklist was in the trash are not made up); an opening is not an
 * activity entry nor a notification (a minutely schedule would flood both): its assignment shows on the
 * assignees' dashboards, and the webhook tells integrations.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { uuidv7 } from '../../../shared/ids.ts';
import type { Database, Queryable } from '../../db/connection.ts';
import { moveNextDue } from '../../db/queries/schedules.ts';
import { queueManyDeliveries } from '../../db/queries/webhooks.ts';
import { assignments, documents, memberships, schedules, userRoles, users } from '../../db/schema.ts';
import type { ScheduleRow } from '../../presenters/schedules.ts';
import { nextOccurrence, previousOccurrence } from './recurrence.ts';

/** The most schedules one pass opens (the next pass takes the rest). */
export const OPENING_BATCH = 1000;
const INSERT_CHUNK = 1000;

type NewAssignment = typeof assignments.$inferInsert;

/** The members each `one_for_all: false` schedule of a role or of the organisation gives its own occurrence. One statement. */
async function membersOf(db: Queryable, due: readonly ScheduleRow[]): Promise<(s: ScheduleRow) => string[]> {
  const each = due.filter((s) => !s.oneForAll && (s.assignedToType === 'role' || s.assignedToType === 'org'));
  if (each.length === 0) return () => [];
  const roleIds = [...new Set(each.filter((s) => s.assignedToType === 'role').map((s) => s.assignedToId))];
  const orgIds = [...new Set(each.map((s) => s.orgId))];
  const found = await db
    .select({ orgId: memberships.orgId, userId: memberships.userId, roleId: userRoles.roleId })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), eq(users.isActive, true)))
    .leftJoin(userRoles, and(eq(userRoles.userId, memberships.userId), roleIds.length > 0 ? inArray(userRoles.roleId, roleIds) : undefined))
    .where(and(inArray(memberships.orgId, orgIds), eq(memberships.isActive, true)));
  return (s) => {
    const ids = found.filter((m) => m.orgId === s.orgId && (s.assignedToType === 'org' || m.roleId === s.assignedToId)).map((m) => m.userId);
    return [...new Set(ids)];
  };
}

/** The assignments of one schedule's occurrence opening at `opensAt`. */
function occurrenceRows(s: ScheduleRow, opensAt: Date, people: string[], now: Date): NewAssignment[] {
  const base = {
    orgId: s.orgId,
    kind: 'document' as const,
    documentId: s.documentId,
    notes: s.notes,
    assignedBy: s.createdBy,
    assignedAt: now,
    scheduleId: s.id,
    opensAt,
    dueAt: new Date(opensAt.getTime() + s.windowMinutes * 60_000),
  };
  const perMember = !s.oneForAll && (s.assignedToType === 'role' || s.assignedToType === 'org');
  if (!perMember) return [{ ...base, id: uuidv7(now.getTime()), assignedToType: s.assignedToType, assignedToId: s.assignedToId }];
  return people.map((userId) => ({ ...base, id: uuidv7(now.getTime()), assignedToType: 'user' as const, assignedToId: userId }));
}

/** Opens the occurrences that have come; answers how many assignments were made. */
export async function openDueOccurrences(deps: { db: Database; now: () => Date }): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = (
      await tx
        .select({ s: schedules })
        .from(schedules)
        .innerJoin(documents, and(eq(documents.id, schedules.documentId), isNull(documents.deletedAt)))
        .where(lte(schedules.nextDueAt, now))
        .orderBy(asc(schedules.nextDueAt))
        .limit(OPENING_BATCH)
    ).map((r) => r.s);
    if (due.length === 0) return 0;
    const people = await membersOf(tx, due);
    const rows: NewAssignment[] = [];
    const moves = due.map((s) => {
      const opensAt = previousOccurrence(s, now);
      if (opensAt && opensAt.getTime() + s.windowMinutes * 60_000 > now.getTime()) rows.push(...occurrenceRows(s, opensAt, people(s), now));
      return { id: s.id, was: s.nextDueAt!, next: nextOccurrence(s, now, true) };
    });
    const opened: NewAssignment[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      opened.push(...(await tx.insert(assignments).values(rows.slice(i, i + INSERT_CHUNK)).onConflictDoNothing().returning()));
    }
    await moveNextDue(tx, moves);
    await queueManyDeliveries(
      tx,
      opened.map((a) => ({
        type: 'assignment.due',
        orgId: a.orgId,
        documentId: a.documentId ?? null,
        folderId: null,
        payload: {
          type: 'assignment.due',
          timestamp: now.toISOString(),
          data: {
            event_id: a.id,
            organization_id: a.orgId,
            actor_id: null,
            document_id: a.documentId,
            folder_id: null,
            assignment_id: a.id,
            kind: 'document',
            assigned_to: { type: a.assignedToType, id: a.assignedToId },
            notes: a.notes,
            schedule_id: a.scheduleId,
            opens_at: a.opensAt!.toISOString(),
            due_at: a.dueAt!.toISOString(),
          },
        },
        at: now,
      })),
      now,
    );
    return opened.length;
  });
}
