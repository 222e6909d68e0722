/**
 * The zod schemas of the result sheet calls: the query of `GET documentation/documents/{id}/sheet-data`
 * and `export.csv` (issue #13). The browser imports `./sheets.ts` for the types.
 */
import { z } from 'zod';
import { epochSecondsParam, resultsPaging } from './query-params.ts';

const window = {
  start_time: epochSecondsParam('start_time'),
  end_time: epochSecondsParam('end_time'),
};

/** `start_time <= created_at < end_time` (epoch seconds); `limit` defaults to the spec's 999999999, capped at MAX_RESULTS_PAGE a page. */
export const sheetDataQuery = z.object({
  ...window,
  ...resultsPaging,
});
export type SheetDataQueryParsed = z.output<typeof sheetDataQuery>;

/** `export.csv`: the same window, every row in it. */
export const sheetExportQuery = z.object(window);
export type SheetExportQueryParsed = z.output<typeof sheetExportQuery>;
