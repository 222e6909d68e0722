/**
 * Dates and times as people read them, in the browser's language and time zone: THE one format
 * (src/shared/date-time.ts, issue #43), "Dec 7, 2026, 1:53 AM" in en-US.
 */
import { dateTimeText } from '../shared/date-time.ts';

/** "Dec 7, 2026, 1:53 AM" (or the browser's equivalent); the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  return dateTimeText(iso);
}

/** A <time> element showing `text` for the machine-readable `iso`. */
export function timeElement(iso: string, text: string): HTMLTimeElement {
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = text;
  return time;
}
