import { describe, expect, it } from 'vitest';
import type { SheetRow } from '../../../../src/shared/api/sheets.ts';
import type { SheetContents } from '../../../../src/shared/sheets/model.ts';
import {
  cellText,
  clampSkip,
  columnsOf,
  countOnOrAfter,
  dateFromInput,
  dateInputValue,
  formOrder,
  pageRows,
  readSheetContents,
  rowKey,
  rowSubmission,
  validFlag,
} from '../../../../islands/sheet-results/results-state.ts';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';
const q = (form_id: string, title: string, valueType = 'text') => ({ title, valueType, form_id }) as unknown as SheetContents['questions'][string];

const contents: SheetContents = {
  questions: { tag: q(A, 'Asset tag'), loc: q(A, ''), itag: q(B, 'Asset tag'), result: q(B, 'Result', 'pass/fail') },
  question_index: ['tag', 'loc', 'result', 'gone'],
  form_links: { itag: 'tag' },
  form_ids: [B, A],
};

const row = (created_at: string, submissions: Record<string, string> = {}, record: SheetRow['record'] = {}): SheetRow => ({
  created_at,
  created_by_username: 'ann',
  record,
  submissions,
});

describe('results grid state', () => {
  it('takes its columns from question_index, untitled as Question n, skipping unknown ids', () => {
    expect(columnsOf(contents).map((c) => [c.id, c.title, c.formId])).toEqual([
      ['tag', 'Asset tag', A],
      ['loc', 'Question 2', A],
      ['result', 'Result', B],
    ]);
  });

  it('reads contents that are missing or partial', () => {
    expect(readSheetContents(null)).toEqual({ questions: {}, question_index: [], form_links: {}, form_ids: [] });
    expect(readSheetContents({ question_index: ['a', 3] }).question_index).toEqual(['a']);
  });

  it('writes answers as people read them, nothing for none', () => {
    expect(cellText('pass/fail', 'pass')).toBe('Pass');
    expect(cellText('true/false', false)).toBe('False');
    expect(cellText('multiple choice', ['a', 'b'])).toBe('a, b');
    expect(cellText('number', 3)).toBe('3');
    expect(cellText('text', 'not checked')).toBe('');
    expect(cellText('text', undefined)).toBe('');
    expect(cellText('datetime', '2026-01-02T03:04:05Z', () => 'formatted')).toBe('formatted');
  });

  it('shows the valid flag only for an answer', () => {
    const r = row('2026-01-01T00:00:00Z', {}, {
      a: { value: 'x', comments: '', media: [], valid: true },
      b: { value: 3, comments: '', media: [], valid: false },
      c: { value: 'not checked', comments: '', media: [], valid: true },
    });
    expect([validFlag(r, 'a'), validFlag(r, 'b'), validFlag(r, 'c'), validFlag(r, 'd')]).toEqual([true, false, undefined, undefined]);
  });

  it('opens the root checklist’s submission first, then any', () => {
    expect(formOrder(contents)).toEqual([A, B]);
    expect(rowSubmission(row('x', { [B]: 'child', [A]: 'root' }), formOrder(contents))).toBe('root');
    expect(rowSubmission(row('x', { [B]: 'child' }), formOrder(contents))).toBe('child');
    expect(rowSubmission(row('x'), formOrder(contents))).toBeUndefined();
    expect(rowKey(row('x', { [B]: '2', [A]: '1' }))).toBe('1+2');
  });

  it('filters on or after a date by binary search over rows newest first', () => {
    const rows = ['2026-03-05', '2026-03-04', '2026-03-03', '2026-03-01', '2026-02-01'].map((d) => row(`${d}T12:00:00Z`));
    expect(countOnOrAfter(rows, new Date('2026-03-03T00:00:00Z'))).toBe(3);
    expect(countOnOrAfter(rows, new Date('2027-01-01T00:00:00Z'))).toBe(0);
    expect(countOnOrAfter(rows, new Date('2020-01-01T00:00:00Z'))).toBe(5);
    expect(countOnOrAfter(rows, undefined)).toBe(5);
    expect(countOnOrAfter(rows, new Date('2020-01-01T00:00:00Z'), 2)).toBe(2);
  });

  it('pages 10 rows at a time in either direction without copying the rows', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(new Date(Date.UTC(2026, 0, 30 - i)).toISOString()));
    expect(pageRows(rows, 25, 'descending', 0)).toHaveLength(10);
    expect(pageRows(rows, 25, 'descending', 20)).toEqual(rows.slice(20));
    expect(pageRows(rows, 25, 'ascending', 0)[0]).toBe(rows[24]);
    expect(pageRows(rows, 5, 'ascending', 0).map((r) => r.created_at)).toEqual(rows.slice(0, 5).reverse().map((r) => r.created_at));
    expect(clampSkip(30, 25)).toBe(20);
    expect(clampSkip(10, 25)).toBe(10);
    expect(clampSkip(10, 0)).toBe(0);
  });

  it('pages 100,000 rows quickly', () => {
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 100_000 }, (_, i) => row(new Date(base - i * 60_000).toISOString()));
    const count = countOnOrAfter(rows, new Date(base - 50_000 * 60_000));
    expect(count).toBe(50_001);
    expect(pageRows(rows, count, 'ascending', 0)[0]).toBe(rows[50_000]);
  });

  it('writes a date field value and reads it back as the start of that local day', () => {
    const day = new Date(2026, 9, 24);
    expect(dateInputValue(day)).toBe('2026-10-24');
    expect(dateFromInput('2026-10-24')?.getTime()).toBe(day.getTime());
    expect(dateFromInput('')).toBeUndefined();
  });
});
