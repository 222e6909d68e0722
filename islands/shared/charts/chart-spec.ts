/**
 * THE chart of the results pages (issue #45): what a chart draws and what the table beside it says,
 * for a checklist's results (islands/checklist-results/chart-data.ts, from the analytics call) and a result
 * sheet's number and date columns (islands/sheet-results/sheet-charts.ts). Pure; drawn by ./uplot-chart.ts.
 */
import type { AnalyticsBucket } from '../../../src/shared/api/analytics.ts';
import { dayText } from '../../../src/shared/date-time.ts';

/**
 * How high a chart's picture is (uPlot's `height`, its axes in it). Its card's size is fixed by it
 * (charts.css `--chart-box`), so that a card's place is kept before it is drawn (./ResultsCharts.tsx).
 */
export const CHART_HEIGHT = 220;

export type SeriesRole = 'valid' | 'failing' | 'answer' | 'share' | 'min' | 'median' | 'max';

export interface ChartSeries {
  label: string;
  role: SeriesRole;
  values: (number | null)[];
}

export interface ChartSpec {
  id: string;
  title: string;
  kind: 'submissions' | 'answers' | 'values';
  /** Bucket starts, epoch seconds. */
  x: number[];
  /** The x axis: the range asked for, half a bucket wider on each side (a bar at an end stays whole). */
  span: [number, number];
  series: ChartSeries[];
  /** A number question's validation range (either end may be open). */
  band?: { min: number | null; max: number | null } | undefined;
  /** Per bucket: at least one failing answer (marked ✕ on the chart, "failing" in the table). */
  failing: boolean[];
  table: { headers: string[]; rows: string[][] };
}

/** The bucket's name in the browser's language and zone: "7 Dec 2026", "week of 7 Dec 2026", "December 2026". */
export function bucketLabel(start: number, bucket: AnalyticsBucket, locale?: string): string {
  const d = new Date(start * 1000);
  if (bucket === 'month') return dayText(d, 'month', locale);
  const day = dayText(d, 'day', locale);
  return bucket === 'week' ? `Week of ${day}` : day;
}

/** A bucket's usual length in seconds (the padding of the x axis). */
const BUCKET_SECONDS: Record<AnalyticsBucket, number> = { day: 86_400, week: 7 * 86_400, month: 30.44 * 86_400 };

/** The x axis of every chart for the range `[start, end)` asked for. */
export function spanOf(range: { start_time: number; end_time: number }, bucket: AnalyticsBucket): [number, number] {
  const half = BUCKET_SECONDS[bucket] / 2;
  return [range.start_time - half, range.end_time - half];
}

export const bucketHeader = (bucket: AnalyticsBucket): string => ({ day: 'Day', week: 'Week', month: 'Month' })[bucket];

const numberText = (n: number | null) => (n === null ? '' : String(Math.round(n * 1000) / 1000));

/** One bucket of a number's values: how many, how many failing, min, median and max. */
export interface ValuesBucket {
  start: number;
  count: number;
  failing: number;
  min: number | null;
  p50: number | null;
  max: number | null;
}

/** A number's values over time: median with its min–max range, the validation range as a band, failing buckets marked. */
export function valuesSpec(input: { id: string; title: string; buckets: readonly ValuesBucket[]; band: ChartSpec['band']; bucket: AnalyticsBucket; span: [number, number] }): ChartSpec {
  const { buckets, bucket } = input;
  return {
    id: input.id,
    title: input.title,
    kind: 'values',
    x: buckets.map((b) => b.start),
    span: input.span,
    series: [
      { label: 'Min', role: 'min', values: buckets.map((b) => b.min) },
      { label: 'Median', role: 'median', values: buckets.map((b) => b.p50) },
      { label: 'Max', role: 'max', values: buckets.map((b) => b.max) },
    ],
    band: input.band,
    failing: buckets.map((b) => b.failing > 0),
    table: {
      headers: [bucketHeader(bucket), 'Answers', 'Min', 'Median', 'Max', 'Failing'],
      rows: buckets.map((b) => [bucketLabel(b.start, bucket), String(b.count), numberText(b.min), numberText(b.p50), numberText(b.max), String(b.failing)]),
    },
  };
}
