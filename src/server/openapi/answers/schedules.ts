/** The schedule calls' answers (issue #44), named in the OpenAPI document. */
import { z } from 'zod';
import { dateTime } from './list.ts';

const uuid = z.uuid();

const status = z.enum(['upcoming', 'open', 'done', 'late', 'missed']);

export const schedule = z
  .object({
    id: uuid,
    object_id: uuid,
    object_name: z.string(),
    assigned_to: z.object({ type: z.enum(['org', 'role', 'user', 'share_link']), id: uuid, name: z.string() }),
    rrule: z.string().meta({ description: 'An RFC 5545 recurrence rule, e.g. FREQ=DAILY;BYHOUR=6;BYMINUTE=0' }),
    timezone: z.string().meta({ description: 'An IANA time zone, e.g. Europe/Berlin' }),
    window_minutes: z.int(),
    starts_at: dateTime,
    ends_at: dateTime.nullable(),
    notes: z.string(),
    one_for_all: z.boolean(),
    allow_late: z.boolean(),
    next_due_at: dateTime.nullable(),
    created_by_username: z.string().nullable(),
    created_at: dateTime,
    recent: z.array(z.object({ due_at: dateTime, status })).meta({ description: 'The last 30 days’ occurrences, oldest first' }),
  })
  .meta({ id: 'Schedule' });

export const occurrence = z
  .object({
    due_at: dateTime.meta({ description: 'When it opens' }),
    closes_at: dateTime.meta({ description: 'When its window ends (its assignment’s due_at)' }),
    status,
    assignment_id: uuid.nullable(),
    assignee_username: z.string().nullable(),
    completed_by_username: z.string().nullable(),
    submission_id: uuid.nullable(),
  })
  .meta({ id: 'Occurrence' });

export const kioskScheduleAnswer = z
  .object({
    due_now: z.array(occurrence),
    next: z.object({ due_at: dateTime, closes_at: dateTime }).nullable(),
    done_today: z.array(occurrence),
  })
  .meta({ id: 'KioskSchedule' });
