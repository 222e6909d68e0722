/**
 * A kiosk station's schedule (issue #44): what the schedules given to a share link say now — the
 * occurrences open now, the next one to open, and those done today (the schedule's zone). A submission
 * through the link completes the open one (services/assignments/completion.ts: assignments given to the link).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { KioskSchedule } from '../../../shared/api/schedules.ts';
import { assignments, schedules, users } from '../../db/schema.ts';
import type { Deps, ShareCaller } from '../../env.ts';
import { occurrenceStatus, presentOccurrence } from '../../presenters/schedules.ts';

/** Midnight today in the zone. */
function startOfToday(now: Date, timezone: string): Date {
  const zoned = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone).startOfDay();
  return new Date(zoned.epochMilliseconds);
}

export async function kioskSchedule(deps: Deps, share: ShareCaller): Promise<KioskSchedule> {
  const now = deps.now();
  const given = await deps.db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, share.orgId), eq(schedules.documentId, share.documentId), eq(schedules.assignedToType, 'share_link'), eq(schedules.assignedToId, share.linkId)));
  if (given.length === 0) return { due_now: [], next: null, done_today: [] };
  const since = new Date(Math.min(...given.map((s) => startOfToday(now, s.timezone).getTime()), now.getTime() - 24 * 60 * 60 * 1000));
  const opened = await deps.db
    .select({ row: assignments, completer: users.username })
    .from(assignments)
    .leftJoin(users, eq(users.id, assignments.completedBy))
    .where(and(inArray(assignments.scheduleId, given.map((s) => s.id)), gte(assignments.dueAt, since)))
    .orderBy(asc(assignments.opensAt));
  const names = (o: (typeof opened)[number]) => ({ assigneeUsername: null, completedByUsername: o.completer ?? (o.row.completedAt ? `share: ${share.name}` : null) });
  const dueNow = opened.filter((o) => occurrenceStatus(o.row) === 'open').map((o) => presentOccurrence(o.row, names(o)));
  const doneToday = opened
    .filter((o) => o.row.completedAt !== null && o.row.completedAt >= startOfToday(now, given.find((s) => s.id === o.row.scheduleId)?.timezone ?? 'UTC'))
    .map((o) => presentOccurrence(o.row, names(o)))
    .reverse();
  const upcoming = given
    .filter((s) => s.nextDueAt !== null)
    .map((s) => ({ at: s.nextDueAt!, closes: new Date(s.nextDueAt!.getTime() + s.windowMinutes * 60_000) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return {
    due_now: dueNow,
    next: upcoming ? { due_at: upcoming.at.toISOString(), closes_at: upcoming.closes.toISOString() } : null,
    done_today: doneToday,
  };
}
