import { describe, expect, it } from 'vitest';
import { daysAgo, firstQuery, firstWindowStart, gridFirstQuery, LATEST_ROW } from '../../../../islands/sheet-results/first-rows.ts';

describe('a sheet’s and a report’s first rows', () => {
  const now = new Date(2026, 10, 23, 15, 30);

  it('start the grid’s filter at the start of the local day 30 days ago, and its first read from a window that holds it', () => {
    expect(daysAgo(now)).toEqual(new Date(2026, 9, 24));
    expect(gridFirstQuery(now)).toEqual({ start_time: firstWindowStart(now), skip: 0 });
    expect(firstWindowStart(now) * 1000).toBeLessThanOrEqual(daysAgo(now).getTime());
  });

  it('are what each screen reads first: a report’s viewer its latest row, every grid its first window', () => {
    expect(firstQuery({ doctype: 'report' }, 'viewer', now)).toBe(LATEST_ROW);
    expect(LATEST_ROW).toEqual({ limit: 1 });
    expect(firstQuery({ doctype: 'sheet' }, 'viewer', now)).toEqual(gridFirstQuery(now));
    expect(firstQuery({ doctype: 'report' }, 'results', now)).toEqual(gridFirstQuery(now));
  });
});
