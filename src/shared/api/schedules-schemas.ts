/**
 * The zod schemas of the schedule calls (issue #44). The rule and the zone are judged by the server
 * (services/schedules/recurrence.ts: the `rrule` package and the Temporal polyfill); browser code takes the
 * shapes from `./schedules.ts`.
 */
import { z } from 'zod';
import { isoDateTime, MAX_ASSIGNMENT_NOTES_LENGTH } from './assignments-schemas.ts';
import { sentence } from './field-errors.ts';
import { epochSecondsParam, lastOf } from './query-params.ts';

const id = z.uuid({ error: 'must be a valid id' });

/** The longest window: a year. */
export const MAX_WINDOW_MINUTES = 366 * 24 * 60;

export const scheduleBody = z.object({
  object_id: id,
  assigned_to: z.object(
    { type: z.enum(['org', 'role', 'user', 'share_link'], { error: 'must be one of org, role, user, share_link' }), id },
    { error: 'an assignee is required' },
  ),
  rrule: z.string({ error: 'must be an RFC 5545 recurrence rule' }).trim().min(1, 'must be an RFC 5545 recurrence rule').max(500),
  timezone: z.string({ error: 'must be an IANA time zone' }).trim().min(1, 'must be an IANA time zone').max(100),
  window_minutes: z
    .int({ error: 'must be a whole number of minutes' })
    .min(1, 'must be at least 1')
    .max(MAX_WINDOW_MINUTES, `must be at most ${MAX_WINDOW_MINUTES}`),
  starts_at: isoDateTime.nullable().optional(),
  ends_at: isoDateTime.nullable().optional(),
  notes: z
    .string({ error: 'notes must be a string' })
    .trim()
    .max(MAX_ASSIGNMENT_NOTES_LENGTH, sentence(`Notes must be at most ${MAX_ASSIGNMENT_NOTES_LENGTH} characters`))
    .default(''),
  one_for_all: z.boolean({ error: 'must be true or false' }).default(true),
  allow_late: z.boolean({ error: 'must be true or false' }).default(false),
});
export type ScheduleBodyParsed = z.output<typeof scheduleBody>;

/** GET workflow/schedules: the organisation's (that I may Read), or one checklist's. */
export const listSchedulesQuery = z.object({ document_id: lastOf(id).optional() });
export type ListSchedulesParsed = z.output<typeof listSchedulesQuery>;

/** GET workflow/schedules/{id}/occurrences: from and to in epoch seconds (default: the last 30 days and the next 7). */
export const occurrencesQuery = z
  .object({ from: epochSecondsParam('from'), to: epochSecondsParam('to') })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'must not be before from', path: ['to'] });
export type OccurrencesParsed = z.output<typeof occurrencesQuery>;
