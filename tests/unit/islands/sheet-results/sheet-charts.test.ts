import { describe, expect, it } from 'vitest';
import { bucketFor, bucketStart, sheetCharts } from '../../../../islands/sheet-results/sheet-charts.ts';
import type { SheetRow } from '../../../../src/shared/api/sheets.ts';
import { newQuestion, withValueType, type Question } from '../../../../src/shared/checklists/index.ts';
import type { SheetContents } from '../../../../src/shared/sheets/model.ts';

const q = (valueType: Question['valueType'], changes: Partial<Question> = {}) => ({ ...withValueType(newQuestion(), valueType), title: valueType, form_id: 'f', ...changes });
const contents: SheetContents = {
  questions: {
    temp: q('decimal', { title: 'Cold room', validation: { enabled: true, min: 2, max: 8 } as Question['validation'] }),
    when: q('datetime', { title: 'Delivered' }),
    note: q('text'),
  },
  question_index: ['temp', 'when', 'note'],
  form_links: {},
  form_ids: ['f'],
};
const row = (at: Date, temp: number, when: string, valid = true): SheetRow => ({
  created_at: at.toISOString(),
  created_by_username: 'ann',
  submissions: {},
  record: {
    temp: { value: temp, comments: '', media: [], valid },
    when: { value: when, comments: '', media: [], valid: true },
    note: { value: 'x', comments: '', media: [], valid: true },
  },
});
const local = (d: number, h = 10) => new Date(2026, 11, d, h);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

describe('a result sheet’s charts', () => {
  it('picks days up to two months, weeks up to two years, then months', () => {
    expect([bucketFor(30 * 86_400), bucketFor(365 * 86_400), bucketFor(800 * 86_400)]).toEqual(['day', 'week', 'month']);
    expect(bucketStart(local(9).getTime(), 'week')).toBe(seconds(new Date(2026, 11, 7))); // Wednesday → Monday 7 Dec
  });

  it('charts a number column by the rows’ day, and a date-time column by its own day', () => {
    const rows = [row(local(3), 9, local(2).toISOString(), false), row(local(3, 8), 4, local(2).toISOString()), row(local(1), 5, local(1).toISOString())];
    const charts = sheetCharts(contents, rows, { start: seconds(new Date(2026, 11, 1)), end: seconds(new Date(2026, 11, 4)) });
    expect(charts.map((c) => [c.id, c.kind])).toEqual([
      ['column-temp', 'values'],
      ['column-when', 'submissions'],
    ]);
    const [temp, when] = charts;
    expect(temp!.band).toEqual({ min: 2, max: 8 });
    expect(temp!.table.rows.map((r) => r.slice(1))).toEqual([
      ['1', '5', '5', '5', '0'],
      ['2', '4', '6.5', '9', '1'],
    ]);
    expect(when!.table.rows.map((r) => r.slice(1))).toEqual([
      ['1', '1', '0'],
      ['2', '2', '0'],
    ]);
  });
});
