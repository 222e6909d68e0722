/**
 * A result sheet's grid as its first paint draws it (src/shared/first-paint/sheet-results.ts, issue #31): THE
 * grid's elements and classes, its header, the first page of rows newest first with THE grid's cell text
 * (src/shared/sheets/results.ts) and each date-time in a <time datetime> for the inline step, the instants
 * the inline step needs (a row's `data-at`, the rows near the window's start), 'No Results Found' kept for
 * when none is left, inert and hidden from assistive technology, every text escaped.
 */
import { describe, expect, it } from 'vitest';
import { attr, attrsOf, childElements, nextElement, one, outline, outlines, readHtml, select, textOf } from '../../../support/html.ts';
import type { SheetRow } from '../../../../src/shared/api/sheets.ts';
import { NEAR_WINDOW_START_MS, SHEET_FIRST_PAINT, sheetResultsMarkup } from '../../../../src/shared/first-paint/sheet-results.ts';
import { cellText } from '../../../../src/shared/sheets/results.ts';
import type { SheetContents } from '../../../../src/shared/sheets/model.ts';

const A = '0190a000-0000-7000-8000-00000000000a';
const q = (title: string, valueType: string, validation = false) =>
  ({ title, valueType, form_id: A, validation: { enabled: validation } }) as unknown as SheetContents['questions'][string];
const contents: SheetContents = {
  questions: { ok: q('Guard <on>?', 'true/false'), when: q('Checked at', 'datetime'), note: q('', 'text'), pass: q('Result', 'pass/fail') },
  question_index: ['ok', 'when', 'note', 'pass'],
  form_links: {},
  form_ids: [A],
};
const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 9, 28) / 1000;
const row = (at: number, n: number, record: SheetRow['record'] = {}): SheetRow => ({
  created_at: new Date(at).toISOString(),
  created_by_username: n === 0 ? null : `ann & ${n}`,
  record,
  submissions: { [A]: `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}` },
});
const text = (iso: string) => `UTC ${iso.slice(0, 16)}`;
const doc = { id: 'd1', name: 'Walk <results>', contents };

