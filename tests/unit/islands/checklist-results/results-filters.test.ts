import { describe, expect, it } from 'vitest';
import { analyticsQueryOf, bucketEnd, dataQueryOf, defaultFilters, rangeOf, submitterChoices } from '../../../../islands/checklist-results/results-filters.ts';

const now = new Date(2026, 11, 7, 15, 30);
const local = (y: number, m: number, d: number) => Math.floor(new Date(y, m, d).getTime() / 1000);

describe('the results page’s filters', () => {
  it('opens on the last 30 local days, by day', () => {
    const filters = defaultFilters(now);
    expect(filters).toMatchObject({ from: '2026-11-08', to: '2026-12-07', bucket: 'day', status: '', submitter: '' });
    expect(rangeOf(filters, now)).toEqual({ start_time: local(2026, 10, 8), end_time: local(2026, 11, 8) });
  });

  it('asks the analytics for the range and the filters, and the grid for a clicked bucket only', () => {
    const filters = { ...defaultFilters(now), status: 'failing' as const, submitter: 'share:abc' };
    expect(analyticsQueryOf(filters, now, 'Europe/Berlin')).toEqual({ ...rangeOf(filters, now), bucket: 'day', tz: 'Europe/Berlin', status: 'failing', share_link_id: 'abc' });
    const start = local(2026, 11, 1);
    expect(dataQueryOf({ ...filters, submitter: 'user:u1', window: { start, end: bucketEnd(start, 'day') } }, now)).toEqual({
      start_time: start,
      end_time: local(2026, 11, 2),
      status: 'failing',
      created_by: 'u1',
    });
  });

  it('ends a week 7 local days on and a month on the 1st', () => {
    expect(bucketEnd(local(2026, 10, 30), 'week')).toBe(local(2026, 11, 7));
    expect(bucketEnd(local(2026, 10, 1), 'month')).toBe(local(2026, 11, 1));
  });

  it('names members and share links with their counts', () => {
    expect(
      submitterChoices([
        { user_id: 'u1', share_link_id: null, name: 'ann', submissions: 3 },
        { user_id: null, share_link_id: 'l1', name: 'share: Gate', submissions: 1 },
      ]),
    ).toEqual([
      { value: 'user:u1', label: 'ann (3)' },
      { value: 'share:l1', label: 'share: Gate (1)' },
    ]);
  });
});
