/**
 * A result sheet's grid as its first paint draws it (src/shared/first-paint/sheet-results.ts, issue #31): THE
 * grid's elements and classes, its header, the first page of rows newest first with THE grid's cell text
 * (src/shared/sheets/results.ts) and each date-time in a <time datetime> for the inline step, the instants
 * the inline step needs (a row's `data-at`, the rows near the window's start), 'No Results Found' kept for
 * when none is left, inert and hidden from assistive technology, every text escaped.
 */
import { describe, expect, it } from 'vitest';
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
    expect(html.startsWith(`<section class="sheet-results" data-first-paint="${SHEET_FIRST_PAINT}" data-window-start="${START * 1000}" inert aria-hidden="true"><div class="sheet-results-bar">`)).toBe(true);
    expect(html).toContain('<caption class="visually-hidden">Results of Walk &#60;results&#62;</caption>');
    expect(html).toContain('<button type="button" class="data-grid-sort">Datetime <span aria-hidden="true">▼</span></button>');
    expect([...html.matchAll(/<th [^>]*>([^<]*)/g)].map((m) => m[1])).toEqual(['', 'Submitted By', 'Guard &#60;on&#62;?', 'Checked at', 'Question 3', 'Result']);
    expect(html).toContain(`<tr role="row" class="data-grid-row-link" data-at="${Date.parse(first.created_at)}">`);
    expect(html).toContain(
      `<td role="cell" data-column="datetime" data-label="Datetime"><a href="/documentation/results/d1/${first.submissions[A]}"><span class="sheet-answer-date"><time datetime="${first.created_at}">${text(first.created_at)}</time></span></a></td>`,
    );
    expect(html).toContain('<td role="cell" data-column="submitted-by" data-label="Submitted By">ann &#38; 1</td>');
    expect(html).toContain(
      `<td role="cell" data-column="ok" data-label="Guard &#60;on&#62;?" data-form-id="${A}"><span class="sheet-answer"><span class="sheet-answer-text">${cellText('true/false', true)}</span>` +
        '<span class="sheet-valid" title="Valid"><span aria-hidden="true">\u00a0✓</span><span class="visually-hidden"> Valid</span></span></span></td>',
    );
    expect(html).toContain('<span class="sheet-answer-text sheet-answer-date"><time datetime="2026-11-20T08:30:00.000Z">UTC 2026-11-20T08:30</time></span>');
    expect(html).toContain('<span class="sheet-answer-text">a &#60;b&#62; note</span>');
    expect(html).toContain('<span class="sheet-answer-text">Fail</span><span class="sheet-invalid" title="Invalid">');
    expect(html).toContain('<tr role="row" class="data-grid-message-row" hidden><td role="cell" colspan="6">');
    expect(html).toContain('<span class="data-grid-range" aria-live="polite" data-total="1" data-near="">1–1 of 1</span>');
    expect(html).toContain('<button type="button" class="button secondary" aria-disabled="true">Next</button>');
    expect(html).not.toContain('<script');
  });

  it('draws the first page only (10 rows), tells the instants near the window’s start, and a former member', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(START * 1000 + (13 - i) * 0.25 * DAY, i));
    const html = sheetResultsMarkup({ document: doc, rows, total: 14, windowStart: START }, text);
    expect(html.match(/<tr role="row" class="data-grid-row-link"/g)).toHaveLength(10);
    expect(html).toContain('>A former member</td>');
    const near = rows.map((r) => Date.parse(r.created_at)).filter((at) => at < START * 1000 + NEAR_WINDOW_START_MS);
    expect(near).toHaveLength(12);
    expect(html).toContain(`data-total="14" data-near="${near.join(' ')}">1–10 of 14</span>`);
    expect(html).toContain('aria-disabled="false">Next</button>');
  });

  it('shows No Results Found when the window has no rows', () => {
    const html = sheetResultsMarkup({ document: doc, rows: [], total: 0, windowStart: START }, text);
    expect(html).toContain('<tr role="row" class="data-grid-message-row"><td role="cell" colspan="6"><span class="data-grid-message" role="status">No Results Found</span>');
    expect(html).toContain('>0 of 0</span>');
  });
});
