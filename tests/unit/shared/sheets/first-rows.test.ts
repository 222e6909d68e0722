/**
 * The grid's first window (src/shared/sheets/first-rows.ts): whole UTC days that hold the start of the local
 * day 30 days ago in every time zone (UTC−12 to UTC+14), so the server, which knows no time zone, answers the
 * very read the page makes; and its address as the transport spells it.
 */
import { describe, expect, it } from 'vitest';
import { firstRowsAddress, firstRowsQuery, firstWindowStart, gridFirstQuery, LATEST_ROW } from '../../../../src/shared/sheets/first-rows.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The start of the local day 30 days before `now` in a zone `offset` hours from UTC, as an instant. */
function localCutoff(now: Date, offset: number): number {
  const local = new Date(now.getTime() + offset * HOUR - 30 * DAY);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset * HOUR;
}

describe('firstWindowStart', () => {
  it('is a UTC midnight at or before the local day 30 days ago, in every time zone, at any hour', () => {
    for (let hour = 0; hour < 48; hour += 0.5) {
      const now = new Date(Date.UTC(2026, 10, 23) + hour * HOUR);
      const start = firstWindowStart(now) * 1000;
      expect(start % DAY).toBe(0);
      for (let offset = -12; offset <= 14; offset += 0.25) expect(start, `${now.toISOString()} UTC${offset}`).toBeLessThanOrEqual(localCutoff(now, offset));
      // …and no wider than it needs: three days before the latest local cutoff at most.
      expect(localCutoff(now, -12) - start).toBeLessThanOrEqual(3 * DAY);
    }
  });

  it('is the same all through a UTC day (the server and the page agree within it)', () => {
    expect(firstWindowStart(new Date('2026-11-23T00:00:00Z'))).toBe(firstWindowStart(new Date('2026-11-23T23:59:59Z')));
    expect(firstWindowStart(new Date('2026-11-23T00:00:00Z'))).toBe(Date.UTC(2026, 9, 22) / 1000);
  });
});

describe('firstRowsAddress', () => {
  it('spells each first read as the transport sends it', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(firstRowsAddress('d1', gridFirstQuery(now))).toBe(`documentation/documents/d1/sheet-data?start_time=${Date.UTC(2026, 9, 22) / 1000}&skip=0`);
    expect(firstRowsAddress('d1', firstRowsQuery('report', 'viewer', now))).toBe('documentation/documents/d1/sheet-data?limit=1');
    expect(firstRowsQuery('report', 'viewer', now)).toBe(LATEST_ROW);
    expect(firstRowsQuery('sheet', 'viewer', now)).toEqual(gridFirstQuery(now));
  });
});
