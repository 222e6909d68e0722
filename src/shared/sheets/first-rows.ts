/**
 * A result sheet's and a report's first rows (documentation §4 "Sheet results", §9), as the page reads them
 * (islands/sheet-results/first-rows.ts) and as the server answers them into the page's first HTML (issue
 * #31, src/server/http/first-paint/document-view.ts): one address, built here for both.
 *
 * The grid's filter starts at the start of the LOCAL day 30 days ago, which the server cannot know (the time
 * zone is the browser's). So the grid's first window is wider, in UTC days: from the start of the UTC day 30
 * days ago, less two days. Every local day starts within that window (time zones lie between UTC−12 and
 * UTC+14: a local midnight is at most 38 hours before the UTC midnight of the same date), so the rows the
 * filter shows are all in it; the older rows follow, as before. Server and page compute the same window
 * for the same UTC day (the page takes the server's answer by its name, `rows`).
 */
import type { SheetDataQuery } from '../api/sheets.ts';
import * as paths from '../api/paths.ts';
import { RESULTS_FIRST_WINDOW_DAYS } from './model.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The grid's first window's start, epoch seconds: the start of the UTC day 30 days before `now`, less two days. */
export function firstWindowStart(now: Date): number {
  const day = new Date(now.getTime() - RESULTS_FIRST_WINDOW_DAYS * DAY_MS);
  return (Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 2 * DAY_MS) / 1000;
}

/** The grid's first read: the first page of its first window (the query's keys in the order the address spells them). */
export const gridFirstQuery = (now: Date): SheetDataQuery => ({ start_time: firstWindowStart(now), skip: 0 });

/** A report's viewer reads its latest row. */
export const LATEST_ROW: SheetDataQuery = { limit: 1 };

/** What a screen reads first: a report's viewer its latest row; any grid its first window. */
export function firstRowsQuery(doctype: string, screen: 'viewer' | 'results', now: Date): SheetDataQuery {
  return screen === 'viewer' && doctype === 'report' ? LATEST_ROW : gridFirstQuery(now);
}

/** The address of a first read (relative to the API base), as the transport sends `query` (its keys in order). */
export function firstRowsAddress(documentId: string, query: SheetDataQuery): string {
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return `${paths.documentation.sheetData(documentId)}?${search}`;
}
