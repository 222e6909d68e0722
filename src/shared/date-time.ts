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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day or a month of THE style, without its time ("Dec 7, 2026"; "December 2026"): a chart's bucket. */
export function dayText(at: Date, unit: 'day' | 'month' = 'day', locale?: string): string {
  const key = `${unit} ${locale ?? ''}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, unit === 'month' ? { month: 'long', year: 'numeric' } : { dateStyle: DATE_TIME_STYLE.dateStyle });
    dayFormats.set(key, format);
  }
  return format.format(at);
}

/** The reader's IANA time zone (UTC when the runtime does not say). */
export const readerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether `name` is an IANA time zone the runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
