/**
 * A result sheet's or report's results page (/documentation/results/{id}; src/screens/doctypes/registry.ts
 * `results`): THE results grid with the sheet's charts above it (issue #45: its number and date-time
 * columns, ./sheet-charts.ts, drawn by THE charts of islands/shared/charts, loaded with uPlot only here and
 * only when a column charts), counted by the database (the analytics call, as a checklist's). A click on a
 * bucket sets the grid's "Datetime on or after" to its first day.
 */
import gridStyles from '../shared/data-grid.css?inline';
import resultStyles from './results.css?inline';
import { StrictMode, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../src/client/dom.ts';
import { api } from '../../src/client/api.ts';
import type { Analytics, AnalyticsQuery } from '../../src/shared/api/analytics.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import type { PlannedChart } from '../shared/charts/chart-places.ts';
import { readerTimeZone } from '../../src/shared/date-time.ts';
import { ResultsCharts } from '../shared/charts/ResultsCharts.tsx';
import { ResultsGrid, type ResultsView } from './ResultsGrid.tsx';
import { dateInputValue } from './results-state.ts';
import { bucketFor, plannedSheetCharts, sheetCharts } from './sheet-charts.ts';

const DAY = 86_400;

/**
 * The analytics of `query`, read again when it or `generation` changes (a later read wins); null when the
 * read failed (no charts then: their places go).
 */
function useSheetAnalytics(id: string, query: AnalyticsQuery, generation: number): Analytics | null | undefined {
  const [analytics, setAnalytics] = useState<Analytics | null>();
  const latest = useRef(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const request = ++latest.current;
    api.documentation.analytics(id, JSON.parse(key) as AnalyticsQuery).then(
      (read) => request === latest.current && setAnalytics(read),
      () => request === latest.current && setAnalytics((known) => known ?? null),
    );
  }, [id, key, generation]);
  return analytics;
}

/**
 * The charts of the rows from the filter's "Datetime on or after" (else from the oldest row the grid holds)
 * to now, as the database counts them (GET documentation/documents/{id}/analytics); read again as the
 * grid's rows change (`loaded`). Each column that charts has its place from the first render (THE charts'
 * places, islands/shared/charts/ResultsCharts.tsx): the grid below never moves as they come (issue #42).
 */
function SheetCharts({ view, id, name }: { view: ResultsView; id: string; name: string }) {
  const planned = useMemo(() => plannedSheetCharts(view.contents), [view.contents]);
  if (planned.length === 0) return null;
  const onBucket = (at: number) => view.setFrom(dateInputValue(new Date(at * 1000)));
  if (!view.ready) return <ResultsCharts planned={planned} charts={undefined} name={name} onBucket={onBucket} />;
  return <SheetChartsOfRows view={view} id={id} name={name} planned={planned} onBucket={onBucket} />;
}

function SheetChartsOfRows({ view, id, name, planned, onBucket }: { view: ResultsView; id: string; name: string; planned: PlannedChart[]; onBucket: (at: number) => void }) {
  const { contents, rows, count, loaded, from } = view;
  const end = useMemo(() => Math.floor(Date.now() / 1000) + 1, []);
  const shown = rows.slice(0, count);
  const oldest = shown.length ? Math.floor(Date.parse(shown[shown.length - 1]!.created_at) / 1000) : end - DAY;
  const start = Math.max(Math.min(from ? Math.floor(from.getTime() / 1000) : oldest, end - 1), end - 5 * 365 * DAY);
  const bucket = bucketFor(end - start);
  const analytics = useSheetAnalytics(id, { start_time: start, end_time: end, bucket, tz: readerTimeZone() }, loaded);
  const charts = useMemo(() => (analytics ? sheetCharts(contents, analytics, { start, end }, bucket) : undefined), [contents, analytics, start, end, bucket]);
  if (analytics === null) return null;
  return <ResultsCharts planned={planned} charts={charts} name={name} onBucket={onBucket} />;
}

export const grid = {
  mount(container: HTMLElement, document: Document): void {
    addStyles(gridStyles, resultStyles);
    createRoot(container).render(
      <StrictMode>
        <ResultsGrid document={document} above={(view) => <SheetCharts view={view} id={document.id} name={document.name} />} />
      </StrictMode>,
    );
  },
};
