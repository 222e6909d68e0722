/**
 * One page of a server list (`{results, total}` by skip/limit) for a DataGrid: the page shown, the total,
 * loading and failure, and `setSkip` / `reload`. A later request wins: the answer of an earlier one
 * still arriving is dropped. When a reload finds the page past the end (rows deleted), it steps back to
 * the last page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemText } from '../../src/client/api.ts';
import type { List } from '../../src/shared/api/list.ts';

export interface ServerPage<Row> {
  rows: Row[] | undefined;
  total: number;
  skip: number;
  limit: number;
  loading: boolean;
  /** The server's detail when the page could not be read. */
  error: string | undefined;
  setSkip: (skip: number) => void;
  reload: () => void;
}

/** `fetchPage` should be stable (useCallback) — a new function reads the list again from the first page. */
export function useServerPage<Row>(fetchPage: (page: { skip: number; limit: number }) => Promise<List<Row>>, limit = 100): ServerPage<Row> {
  const [skip, setSkipState] = useState(0);
  const [generation, setGeneration] = useState(0);
  const [rows, setRows] = useState<Row[] | undefined>();
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(0);
  const lastFetch = useRef(fetchPage);

  useEffect(() => {
    const request = ++latest.current;
    // Another list (new filters): back to its first page.
    if (lastFetch.current !== fetchPage) {
      lastFetch.current = fetchPage;
      if (skip !== 0) {
        setSkipState(0);
        return;
      }
    }
    setLoading(true);
    fetchPage({ skip, limit }).then(
      (page) => {
        if (request !== latest.current) return;
        if (page.results.length === 0 && skip > 0 && page.total > 0) {
          setSkipState(Math.max(0, Math.floor((page.total - 1) / limit) * limit));
          return;
        }
        setRows(page.results);
        setTotal(page.total);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (request !== latest.current) return;
        setError(problemText(err, 'The list could not be loaded.'));
        setLoading(false);
      },
    );
  }, [fetchPage, skip, limit, generation]);

  const setSkip = useCallback((next: number) => setSkipState(Math.max(0, next)), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows, total, skip, limit, loading, error, setSkip, reload };
}
