/**
 * The New schedule form's choices as a `POST workflow/schedules` body (issue #44): "How often" is a preset
 * (hourly, daily, weekdays, weekly — at a time of day) or a custom RFC 5545 rule; the time zone defaults to
 * the browser's. Pure: no DOM.
 */
import type { ScheduleAssigneeType, ScheduleBody } from '../../../src/shared/api/schedules.ts';

export const HOW_OFTEN = { hourly: 'Every hour', daily: 'Every day', weekdays: 'Every weekday (Monday to Friday)', weekly: 'Every week', custom: 'Custom rule (RFC 5545)' } as const;
export type HowOften = keyof typeof HOW_OFTEN;

export interface ScheduleChoices {
  assignee: { type: ScheduleAssigneeType; id: string } | null;
  howOften: HowOften;
  /** HH:MM, the time of day (hourly: its minute). */
  at: string;
  customRule: string;
  timezone: string;
  windowMinutes: string;
  /** `datetime-local` values ('' when not given), read in the browser's zone. */
  startsAt: string;
  endsAt: string;
  oneForAll: boolean;
  allowLate: boolean;
  notes: string;
}

export const newChoices = (timezone: string): ScheduleChoices => ({
  assignee: null,
  howOften: 'daily',
  at: '06:00',
  customRule: '',
  timezone,
  windowMinutes: '60',
  startsAt: '',
  endsAt: '',
  oneForAll: true,
  allowLate: false,
  notes: '',
});

/** The rule of a preset at a time of day; a custom rule as typed. */
export function ruleOf(choices: Pick<ScheduleChoices, 'howOften' | 'at' | 'customRule'>): string {
  if (choices.howOften === 'custom') return choices.customRule.trim();
  const [hour = 0, minute = 0] = choices.at.split(':').map((n) => Number.parseInt(n, 10) || 0);
  const time = `BYHOUR=${hour};BYMINUTE=${minute}`;
  switch (choices.howOften) {
    case 'hourly':
      return `FREQ=HOURLY;BYMINUTE=${minute}`;
    case 'daily':
      return `FREQ=DAILY;${time}`;
    case 'weekdays':
      return `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;${time}`;
    case 'weekly':
      return `FREQ=WEEKLY;${time}`;
  }
}

const instant = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** The body; the server judges it (422 naming the field). */
export function scheduleBody(objectId: string, choices: ScheduleChoices): ScheduleBody | string {
  if (!choices.assignee) return 'Choose who it is assigned to.';
  return {
    object_id: objectId,
    assigned_to: choices.assignee,
    rrule: ruleOf(choices),
    timezone: choices.timezone.trim(),
    window_minutes: Number(choices.windowMinutes),
    starts_at: instant(choices.startsAt),
    ends_at: instant(choices.endsAt),
    notes: choices.notes,
    one_for_all: choices.oneForAll,
    allow_late: choices.allowLate,
  };
}
