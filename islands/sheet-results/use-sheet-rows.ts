/**
 * Every row of a result sheet, loaded the spec's way (documentation §4 "Sheet results", §9): the last 30
 * days first (`start_time` = the first window's start, the local day 30 days ago widened to whole UTC days:
 * ./first-rows.ts; the server's page, 1,000 rows, at a time),
 * then the older rows (`end_time` = the same instant) in batches of 100 until `total`, with the progress
 * reported as they come. Rows are kept in one array, newest first, that only grows (appended in place, so
 * 100,000 rows never get copied); `loaded` changes with each batch and re-renders the grid's page.
 *
 * A failure stops loading and is only logged (documentation §8 "Sheet data fetch failures are only
 * logged"): the grid keeps what it has.
 */
import { useEffect, useRef, useState } from 'react';
import type { SheetRow } from '../../src/shared/api/sheets.ts';
import { RESULTS_BATCH_SIZE } from '../../src/shared/sheets/model.ts';
import { sheetData } from './first-rows.ts';

export interface SheetRows {
  /** Newest first; grows while loading (read it with `loaded`). */
  rows: readonly SheetRow[];
  loaded: number;
  /** Rows there are in all, as far as known (the first window's total, then plus the older rows'). */
  total: number;
  /** The last 30 days are in: the grid can show its first page. */
  firstReady: boolean;
  /** Still loading older rows. */
  loading: boolean;
}

/** `since`: the first window's start, epoch seconds (./first-rows.ts `firstWindowStart`). */
export function useSheetRows(documentId: string, since: number): SheetRows {
  const rows = useRef<SheetRow[]>([]);
  const [state, setState] = useState({ loaded: 0, total: 0, firstReady: false, loading: true });

  useEffect(() => {
    let live = true;
    const list: SheetRow[] = [];
    rows.current = list;
    void (async () => {
      try {
        let recentTotal = 0;
        do {
          const page = await sheetData(documentId, { start_time: since, skip: list.length }); // the first: started with the document's arrival (./first-rows.ts)
          if (!live) return;
          for (const row of page.results) list.push(row);
          recentTotal = page.total;
          if (page.results.length === 0) break;
        } while (list.length < recentTotal);
        setState({ loaded: list.length, total: list.length, firstReady: true, loading: true });

        let olderTotal = Infinity;
        let older = 0;
        while (older < olderTotal) {
          const page = await sheetData(documentId, { end_time: since, skip: older, limit: RESULTS_BATCH_SIZE });
          if (!live) return;
          for (const row of page.results) list.push(row);
          older += page.results.length;
          olderTotal = page.total;
          if (page.results.length === 0) break;
          setState({ loaded: list.length, total: recentTotal + olderTotal, firstReady: true, loading: older < olderTotal });
        }
        setState({ loaded: list.length, total: list.length, firstReady: true, loading: false });
      } catch (err) {
        if (!live) return;
        console.warn('The results could not be loaded', err);
        setState({ loaded: list.length, total: list.length, firstReady: true, loading: false });
      }
    })();
    return () => {
      live = false;
    };
  }, [documentId, since]);

  return { rows: rows.current, ...state };
}
