/**
 * Dates and times as people read them, in the browser's language and time zone. The formats are made on
 * first use, never at import: a page's first Intl.DateTimeFormat loads the browser's locale data, about
 * 150 ms of main thread on a phone at 4× CPU, which at import time sat between a page's data and its paint.
 */
import { DATE_TIME_STYLE } from '../shared/first-paint/date-time-style.ts';

let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

function parse(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "3 March 2025" (or the browser's equivalent); the input itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  if (!date) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
  return dateFormat.format(date);
}

/** "3 Mar 2025, 14:05" (or the browser's equivalent); the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, DATE_TIME_STYLE);
  return dateTimeFormat.format(date);
}

/** A <time> element showing `text` for the machine-readable `iso`. */
export function timeElement(iso: string, text: string): HTMLTimeElement {
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = text;
  return time;
}
