/**
 * What a schedule's body must be (issue #44), beyond its shape: a checklist the caller may Write (403; 404
 * without Read), an assignee of the organisation (a share link: one of this checklist's, not revoked), a
 * rule and a zone that can be used, a window no longer than the time between two occurrences, and an end
 * after the start. Each refusal is a 422 naming its field.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ScheduleBodyParsed } from '../../../shared/api/schedules-schemas.ts';
import type { Queryable } from '../../db/connection.ts';
import { shareLinks } from '../../db/schema.ts';
import type { Member } from '../../env.ts';
import { validationFailed, type FieldError } from '../../errors.ts';
import { readableDocument, requireAction, type DocumentAccess } from '../documentation/access.ts';
import { requireOwnIds } from '../own-ids.ts';
import { ruleProblem, shortestGapMinutes, zoneProblem } from './recurrence.ts';

/** The checklist scheduled: Read (else 404), Write (else 403), a checklist (else 422 naming object_id). */
export async function schedulableChecklist(db: Queryable, who: Member, documentId: string): Promise<DocumentAccess> {
  const access = await readableDocument(db, who, documentId);
  requireAction(access.permissions, 'assign', 'document');
  if (access.document.doctype !== 'form') throw validationFailed([{ field: 'object_id', message: 'is not a checklist' }]);
  return access;
}

/**
 * The start a body means, to the whole minute: its starts_at, or one window before now, so that an
 * occurrence whose window still holds counts (a schedule made at 06:10 for 06:00 with an hour's window opens today's).
 */
export function startOf(body: ScheduleBodyParsed, now: Date): Date {
  const start = body.starts_at ?? new Date(now.getTime() - body.window_minutes * 60_000);
  // Whole minutes: the occurrences are (the rule counts from the start's minute).
  return new Date(Math.floor(start.getTime() / 60_000) * 60_000);
}

/** 422 unless the rule, the zone, the window and the dates can be used. */
export function judgeRecurrence(body: ScheduleBodyParsed, now: Date): void {
  const errors: FieldError[] = [];
  const rule = ruleProblem(body.rrule);
  if (rule) errors.push({ field: 'rrule', message: rule });
  const zone = zoneProblem(body.timezone);
  if (zone) errors.push({ field: 'timezone', message: zone });
  const startsAt = startOf(body, now);
  if (body.ends_at && body.ends_at <= startsAt) errors.push({ field: 'ends_at', message: 'must be after starts_at' });
  if (!rule && !zone) {
    const gap = shortestGapMinutes({ rrule: body.rrule, timezone: body.timezone, startsAt, endsAt: body.ends_at ?? null }, startsAt);
    if (gap !== null && body.window_minutes > gap) {
      errors.push({ field: 'window_minutes', message: `must not be longer than the time between two occurrences (${gap} minutes)` });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** 422 naming assigned_to.id unless the assignee is the organisation's (a share link: this checklist's, live). */
export async function judgeAssignee(db: Queryable, who: Member, documentId: string, assignedTo: ScheduleBodyParsed['assigned_to']): Promise<void> {
  const { type, id } = assignedTo;
  if (type === 'org') {
    if (id.toLowerCase() !== who.orgId) throw validationFailed([{ field: 'assigned_to.id', message: 'is not this organization' }]);
    return;
  }
  if (type === 'share_link') {
    const [link] = await db
      .select({ id: shareLinks.id })
      .from(shareLinks)
      .where(and(eq(shareLinks.id, id.toLowerCase()), eq(shareLinks.orgId, who.orgId), eq(shareLinks.documentId, documentId), isNull(shareLinks.revokedAt)));
    if (!link) throw validationFailed([{ field: 'assigned_to.id', message: 'is not a live share link of this checklist' }]);
    return;
  }
  await requireOwnIds(db, who.orgId, [{ field: 'assigned_to.id', kind: type, id }]);
}
