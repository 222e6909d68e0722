import { describe, expect, it } from 'vitest';
import {
  nextOccurrence,
  occurrencesBetween,
  previousOccurrence,
  ruleProblem,
  shortestGapMinutes,
  zoneProblem,
} from '../../../../../src/server/services/schedules/recurrence.ts';

const daily6 = (timezone: string) => ({ rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', timezone, startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null });
const local = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

describe('daylight-saving changes', () => {
  it.each([
    ['Europe/Berlin', '2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z', ['2026-03-27T05:00:00.000Z', '2026-03-28T05:00:00.000Z', '2026-03-29T04:00:00.000Z', '2026-03-30T04:00:00.000Z', '2026-03-31T04:00:00.000Z']],
    ['Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-28T00:00:00Z', ['2026-10-23T04:00:00.000Z', '2026-10-24T04:00:00.000Z', '2026-10-25T05:00:00.000Z', '2026-10-26T05:00:00.000Z', '2026-10-27T05:00:00.000Z']],
    ['America/New_York', '2026-03-06T00:00:00Z', '2026-03-11T00:00:00Z', ['2026-03-06T11:00:00.000Z', '2026-03-07T11:00:00.000Z', '2026-03-08T10:00:00.000Z', '2026-03-09T10:00:00.000Z', '2026-03-10T10:00:00.000Z']],
    ['America/New_York', '2026-10-30T00:00:00Z', '2026-11-04T00:00:00Z', ['2026-10-30T10:00:00.000Z', '2026-10-31T10:00:00.000Z', '2026-11-01T11:00:00.000Z', '2026-11-02T11:00:00.000Z', '2026-11-03T11:00:00.000Z']],
  ])('06:00 %s stays 06:00 from %s', (zone, from, to, expected) => {
    const found = occurrencesBetween(daily6(zone), new Date(from), new Date(to));
    expect(found.map((d) => d.toISOString())).toEqual(expected);
    expect(found.every((d) => local(d, zone).endsWith('06:00'))).toBe(true);
  });

  it('a time in the spring gap moves forward; one in the autumn fold is the first', () => {
    const r = { rrule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=30', timezone: 'Europe/Berlin', startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null };
    expect(occurrencesBetween(r, new Date('2026-03-29T00:00:00Z'), new Date('2026-03-29T12:00:00Z')).map((d) => d.toISOString())).toEqual(['2026-03-29T01:30:00.000Z']);
    expect(occurrencesBetween(r, new Date('2026-10-25T00:00:00Z'), new Date('2026-10-25T12:00:00Z')).map((d) => d.toISOString())).toEqual(['2026-10-25T00:30:00.000Z']);
  });
});

describe('rules', () => {
  it('weekly on days, minutely, next and previous', () => {
    const weekly = { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=7;BYMINUTE=30', timezone: 'UTC', startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: null };
    expect(occurrencesBetween(weekly, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-10T00:00:00Z')).map((d) => d.toISOString())).toEqual([
      '2026-12-03T07:30:00.000Z',
      '2026-12-07T07:30:00.000Z',
    ]);
    const minutely = { rrule: 'FREQ=MINUTELY;INTERVAL=5', timezone: 'Europe/Berlin', startsAt: new Date('2026-12-07T06:00:20Z'), endsAt: new Date('2026-12-07T06:20:00Z') };
    expect(nextOccurrence(minutely, new Date('2026-12-07T06:01:00Z'))?.toISOString()).toBe('2026-12-07T06:05:00.000Z');
    expect(nextOccurrence(minutely, new Date('2026-12-07T06:05:00Z'))?.toISOString()).toBe('2026-12-07T06:05:00.000Z');
    expect(nextOccurrence(minutely, new Date('2026-12-07T06:05:00Z'), true)?.toISOString()).toBe('2026-12-07T06:10:00.000Z');
    expect(nextOccurrence(minutely, new Date('2026-12-07T06:20:01Z'))).toBeNull();
    expect(previousOccurrence(minutely, new Date('2026-12-07T06:12:00Z'))?.toISOString()).toBe('2026-12-07T06:10:00.000Z');
    expect(shortestGapMinutes(minutely, new Date('2026-12-07T06:00:00Z'))).toBe(5);
    expect(shortestGapMinutes(weekly, new Date('2026-12-01T00:00:00Z'))).toBe(3 * 24 * 60 + 24 * 60 - 24 * 60);
  });

  it('judges rules and zones', () => {
    expect(ruleProblem('FREQ=DAILY;BYHOUR=6;BYMINUTE=0')).toBeUndefined();
    expect(ruleProblem('FREQ=SOMETIMES')).toBeDefined();
    expect(ruleProblem('BYHOUR=6')).toBeDefined();
    expect(ruleProblem('FREQ=SECONDLY')).toBeDefined();
    expect(ruleProblem('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toBeDefined();
    expect(zoneProblem('Europe/Berlin')).toBeUndefined();
    expect(zoneProblem('UTC')).toBeUndefined();
    expect(zoneProblem('Mars/Olympus')).toBeDefined();
    expect(zoneProblem('+02:00')).toBeDefined();
  });
});
