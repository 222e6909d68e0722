/**
 * A result sheet's results grid as its first paint draws it (issue #31): the grid of its viewer
 * (islands/sheet-results/ResultsGrid.tsx in THE grid, islands/shared/DataGrid.tsx) in the same elements and
 * classes — the filter bar, the table's header, the first page of rows (Datetime descending), the pager —
 * with each cell's text from THE grid's own rules (src/shared/sheets/results.ts). The server writes it into
 * the page's first HTML (src/server/http/first-paint/sheet-results.ts), inert and hidden from assistive
 * technology; the grid removes it as it draws (islands/sheet-results/mount.tsx), in the same boxes.
 *
 * What only the browser knows the page's inline step sets before the first paint
 * (./sheet-results-step.js, written after it by the server): each date-time in the browser's language and time zone (a
 * `<time datetime>`, written here in UTC), the filter's date (the local day 30 days ago), and the rows and
 * count of that local window (a row carries its instant, `data-at`; the pager the instants of the rows near
 * the window's start, `data-near`, and their total). A browser whose local window does not start within
 * `NEAR_WINDOW_START_MS` of the server's (its clock is off by more than a day) gets no drawing: the grid
 * draws itself, as without the session cookie.
 */
import type { SheetRow } from '../api/sheets.ts';
import { cellText, columnsOf, DATETIME, formOrder, NO_RESULTS, readSheetContents, rowSubmission, SUBMITTED_BY, validFlag, type ResultColumn } from '../sheets/results.ts';
import { RESULTS_PAGE_SIZE } from '../sheets/model.ts';
import { resultsPath } from '../page-addresses.ts';
import { escapeHtml } from './markup.ts';
import { pageRange } from './page-range.ts';

/** The `data-first-paint` value of the drawn grid (the inline step and the island find it by it). */
export const SHEET_FIRST_PAINT = 'sheet-results';
/** How far after the first window's start a local window may start: its rows' instants go to the page (`data-near`). */
export const NEAR_WINDOW_START_MS = 3 * 24 * 60 * 60 * 1000;

export interface SheetFirstRows {
  document: { id: string; name: string; contents: unknown };
  /** The first window's rows, newest first, as the API answered them, and their total. */
  rows: readonly SheetRow[];
  total: number;
  /** The first window's start (epoch seconds: src/shared/sheets/first-rows.ts `firstWindowStart`). */
  windowStart: number;
}

/** A date-time as the first HTML writes it (UTC); the inline step rewrites it in the browser's zone. */
export type DateTimeText = (iso: string) => string;

const time = (iso: string, text: DateTimeText) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text(iso))}</time>`;

function answerCell(row: SheetRow, column: ResultColumn, text: DateTimeText): string {
  const value = row.record[column.id]?.value;
  const words = column.valueType === 'datetime' && typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? time(value, text) : escapeHtml(cellText(column.valueType, value));
  const valid = validFlag(row, column.id);
  const mark = valid === undefined
    ? ''
    : `<span class="${valid ? 'sheet-valid' : 'sheet-invalid'}" title="${valid ? 'Valid' : 'Invalid'}"><span aria-hidden="true">\u00a0${valid ? '✓' : '✗'}</span><span class="visually-hidden">${valid ? ' Valid' : ' Invalid'}</span></span>`;
  const kind = column.valueType === 'datetime' ? 'sheet-answer-text sheet-answer-date' : 'sheet-answer-text';
  return `<span class="sheet-answer"><span class="${kind}">${words}</span>${mark}</span>`;
}

const cell = (key: string, header: string, content: string, extra = '') =>
  `<td role="cell" data-column="${escapeHtml(key)}" data-label="${escapeHtml(header)}"${extra}>${content}</td>`;


/** The grid with its first page of rows, marked `data-first-paint`, `inert` and `aria-hidden`. */
export function sheetResultsMarkup(first: SheetFirstRows, text: DateTimeText): string {
  const { document: doc, rows, total, windowStart } = first;
  const contents = readSheetContents(doc.contents);
  const columns = columnsOf(contents);
  const order = formOrder(contents);
  const label = `Results of ${doc.name}`;
  const page = rows.slice(0, RESULTS_PAGE_SIZE);
  const near = rows.filter((row) => Date.parse(row.created_at) < windowStart * 1000 + NEAR_WINDOW_START_MS).map((row) => Date.parse(row.created_at));

  const headers = [
    `<th role="columnheader" scope="col" data-column="datetime" aria-sort="descending"><button type="button" class="data-grid-sort">${DATETIME} <span aria-hidden="true">▼</span></button></th>`,
    `<th role="columnheader" scope="col" data-column="submitted-by">${SUBMITTED_BY}</th>`,
    ...columns.map((column) => `<th role="columnheader" scope="col" data-column="${escapeHtml(column.id)}">${escapeHtml(column.title)}</th>`),
  ].join('');
  const body = page
    .map((row) => {
      const main = rowSubmission(row, order);
      const when = `<span class="sheet-answer-date">${time(row.created_at, text)}</span>`;
      const cells = [
        cell('datetime', DATETIME, main ? `<a href="${escapeHtml(resultsPath(doc.id, main))}">${when}</a>` : when),
        cell('submitted-by', SUBMITTED_BY, escapeHtml(row.created_by_username ?? 'A former member')),
        ...columns.map((column) => cell(column.id, column.title, answerCell(row, column, text), ` data-form-id="${escapeHtml(column.formId)}"`)),
      ].join('');
      return `<tr role="row" class="data-grid-row-link" data-at="${Date.parse(row.created_at)}">${cells}</tr>`;
    })
    .join('');
  // First, so that the last row is the last child (THE grid draws no line under it).
  const empty = `<tr role="row" class="data-grid-message-row"${page.length ? ' hidden' : ''}><td role="cell" colspan="${columns.length + 2}"><span class="data-grid-message" role="status">${NO_RESULTS}</span></td></tr>`;
  const table =
    `<table class="data-grid-table" role="table" aria-busy="false"><caption class="visually-hidden">${escapeHtml(label)}</caption>` +
    `<thead role="rowgroup"><tr role="row">${headers}</tr></thead><tbody role="rowgroup">${empty}${body}</tbody></table>`;
  const edges = '<div class="data-grid-edge" data-side="left" aria-hidden="true" hidden></div><div class="data-grid-edge" data-side="right" aria-hidden="true" hidden></div>';
  const pager =
    `<div class="data-grid-footer"><nav class="data-grid-pager" aria-label="${escapeHtml(label)} pages">` +
    `<span class="data-grid-range" aria-live="polite" data-total="${total}" data-near="${near.join(' ')}">${pageRange(0, page.length, total)}</span>` +
    `<button type="button" class="button secondary" aria-disabled="true">Previous</button>` +
    `<button type="button" class="button secondary" aria-disabled="${total > RESULTS_PAGE_SIZE ? 'false' : 'true'}">Next</button></nav></div>`;
  const bar =
    '<div class="sheet-results-bar"><div class="sheet-results-filter field"><label>Datetime on or after</label><input type="date" value=""></div>' +
    '<button type="button" class="button text">Clear filter</button><button type="button" class="button secondary sheet-results-export">Export CSV</button></div>';
  const grid = `<div class="data-grid sheet-results-grid"><div class="data-grid-frame"><div class="data-grid-scroll">${table}</div>${edges}</div>${pager}</div>`;
  return `<section class="sheet-results" data-first-paint="${SHEET_FIRST_PAINT}" data-window-start="${windowStart * 1000}" inert aria-hidden="true">${bar}${grid}<p class="sheet-results-progress"></p></section>`;
}
