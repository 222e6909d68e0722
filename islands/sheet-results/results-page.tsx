/**
 * A result sheet's or report's results page (/documentation/results/{id}; src/screens/doctypes/registry.ts
 * `results`): THE results grid with the sheet's charts above it (issue #45: its number and date-time
 * columns, ./sheet-charts.ts, drawn by THE charts of islands/shared/charts, loaded with uPlot only here and
 * only when a column charts). A click on a bucket sets the grid's "Datetime on or after" to its first day.
 */
import gridStyles from '../shared/data-grid.css?inline';
import resultStyles from './results.css?inline';
import { lazy, StrictMode, Suspense, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../src/client/dom.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { ResultsGrid, type ResultsView } from './ResultsGrid.tsx';
import { dateInputValue } from './results-state.ts';
import { sheetCharts } from './sheet-charts.ts';

const ChartCards = lazy(() => import('../shared/charts/ChartCards.tsx'));

function SheetCharts({ view, name }: { view: ResultsView; name: string }) {
  const { contents, rows, count, loaded, from } = view;
  const end = useMemo(() => Math.floor(Date.now() / 1000), []);
  const charts = useMemo(() => {
    const shown = rows.slice(0, count);
    const oldest = shown.length ? Math.floor(Date.parse(shown[shown.length - 1]!.created_at) / 1000) : end - 86_400;
    return sheetCharts(contents, shown, { start: from ? Math.floor(from.getTime() / 1000) : oldest, end });
    // `rows` grows in place: `loaded` and `count` say when it changed.
  }, [contents, rows, count, loaded, from, end]);
  if (charts.length === 0) return null;
  return (
    <Suspense fallback={<p className="loading-text">Loading the charts…</p>}>
      <ChartCards charts={charts} name={name} onBucket={(start) => view.setFrom(dateInputValue(new Date(start * 1000)))} />
    </Suspense>
  );
}

export const grid = {
  mount(container: HTMLElement, document: Document): void {
    addStyles(gridStyles, resultStyles);
    createRoot(container).render(
      <StrictMode>
        <ResultsGrid document={document} above={(view) => <SheetCharts view={view} name={document.name} />} />
      </StrictMode>,
    );
  },
};
