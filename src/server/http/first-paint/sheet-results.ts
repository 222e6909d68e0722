/**
 * A result sheet's view page, drawn by the server (issue #31): the results grid with its first page of rows
 * (src/shared/first-paint/sheet-results.ts), from the first window the server answered into the page
 * (src/shared/sheets/first-rows.ts, ./document-view.ts `readsAfterDocument`), with THE grid's stylesheets
 * beside it (the grid's mount adds the same, islands/sheet-results/mount.tsx, and draws in the same boxes).
 * The dates are written in UTC; the inline step written after the grid (src/shared/first-paint/
 * sheet-results-step.js) writes them in the browser's zone before the first paint, and sets the filter's
 * local day and the rows and count of the local window. Every shell's CSP allows that one script by its hash
 * (`firstPaintScripts`, ../static-site.ts); only the pages it draws carry it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Document } from '../../../shared/api/documentation.ts';
import type { SheetData } from '../../../shared/api/sheets.ts';
import * as paths from '../../../shared/api/paths.ts';
import { dateTimeText } from '../../../shared/date-time.ts';
import { DATE_TIME_STYLE } from '../../../shared/first-paint/date-time-style.ts';
import { NEAR_WINDOW_START_MS, SHEET_FIRST_PAINT, sheetResultsMarkup } from '../../../shared/first-paint/sheet-results.ts';
import { inlineCall } from '../../../shared/inline-call.ts';
import { RESULTS_FIRST_WINDOW_DAYS } from '../../../shared/sheets/model.ts';
import type { PageAnswer } from '../../../shared/page-data.ts';

/**
 * THE grid's stylesheets: beside the server's bundle (scripts/build-server.mjs copies them there), or in the
 * sources (the dev server, the tests, the bench). Read once, on first use.
 */
const SHEETS = [
  [new URL('./data-grid.css', import.meta.url), new URL('../../../../islands/shared/data-grid.css', import.meta.url)],
  [new URL('./sheet-results.css', import.meta.url), new URL('../../../../islands/sheet-results/results.css', import.meta.url)],
].map((urls) => urls.map((url) => fileURLToPath(url)));
const STEP = [new URL('./sheet-results-step.js', import.meta.url), new URL('../../../shared/first-paint/sheet-results-step.js', import.meta.url)].map((url) => fileURLToPath(url));
const readFirst = (files: string[]) => readFileSync(files.find((file) => existsSync(file)) ?? files[1]!, 'utf8');
let styles: string | undefined;
const gridStyles = (): string => (styles ??= SHEETS.map(readFirst).join('\n'));

let step: string | undefined;
/** The inline step's script (its text between <script> and </script>): the same for every page, so a CSP hash allows it. */
export const sheetResultsStep = (): string =>
  (step ??= inlineCall(readFirst(STEP), { name: SHEET_FIRST_PAINT, style: DATE_TIME_STYLE, days: RESULTS_FIRST_WINDOW_DAYS, near: NEAR_WINDOW_START_MS }));

/** The inline scripts a page's first paint may write (every shell's CSP allows them by their hashes). */
export const firstPaintScripts = (): string[] => [sheetResultsStep()];

/** THE date and time (src/shared/date-time.ts), in UTC; the inline step writes it again in the reader's zone. */
const utcText = (iso: string): string => dateTimeText(iso, 'UTC');

/** The window's start of a rows address of the sheet (`…?start_time=<ms>`), when it has one. */
function windowStartOf(address: string, prefix: string): number | undefined {
  if (!address.startsWith(prefix)) return undefined;
  const start = new URLSearchParams(address.slice(prefix.length)).get('start_time');
  return start !== null && start !== '' && Number.isInteger(Number(start)) ? Number(start) : undefined;
}

/** The sheet's grid as the first HTML draws it from its `rows` read (`answer`, at `address`); undefined when its first window was not answered. */
export function sheetResultsBodyHtml(doc: Document, answer: PageAnswer | undefined, address: string | undefined): string | undefined {
  const windowStart = address === undefined ? undefined : windowStartOf(address, `${paths.documentation.sheetData(doc.id)}?`);
  if (windowStart === undefined || answer?.status !== 200) return undefined;
  const data = answer.body as SheetData;
  const grid = sheetResultsMarkup({ document: doc, rows: data.results, total: data.total, windowStart }, utcText);
  return `<style>${gridStyles()}</style>${grid}<script>${sheetResultsStep()}</script>`;
}
