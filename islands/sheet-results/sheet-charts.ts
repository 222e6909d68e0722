/**
 * A result sheet's charts (issue #45 "A result sheet charts any of its number or date columns the same
 * way"), on its results page above the grid: for each number or decimal column its values over time
 * (median and min–max per bucket of the row's Datetime, the question's validation range as the band,
 * failing buckets marked); for each date-time column how many rows fall in each bucket of that date
 * (answers of the checklist's "when"). Pure, over the rows the grid's filter shows (the grid holds the
 * sheet's rows in the browser already: ./use-sheet-rows.ts); the buckets are local days, weeks (from
 * Monday) or months, by the filter's span.
 */
import type { AnalyticsBucket } from '../../src/shared/api/analytics.ts';
import type { SheetRow } from '../../src/shared/api/sheets.ts';
import { hasValue } from '../../src/shared/checklists/index.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { bucketHeader, bucketLabel, valuesSpec, type ChartSpec, type ValuesBucket } from '../shared/charts/chart-spec.ts';

const DAY = 86_400;

/** Days up to two months, weeks up to two years, months beyond. */
export function bucketFor(spanSeconds: number): AnalyticsBucket {
  return spanSeconds <= 62 * DAY ? 'day' : spanSeconds <= 730 * DAY ? 'week' : 'month';
}

/** The local start of the bucket holding `ms` (epoch seconds). */
export function bucketStart(ms: number, bucket: AnalyticsBucket): number {
  const d = new Date(ms);
  const start =
    bucket === 'month'
      ? new Date(d.getFullYear(), d.getMonth(), 1)
      : bucket === 'week'
        ? new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7))
        : new Date(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.floor(start.getTime() / 1000);
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

/** A number column's values per bucket of the rows' Datetime. */
function valueBuckets(rows: readonly SheetRow[], id: string, bucket: AnalyticsBucket): ValuesBucket[] {
  const groups = new Map<number, { values: number[]; failing: number }>();
  for (const row of rows) {
    const answer = row.record[id];
    if (!answer || typeof answer.value !== 'number') continue;
    const start = bucketStart(Date.parse(row.created_at), bucket);
    const group = groups.get(start) ?? { values: [], failing: 0 };
    group.values.push(answer.value);
    if (!answer.valid) group.failing++;
    groups.set(start, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, g]) => {
      const sorted = g.values.sort((a, b) => a - b);
      return { start, count: sorted.length, failing: g.failing, min: sorted[0] ?? null, p50: median(sorted), max: sorted.at(-1) ?? null };
    });
}

/** A date-time column: rows per bucket of the answer's date, those with a failing answer apart. */
function dateSpec(rows: readonly SheetRow[], id: string, title: string, bucket: AnalyticsBucket): ChartSpec {
  const groups = new Map<number, { count: number; failing: number }>();
  for (const row of rows) {
    const answer = row.record[id];
    const at = answer && hasValue(answer.value) && typeof answer.value === 'string' ? Date.parse(answer.value) : Number.NaN;
    if (!answer || Number.isNaN(at)) continue;
    const start = bucketStart(at, bucket);
    const group = groups.get(start) ?? { count: 0, failing: 0 };
    group.count++;
    if (!answer.valid) group.failing++;
    groups.set(start, group);
  }
  const buckets = [...groups.entries()].sort(([a], [b]) => a - b);
  const x = buckets.map(([start]) => start);
  const half = { day: DAY, week: 7 * DAY, month: 30.44 * DAY }[bucket] / 2;
  return {
    id: `column-${id}`,
    title,
    kind: 'submissions',
    x,
    span: x.length ? [x[0]! - half, x.at(-1)! + half] : [0, 1],
    series: [
      { label: 'Valid', role: 'valid', values: buckets.map(([, g]) => g.count - g.failing) },
      { label: 'Failing', role: 'failing', values: buckets.map(([, g]) => g.failing) },
    ],
    failing: buckets.map(([, g]) => g.failing > 0),
    table: {
      headers: [bucketHeader(bucket), 'Rows', 'Valid', 'Failing'],
      rows: buckets.map(([start, g]) => [bucketLabel(start, bucket), String(g.count), String(g.count - g.failing), String(g.failing)]),
    },
  };
}

/** Every chart of the sheet's results page: its number and date-time columns that have answers in `rows`, in column order. */
export function sheetCharts(contents: SheetContents, rows: readonly SheetRow[], range: { start: number; end: number }): ChartSpec[] {
  const bucket = bucketFor(range.end - range.start);
  const half = { day: DAY, week: 7 * DAY, month: 30.44 * DAY }[bucket] / 2;
  const charts: ChartSpec[] = [];
  for (const id of contents.question_index) {
    const question = contents.questions[id];
    if (!question) continue;
    const title = question.title || 'Question';
    if (question.valueType === 'number' || question.valueType === 'decimal') {
      const buckets = valueBuckets(rows, id, bucket);
      if (buckets.length === 0) continue;
      const rule = question.validation;
      const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const band = rule?.enabled && (bound(rule.min) !== null || bound(rule.max) !== null) ? { min: bound(rule.min), max: bound(rule.max) } : undefined;
      charts.push(valuesSpec({ id: `column-${id}`, title, buckets, band, bucket, span: [range.start - half, range.end - half] }));
    } else if (question.valueType === 'datetime') {
      const spec = dateSpec(rows, id, title, bucket);
      if (spec.x.length > 0) charts.push(spec);
    }
  }
  return charts;
}
