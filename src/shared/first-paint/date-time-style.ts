/**
 * THE style of a date-time in the app (src/client/time-format.ts `formatDateTime`), also given to the
 * inline step that writes a first paint's times in the browser's zone (./sheet-results-step.js).
 */
export const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
