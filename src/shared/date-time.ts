/**
 * THE date and time text (issue #43 "One look"): every date a person reads — tables, tiles, the webhook
 * log, the filler's 'Sent at', the server's first paint — is written here, in the user's locale as the
 * tables show it ("Dec 7, 2026, 1:53 AM" in en-US: ../first-paint/date-time-style.ts). Lint refuses any
 * other date formatting (scripts/lint/one-date-format.js). The formats are made on first use, never at
 * import: a page's first Intl.DateTimeFormat loads the browser's locale data (about 150 ms on a phone).
 */
import { DATE_TIME_STYLE } from './first-paint/date-time-style.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** `at` as a date and time, in `timeZone` (default: the reader's own); what is no date comes back as it came. */
export function dateTimeText(at: string | Date, timeZone?: string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return typeof at === 'string' ? at : '';
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, timeZone ? { ...DATE_TIME_STYLE, timeZone } : DATE_TIME_STYLE);
    formats.set(key, format);
  }
  return format.format(date);
}

let timeFormat: Intl.DateTimeFormat | undefined;

/** The time part of the same style ("1:53 AM"), for a moment of today ('Sent at 1:53 AM'). */
export function timeOfDayText(at: Date): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { timeStyle: DATE_TIME_STYLE.timeStyle });
  return timeFormat.format(at);
}
