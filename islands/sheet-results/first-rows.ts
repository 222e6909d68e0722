/**
 * A result sheet's and a report's first rows, asked for the moment the document is in (the doctype
 * registry's `firstReads`, called by the view and results pages), beside the screen's code — not once
 * React and the grid have loaded and mounted: on a slow phone that is a round trip (562 ms) sooner. The
 * screen asks through `sheetData` below, which hands over a read started for the same document and query
 * once, and asks afresh otherwise.
 *
 * What each screen reads first: the grid (a sheet's viewer, and every results page) the last 30 days
 * (documentation §4 "Sheet results": `start_time` = the start of the local day 30 days ago); a report's
 * viewer its latest row (`limit` 1).
 */
import { api } from '../../src/client/api.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import type { SheetData, SheetDataQuery } from '../../src/shared/api/sheets.ts';
import { RESULTS_FIRST_WINDOW_DAYS } from '../../src/shared/sheets/model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the local day `days` days before `now`: the grid's first window, and its filter's default date ('on or after'). */
export function daysAgo(now: Date, days = RESULTS_FIRST_WINDOW_DAYS): Date {
  const day = new Date(now.getTime() - days * DAY_MS);
  day.setHours(0, 0, 0, 0);
  return day;
}

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The grid's first read: the first page of the last 30 days. */
export const gridFirstQuery = (cutoff: Date): SheetDataQuery => ({ start_time: epochSeconds(cutoff), skip: 0 });

/** A report's viewer reads its latest row. */
export const LATEST_ROW: SheetDataQuery = { limit: 1 };

export type ResultsScreen = 'viewer' | 'results';

/** What `screen` reads first for `document` (a report's viewer: its latest row; any grid: the last 30 days). */
export function firstQuery(document: Pick<Document, 'doctype'>, screen: ResultsScreen, now: Date = new Date()): SheetDataQuery {
  return screen === 'viewer' && document.doctype === 'report' ? LATEST_ROW : gridFirstQuery(daysAgo(now));
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
  const read = api.documentation.sheetData(document.id, query);
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
