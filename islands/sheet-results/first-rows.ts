/**
 * A result sheet's and a report's first rows, asked for the moment the document is in (the doctype
 * registry's `pageReads`, called by the view and results pages), beside the screen's code — not once
 * React and the grid have loaded and mounted: on a slow phone that is a round trip (562 ms) sooner. The
 * screen asks through `sheetData` below, which hands over a read started for the same document and query
 * once, and asks afresh otherwise.
 *
 * What each screen reads first (src/shared/sheets/first-rows.ts, whose address the server answers into the
 * page's first HTML, issue #31): the grid (a sheet's viewer, and every results page) its first window — the
 * last 30 days (documentation §4 "Sheet results") widened to whole UTC days, so that it holds the local day
 * 30 days ago wherever the browser is; a report's viewer its latest row (`limit` 1).
 */
import { api } from '../../src/client/api.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import type { SheetData, SheetDataQuery } from '../../src/shared/api/sheets.ts';
import { RESULTS_FIRST_WINDOW_DAYS } from '../../src/shared/sheets/model.ts';
import { firstRowsQuery } from '../../src/shared/sheets/first-rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the local day `days` days before `now`: the grid's filter's default date ('on or after'). */
export function daysAgo(now: Date, days = RESULTS_FIRST_WINDOW_DAYS): Date {
  const day = new Date(now.getTime() - days * DAY_MS);
  day.setHours(0, 0, 0, 0);
  return day;
}

export { firstWindowStart, gridFirstQuery, LATEST_ROW } from '../../src/shared/sheets/first-rows.ts';

export type ResultsScreen = 'viewer' | 'results';

/** What `screen` reads first for `document` (a report's viewer: its latest row; any grid: its first window). */
export function firstQuery(document: Pick<Document, 'doctype'>, screen: ResultsScreen, now: Date = new Date()): SheetDataQuery {
  return firstRowsQuery(document.doctype, screen, now);
}

const started = new Map<string, Promise<SheetData>>();
const key = (id: string, query: SheetDataQuery) =>
  `${id}?${Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&')}`;

/** Starts `screen`'s first read of `document`'s rows now. */
export function startFirstRows(document: Pick<Document, 'id' | 'doctype'>, screen: ResultsScreen): void {
  const query = firstQuery(document, screen);
  const read = api.documentation.sheetData(document.id, query, 'rows'); // the page's first read of its rows (its page data's `rows`)
  read.catch(() => undefined); // the screen that takes it reads the failure
  started.set(key(document.id, query), read);
}

/** The rows of `id` for `query`: the read started for exactly that, once; otherwise a new one. */
export function sheetData(id: string, query: SheetDataQuery): Promise<SheetData> {
  const at = key(id, query);
  const read = started.get(at);
  started.delete(at);
  return read ?? api.documentation.sheetData(id, query);
}
