/**
 * A checklist's results drawn over time (issue #45): the answer of GET documentation/documents/{id}/analytics
 * and its query. Zod-free (the browser imports it); the query's zod is ./analytics-schemas.ts.
 *
 * Every number is counted by the database (db/queries/analytics.ts); a bucket's `start` is the epoch second
 * its day, week (from Monday) or month begins in the caller's time zone `tz`. Buckets without a submission
 * are left out.
 */

/** How long a bucket is. */
export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The longest range one call may cover: 5 years (of 365.25 days), in seconds. */
export const MAX_ANALYTICS_RANGE_SECONDS = 5 * 365.25 * 86_400;

/** The rows' filters the grid and the charts share (the data call takes them too). */
export const SUBMISSION_STATUSES = ['valid', 'failing'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface SubmissionFilters {
  /** valid: no failing answer; failing: at least one. */
  status?: SubmissionStatus | undefined;
  /** A member's submissions (their user id). */
  created_by?: string | undefined;
  /** A share link's submissions. */
  share_link_id?: string | undefined;
}

/** The data call's query from the results page: a page of rows in a range, with the filters. */
export interface ChecklistDataQuery extends SubmissionFilters {
  start_time?: number | undefined;
  end_time?: number | undefined;
  skip?: number;
  limit?: number;
}

export interface AnalyticsQuery extends SubmissionFilters {
  start_time: number;
  end_time: number;
  bucket: AnalyticsBucket;
  /** An IANA time zone: where days, weeks and months begin. */
  tz: string;
}

/** Submissions in one bucket: how many, and how many with a failing answer. */
export interface SubmissionsBucket {
  start: number;
  submissions: number;
  failing: number;
}

/** One question's answers in one bucket. */
export interface QuestionBucket {
  start: number;
  /** Answers given (unanswered and hidden questions not counted). */
  count: number;
  /** Answers whose valid flag is false. */
  failing: number;
  /** pass/fail, true/false and choice questions: how often each answer was given (each choice of a multiple choice). */
  answers: Record<string, number>;
  /** Number questions: the smallest, the median and the largest value; null for other questions. */
  min: number | null;
  p50: number | null;
  max: number | null;
}

export interface QuestionAnalytics {
  question_id: string;
  title: string;
  value_type: string;
  buckets: QuestionBucket[];
}

/** Who submitted in the range (the submitter filter's choices): a member or a share link, by name. */
export interface Submitter {
  user_id: string | null;
  share_link_id: string | null;
  name: string;
  submissions: number;
}

export interface Analytics {
  buckets: SubmissionsBucket[];
  questions: QuestionAnalytics[];
  submitters: Submitter[];
}
