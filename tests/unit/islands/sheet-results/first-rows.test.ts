import { describe, expect, it } from 'vitest';
import { daysAgo, epochSeconds, firstQuery, gridFirstQuery, LATEST_ROW } from '../../../../islands/sheet-results/first-rows.ts';

describe('a sheet’s and a report’s first rows', () => {
  const now = new Date(2026, 10, 23, 15, 30);

  it('start the grid’s window at the start of the local day 30 days ago', () => {
    expect(daysAgo(now)).toEqual(new Date(2026, 9, 24));
    expect(gridFirstQuery(daysAgo(now))).toEqual({ start_time: epochSeconds(new Date(2026, 9, 24)), skip: 0 });
  });

  it('are what each screen reads first: a report’s viewer its latest row, every grid the last 30 days', () => {
    expect(firstQuery({ doctype: 'report' }, 'viewer', now)).toBe(LATEST_ROW);
    expect(LATEST_ROW).toEqual({ limit: 1 });
    expect(firstQuery({ doctype: 'sheet' }, 'viewer', now)).toEqual(gridFirstQuery(daysAgo(now)));
    expect(firstQuery({ doctype: 'report' }, 'results', now)).toEqual(gridFirstQuery(daysAgo(now)));
  });
});
