/**
 * A checklist's results page (issue #45, /documentation/results/{id}): the filters (date range, day /
 * week / month, valid or failing, submitter), the charts of the range (loaded with uPlot only once the
 * first numbers are in: islands/shared/charts), and THE results grid of its submissions (./SubmissionsGrid.tsx)
 * with Export CSV. A click on a chart's bucket (or its row in a chart's table) filters the grid to that
 * bucket. A submission heard of on the live stream reads the numbers and the rows again.
 */
import { useMemo, useState } from 'react';
import { problemText } from '../../src/client/api.ts';
import { saveBlob } from '../../src/client/dom.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { exportFileName } from '../../src/shared/api/sheets.ts';
import { orderedQuestions } from '../../src/shared/checklists/index.ts';
import { bucketLabel } from '../shared/charts/chart-spec.ts';
import { ResultsCharts } from '../shared/charts/ResultsCharts.tsx';
import { chartsOf, plannedCharts } from './chart-data.ts';
import { exportRows } from './export-csv.ts';
import { ResultsFilterBar } from './ResultsFilterBar.tsx';
import { analyticsQueryOf, browserZone, bucketEnd, dataQueryOf, defaultFilters, type ResultsFilters } from './results-filters.ts';
import { SubmissionsGrid } from './SubmissionsGrid.tsx';
import { useAnalytics, useLiveSubmissions } from './use-analytics.ts';

export const EXPORT_CSV = 'Export CSV';
export const EXPORT_FAILED = 'Something went wrong fetching your results... please try again';

export function ChecklistResults({ document: doc }: { document: Document }) {
  const questions = useMemo(() => orderedQuestions(doc.contents as Record<string, unknown>), [doc]);
  const byId = useMemo(() => new Map(questions.map((q) => [q.id, q.question])), [questions]);
  const planned = useMemo(() => plannedCharts(questions), [questions]);
  const now = useMemo(() => new Date(), []);
  const zone = useMemo(browserZone, []);
  const [filters, setFilters] = useState<ResultsFilters>(() => defaultFilters(now));
  const [exporting, setExporting] = useState(false);
  const generation = useLiveSubmissions(doc.id);
  const query = analyticsQueryOf(filters, now, zone);
  const { analytics, error } = useAnalytics(doc.id, query, generation);
  const { start_time, end_time } = query;
  const charts = useMemo(
    () => (analytics ? chartsOf(analytics, byId, filters.bucket, { start_time, end_time }) : undefined),
    [analytics, byId, filters.bucket, start_time, end_time],
  );
  const dataQuery = dataQueryOf(filters, now);
  const change = (next: Partial<ResultsFilters>) => setFilters((f) => ({ ...f, window: undefined, ...next }));
  const onBucket = (start: number) => setFilters((f) => ({ ...f, window: { start, end: bucketEnd(start, f.bucket) } }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await exportRows(doc.id, questions, dataQuery), exportFileName(doc.name, 'csv'));
    } catch (err) {
      showAlert('warning', problemText(err, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="sheet-results checklist-results" aria-label={`Results of ${doc.name}`}>
      <ResultsFilterBar filters={filters} submitters={analytics?.submitters ?? []} onChange={change} />
      {error && <p className="checklist-charts-error" role="alert">{error}</p>}
      {/* Every chart's place is kept from the start: the grid below never moves as they arrive (issue #42). */}
      {(analytics || !error) && <ResultsCharts planned={planned} charts={charts} name={doc.name} onBucket={onBucket} />}
      <div className="sheet-results-bar checklist-grid-bar">
        <p className="checklist-grid-window" role="status">
          {filters.window ? `Showing ${bucketLabel(filters.window.start, filters.bucket)} only.` : ''}
        </p>
        {filters.window && (
          <button type="button" className="button text" onClick={() => change({})}>
            Show the whole range
          </button>
        )}
        <button type="button" className="button secondary sheet-results-export" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting…' : EXPORT_CSV}
        </button>
      </div>
      <SubmissionsGrid document={doc} questions={questions} query={dataQuery} generation={generation} />
    </section>
  );
}
