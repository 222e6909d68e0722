import { describe, expect, it } from 'vitest';
import { bucketFor, plannedSheetCharts, sheetCharts } from '../../../../islands/sheet-results/sheet-charts.ts';
import type { Analytics } from '../../../../src/shared/api/analytics.ts';
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
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const day = (d: number) => seconds(new Date(2026, 11, d));
const bucket = (start: number, count: number, failing: number, values?: [number, number, number]) => ({
  start,
  count,
  failing,
  answers: {},
  min: values?.[0] ?? null,
  p50: values?.[1] ?? null,
  max: values?.[2] ?? null,
});
/** As the analytics call answers (the database's figures). */
const analytics: Analytics = {
  buckets: [],
  questions: [
    { question_id: 'temp', title: 'Cold room', value_type: 'decimal', buckets: [bucket(day(1), 1, 0, [5, 5, 5]), bucket(day(3), 2, 1, [4, 6.5, 9])] },
    { question_id: 'when', title: 'Delivered', value_type: 'datetime', buckets: [bucket(day(1), 1, 0), bucket(day(2), 2, 0)] },
    { question_id: 'gone', title: 'A column no longer in the sheet', value_type: 'number', buckets: [bucket(day(1), 1, 0, [1, 1, 1])] },
  ],
  submitters: [],
};

describe('a result sheet’s charts', () => {
  it('picks days up to two months, weeks up to two years, then months', () => {
    expect([bucketFor(30 * 86_400), bucketFor(365 * 86_400), bucketFor(800 * 86_400)]).toEqual(['day', 'week', 'month']);
  });

  it('charts a number column by the rows’ day, and a date-time column by its own day, from the call’s figures', () => {
    const charts = sheetCharts(contents, analytics, { start: day(1), end: day(4) }, 'day');
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

  it('draws no chart for a column without answers in the range', () => {
    const empty = { ...analytics, questions: analytics.questions.map((q) => ({ ...q, buckets: [] })) };
    expect(sheetCharts(contents, empty, { start: day(1), end: day(4) }, 'day')).toEqual([]);
  });

  it('the charts planned before the numbers: the number, decimal and date-time columns, in order', () => {
    expect(plannedSheetCharts(contents)).toEqual([
      { id: 'column-temp', title: 'Cold room' },
      { id: 'column-when', title: 'Delivered' },
    ]);
  });
});
