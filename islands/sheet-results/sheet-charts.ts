/**
 * A result sheet's charts (issue #45 "A result sheet charts any of its number or date columns the same
 * way"), on its results page above the grid: for each number or decimal column its values over time
 * (median and min–max per bucket of the row's Datetime, the question's validation range as the band,
 * failing buckets marked); for each date-time column how many answers fall in each bucket of that date
 * (answers of the checklist's "when"). Pure: the specs of the figures the database counted (GET
 * documentation/documents/{sheet id}/analytics, read by ./results-page.tsx); the buckets are days, weeks
 * (from Monday) or months of the reader's zone, by the range's span.
 */
import type { Analytics, AnalyticsBucket, QuestionAnalytics } from '../../src/shared/api/analytics.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import type { PlannedChart } from '../shared/charts/chart-places.ts';
import { bucketHeader, bucketLabel, valuesSpec, type ChartSpec } from '../shared/charts/chart-spec.ts';

const DAY = 86_400;

/** Days up to two months, weeks up to two years, months beyond. */
export function bucketFor(spanSeconds: number): AnalyticsBucket {
  return spanSeconds <= 62 * DAY ? 'day' : spanSeconds <= 730 * DAY ? 'week' : 'month';
}

const halfOf = (bucket: AnalyticsBucket) => ({ day: DAY, week: 7 * DAY, month: 30.44 * DAY })[bucket] / 2;

/** A date-time column: answers per bucket of the answer's date, those failing apart. */
function dateSpec(q: QuestionAnalytics, id: string, title: string, bucket: AnalyticsBucket): ChartSpec {
  const x = q.buckets.map((b) => b.start);
  const half = halfOf(bucket);
  return {
    id: `column-${id}`,
    title,
    kind: 'submissions',
    x,
    span: x.length ? [x[0]! - half, x.at(-1)! + half] : [0, 1],
    series: [
      { label: 'Valid', role: 'valid', values: q.buckets.map((b) => b.count - b.failing) },
      { label: 'Failing', role: 'failing', values: q.buckets.map((b) => b.failing) },
    ],
    failing: q.buckets.map((b) => b.failing > 0),
    table: {
      headers: [bucketHeader(bucket), 'Rows', 'Valid', 'Failing'],
      rows: q.buckets.map((b) => [bucketLabel(b.start, bucket), String(b.count), String(b.count - b.failing), String(b.failing)]),
    },
  };
}

const CHARTED = new Set(['number', 'decimal', 'datetime']);

/** The charts the page may show, known from the sheet before its numbers: its number, decimal and date-time columns, in order. */
export function plannedSheetCharts(contents: SheetContents): PlannedChart[] {
  return contents.question_index.flatMap((id) => {
    const question = contents.questions[id];
    return question && CHARTED.has(question.valueType) ? [{ id: `column-${id}`, title: question.title || 'Question' }] : [];
  });
}

/**
 * Every chart of the sheet's results page: its number and date-time columns with answers in the range
 * (`analytics` counted for it, by `bucket`), in column order.
 */
export function sheetCharts(contents: SheetContents, analytics: Analytics, range: { start: number; end: number }, bucket: AnalyticsBucket): ChartSpec[] {
  const half = halfOf(bucket);
  const charts: ChartSpec[] = [];
  for (const q of analytics.questions) {
    const question = contents.questions[q.question_id];
    if (!question || q.buckets.length === 0) continue;
    const title = question.title || 'Question';
    if (question.valueType === 'number' || question.valueType === 'decimal') {
      const rule = question.validation;
      const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const band = rule?.enabled && (bound(rule.min) !== null || bound(rule.max) !== null) ? { min: bound(rule.min), max: bound(rule.max) } : undefined;
      charts.push(valuesSpec({ id: `column-${q.question_id}`, title, buckets: q.buckets, band, bucket, span: [range.start - half, range.end - half] }));
    } else if (question.valueType === 'datetime') {
      charts.push(dateSpec(q, q.question_id, title, bucket));
    }
  }
  return charts;
}
