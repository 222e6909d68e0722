/**
 * The filters of a checklist's results page (issue #45) and what each call is asked: the date range
 * (local days, from and to inclusive), the bucket, valid or failing, the submitter (a member or a share
 * link). Pure: the grid, the charts and the export read the same range.
 */
import { readerTimeZone } from '../../src/shared/date-time.ts';
import type { AnalyticsBucket, AnalyticsQuery, ChecklistDataQuery, SubmissionStatus, Submitter } from '../../src/shared/api/analytics.ts';

export interface ResultsFilters {
  /** yyyy-mm-dd, the first local day shown. */
  from: string;
  /** yyyy-mm-dd, the last local day shown (inclusive). */
  to: string;
  bucket: AnalyticsBucket;
  status: SubmissionStatus | '';
  /** '' everyone; `user:{id}` or `share:{id}`. */
  submitter: string;
  /** A bucket clicked on a chart: only its rows in the grid ([start, end) in epoch seconds). */
  window?: { start: number; end: number } | undefined;
}

/** The range the page opens with: the last 30 days by day. */
export const DEFAULT_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');
export const dateInputValue = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A yyyy-mm-dd's local midnight; undefined for anything else. */
export function localMidnight(value: string, dayOffset = 0): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + dayOffset);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function defaultFilters(now: Date): ResultsFilters {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_DAYS - 1));
  return { from: dateInputValue(from), to: dateInputValue(now), bucket: 'day', status: '', submitter: '' };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The range in epoch seconds: from the first day's midnight to the midnight after the last day. */
export function rangeOf(filters: ResultsFilters, now: Date): { start_time: number; end_time: number } {
  const start = localMidnight(filters.from) ?? new Date(now.getTime() - DEFAULT_DAYS * 86_400_000);
  const end = localMidnight(filters.to, 1) ?? new Date(now.getTime() + 60_000);
  return { start_time: seconds(start), end_time: Math.max(seconds(end), seconds(start) + 1) };
}

function submitterOf(value: string): Pick<ChecklistDataQuery, 'created_by' | 'share_link_id'> {
  if (value.startsWith('user:')) return { created_by: value.slice(5) };
  if (value.startsWith('share:')) return { share_link_id: value.slice(6) };
  return {};
}

/** The analytics call's query: the range, the bucket, the caller's zone and the filters (never the clicked bucket). */
export function analyticsQueryOf(filters: ResultsFilters, now: Date, tz: string): AnalyticsQuery {
  return {
    ...rangeOf(filters, now),
    bucket: filters.bucket,
    tz,
    ...(filters.status ? { status: filters.status } : {}),
    ...submitterOf(filters.submitter),
  };
}

/** The data call's query for the grid and the export: the clicked bucket narrows the range. */
export function dataQueryOf(filters: ResultsFilters, now: Date): ChecklistDataQuery {
  const range = filters.window ? { start_time: filters.window.start, end_time: filters.window.end } : rangeOf(filters, now);
  return { ...range, ...(filters.status ? { status: filters.status } : {}), ...submitterOf(filters.submitter) };
}

/** The submitter filter's choices: value and name. */
export function submitterChoices(submitters: readonly Submitter[]): { value: string; label: string }[] {
  return submitters.map((s) => ({
    value: s.user_id ? `user:${s.user_id}` : `share:${s.share_link_id ?? ''}`,
    label: `${s.name} (${s.submissions})`,
  }));
}

/** The end of the bucket that starts at `start` (epoch seconds), in the browser's zone. */
export function bucketEnd(start: number, bucket: AnalyticsBucket): number {
  const d = new Date(start * 1000);
  const next =
    bucket === 'day'
      ? new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)
      : bucket === 'week'
        ? new Date(d.getFullYear(), d.getMonth(), d.getDate() + 7)
        : new Date(d.getFullYear(), d.getMonth() + 1, 1);
  return seconds(next);
}

/** The browser's IANA zone (UTC when it does not say). */
export const browserZone = readerTimeZone;
