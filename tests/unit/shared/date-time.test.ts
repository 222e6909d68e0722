/**
 * THE date and time text (issue #43 "One look"): one format everywhere, the user's locale as the tables
 * show it ("Dec 7, 2026, 1:53 AM" in en-US), in the browser's zone or one given (the server's first paint).
 */
import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../../src/shared/date-time.ts';
import { DATE_TIME_STYLE } from '../../../src/shared/first-paint/date-time-style.ts';

describe('dateTimeText', () => {
  const at = '2026-12-07T01:53:11.000Z';

  it('writes a date and time in the one style, the locale’s own words for it', () => {
    expect(dateTimeText(at, 'UTC')).toBe(new Intl.DateTimeFormat(undefined, { ...DATE_TIME_STYLE, timeZone: 'UTC' }).format(new Date(at)));
    expect(dateTimeText(at)).toBe(new Intl.DateTimeFormat(undefined, DATE_TIME_STYLE).format(new Date(at)));
  });

  it('in en-US reads as the tables show it, without seconds', () => {
    const enUs = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_STYLE, timeZone: 'UTC' }).format(new Date(at));
    expect(enUs).toBe('Dec 7, 2026, 1:53 AM');
    expect(DATE_TIME_STYLE).toEqual({ dateStyle: 'medium', timeStyle: 'short' });
  });

  it('takes a Date too, and gives back what is no date as it came', () => {
    expect(dateTimeText(new Date(at), 'UTC')).toBe(dateTimeText(at, 'UTC'));
    expect(dateTimeText('not a date')).toBe('not a date');
  });

  it('a zone changes the hour, not the format', () => {
    expect(dateTimeText(at, 'America/New_York')).not.toBe(dateTimeText(at, 'UTC'));
  });
});
