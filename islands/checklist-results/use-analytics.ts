/**
 * The analytics of a checklist's results page (issue #45) for its filters: read again when the filters
 * change and when the live stream tells of a submission to this checklist (or asks for a resync: the
 * stream the bell opened, src/client/stores/notifications.ts; every reader of the results hears it). A later read wins.
 */
import { useEffect, useRef, useState } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import { onLiveNews } from '../../src/client/stores/notifications.ts';
import type { Analytics, AnalyticsQuery } from '../../src/shared/api/analytics.ts';

export interface AnalyticsState {
  analytics: Analytics | undefined;
  error: string | undefined;
}

export function useAnalytics(documentId: string, query: AnalyticsQuery, generation: number): AnalyticsState {
  const [state, setState] = useState<AnalyticsState>({ analytics: undefined, error: undefined });
  const latest = useRef(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const request = ++latest.current;
    api.documentation.analytics(documentId, JSON.parse(key) as AnalyticsQuery).then(
      (analytics) => request === latest.current && setState({ analytics, error: undefined }),
      (err: unknown) => request === latest.current && setState((s) => ({ ...s, error: problemText(err, 'The charts could not be loaded.') })),
    );
  }, [documentId, key, generation]);
  return state;
}

/**
 * A counter that moves when the stream tells of a submission to `documentId` (its `submission` event
 * reaches every member who may read the results) or resyncs; reads close together are made once.
 */
export function useLiveSubmissions(documentId: string): number {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setGeneration((g) => g + 1);
      }, 300);
    };
    const stopNews = onLiveNews((news) => (news.kind === 'resync' || (news.kind === 'submission' && news.document_id === documentId)) && moved());
    return () => {
      stopNews();
      if (timer) clearTimeout(timer);
    };
  }, [documentId]);
  return generation;
}
