/** Dates and times as people read them, in the browser's language and time zone. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "3 March 2025" (or the browser's equivalent); the input itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

/** "3 Mar 2025, 14:05" (or the browser's equivalent); the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

/** A <time> element showing `text` for the machine-readable `iso`. */
export function timeElement(iso: string, text: string): HTMLTimeElement {
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = text;
  return time;
}