describe('sheetResultsMarkup', () => {
  it('draws THE grid: the bar, the header, the first page of rows with the grid’s cell text, the pager; inert and hidden', () => {
    const first = row(START * 1000 + 20 * DAY, 1, {
      ok: { value: true, valid: true },
      when: { value: '2026-11-20T08:30:00.000Z', valid: true },
      note: { value: 'a <b> note', valid: true },
      pass: { value: 'fail', valid: false },
    } as unknown as SheetRow['record']);
    const html = sheetResultsMarkup({ document: doc, rows: [first], total: 1, windowStart: START }, text);
    const [grid, ...after] = childElements(readHtml(html));
    expect(after).toEqual([]);
    expect(grid!.tagName).toBe('section');
    expect(attrsOf(grid!)).toEqual({ class: 'sheet-results', 'data-first-paint': SHEET_FIRST_PAINT, 'data-window-start': String(START * 1000), inert: '', 'aria-hidden': 'true' });
    expect(outline(childElements(grid!)[0]!)).toMatchObject({ tag: 'div', attrs: { class: 'sheet-results-bar' } });
    expect(outline(one(grid!, 'caption'))).toEqual({ tag: 'caption', attrs: { class: 'visually-hidden' }, text: 'Results of Walk <results>' });
    const sort = one(grid!, 'button.data-grid-sort');
    expect(outline(sort)).toEqual({ tag: 'button', attrs: { type: 'button', class: 'data-grid-sort' }, text: 'Datetime ▼' });
    expect(childElements(sort).map(outline)).toEqual([{ tag: 'span', attrs: { 'aria-hidden': 'true' }, text: '▼' }]);
    expect(select(grid!, 'th').map(textOf)).toEqual(['Datetime ▼', 'Submitted By', 'Guard <on>?', 'Checked at', 'Question 3', 'Result']);
    const [firstRow] = select(grid!, 'tr.data-grid-row-link');
    expect(attrsOf(firstRow!)).toEqual({ role: 'row', class: 'data-grid-row-link', 'data-at': String(Date.parse(first.created_at)) });
    const cells = childElements(firstRow!);
    const cell = (column: string) => cells.find((td) => attr(td, 'data-column') === column)!;
    expect(attrsOf(cell('datetime'))).toEqual({ role: 'cell', 'data-column': 'datetime', 'data-label': 'Datetime' });
    expect(childElements(cell('datetime')).map(outline)).toEqual([{ tag: 'a', attrs: { href: `/documentation/results/d1/${first.submissions[A]}` }, text: text(first.created_at) }]);
    expect(outlines(cell('datetime'), 'a span')).toEqual([{ tag: 'span', attrs: { class: 'sheet-answer-date' }, text: text(first.created_at) }]);
    expect(outlines(cell('datetime'), 'span time')).toEqual([{ tag: 'time', attrs: { datetime: first.created_at }, text: text(first.created_at) }]);
    expect(outline(cell('submitted-by'))).toEqual({ tag: 'td', attrs: { role: 'cell', 'data-column': 'submitted-by', 'data-label': 'Submitted By' }, text: 'ann & 1' });
    const ok = cell('ok');
    expect(attrsOf(ok)).toEqual({ role: 'cell', 'data-column': 'ok', 'data-label': 'Guard <on>?', 'data-form-id': A });
    expect(childElements(ok).map(outline)).toEqual([{ tag: 'span', attrs: { class: 'sheet-answer' }, text: `${cellText('true/false', true)}\u00a0✓ Valid` }]);
    expect(childElements(childElements(ok)[0]!).map(outline)).toEqual([
      { tag: 'span', attrs: { class: 'sheet-answer-text' }, text: cellText('true/false', true) },
      { tag: 'span', attrs: { class: 'sheet-valid', title: 'Valid' }, text: '\u00a0✓ Valid' },
    ]);
    expect(childElements(one(ok, 'span.sheet-valid')).map(outline)).toEqual([
      { tag: 'span', attrs: { 'aria-hidden': 'true' }, text: '\u00a0✓' },
      { tag: 'span', attrs: { class: 'visually-hidden' }, text: ' Valid' },
    ]);
    const answers = outlines(grid!, 'span.sheet-answer-text');
    expect(answers).toContainEqual({ tag: 'span', attrs: { class: 'sheet-answer-text sheet-answer-date' }, text: 'UTC 2026-11-20T08:30' });
    expect(outlines(grid!, 'span.sheet-answer-date time')).toContainEqual({ tag: 'time', attrs: { datetime: '2026-11-20T08:30:00.000Z' }, text: 'UTC 2026-11-20T08:30' });
    expect(answers).toContainEqual({ tag: 'span', attrs: { class: 'sheet-answer-text' }, text: 'a <b> note' });
    const fail = select(grid!, 'span.sheet-answer-text').find((span) => textOf(span) === 'Fail')!;
    expect(attrsOf(fail)).toEqual({ class: 'sheet-answer-text' });
    expect(attrsOf(nextElement(fail)!)).toEqual({ class: 'sheet-invalid', title: 'Invalid' });
    const message = one(grid!, 'tr.data-grid-message-row');
    expect(attrsOf(message)).toEqual({ role: 'row', class: 'data-grid-message-row', hidden: '' });
    expect(childElements(message).map(attrsOf)).toEqual([{ role: 'cell', colspan: '6' }]);
    expect(outline(one(grid!, 'span.data-grid-range'))).toEqual({ tag: 'span', attrs: { class: 'data-grid-range', 'aria-live': 'polite', 'data-total': '1', 'data-near': '' }, text: '1–1 of 1' });
    expect(outlines(grid!, 'button')).toContainEqual({ tag: 'button', attrs: { type: 'button', class: 'button secondary', 'aria-disabled': 'true' }, text: 'Next' });
    expect(select(grid!, 'script')).toEqual([]);
    expect(select(grid!, 'b')).toEqual([]); // every text escaped
  });

  it('draws the first page only (10 rows), tells the instants near the window’s start, and a former member', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(START * 1000 + (13 - i) * 0.25 * DAY, i));
    const html = sheetResultsMarkup({ document: doc, rows, total: 14, windowStart: START }, text);
    expect(select(html, 'tr.data-grid-row-link')).toHaveLength(10);
    expect(select(html, 'td').map(textOf)).toContain('A former member');
    const near = rows.map((r) => Date.parse(r.created_at)).filter((at) => at < START * 1000 + NEAR_WINDOW_START_MS);
    expect(near).toHaveLength(12);
    const range = one(html, 'span.data-grid-range');
    expect(attrsOf(range)).toMatchObject({ 'data-total': '14', 'data-near': near.join(' ') });
    expect(textOf(range)).toBe('1–10 of 14');
    expect(select(html, 'button[aria-disabled="false"]').map(textOf)).toContain('Next');
  });

  it('shows No Results Found when the window has no rows', () => {
    const html = sheetResultsMarkup({ document: doc, rows: [], total: 0, windowStart: START }, text);
    const message = one(html, 'tr.data-grid-message-row');
    expect(attrsOf(message)).toEqual({ role: 'row', class: 'data-grid-message-row' });
    expect(childElements(message).map(attrsOf)).toEqual([{ role: 'cell', colspan: '6' }]);
    expect(outline(childElements(childElements(message)[0]!)[0]!)).toEqual({ tag: 'span', attrs: { class: 'data-grid-message', role: 'status' }, text: 'No Results Found' });
    expect(select(html, 'span').map(textOf)).toContain('0 of 0');
  });
});
