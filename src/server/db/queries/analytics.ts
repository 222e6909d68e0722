/**
 * A checklist's results counted over time (issue #45; services/checklists/analytics.ts): THE statements
 * of GET documentation/documents/{id}/analytics. Buckets are cut by PostgreSQL in the caller's zone
 * (boundaries at each local midnight: a day across a daylight-saving change is 23 or 25 hours), the
 * median is `percentile_cont(0.5)`; PGlite runs the same text (it carries the zone data and the ordered-set
 * aggregates).
 *
 * The submissions and their submitters: ONE pass over the range's submissions by their (org_id,
 * document_id, created_at) index, two grouping sets. The answers: from checklist_answer_values (one narrow,
 * typed row per answer with a value, written by a trigger as each submission is inserted; schema/checklists.ts)
 * by its (document_id, created_at) index, grouped by bucket, question and — for the questions whose answers
 * are named (pass/fail, true/false, single choice) — the answer's text; the medians of number questions and
 * the choices of multiple choice questions in a statement each, only when the checklist has such questions.
 * An answer marked `hidden` is never counted. With a filter (status, member, share link) the answers are
 * joined to their submissions; without one they are not read at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { runStatement, unnamed, type NamedStatement } from '../statements.ts';
import { authorName } from './share-links.ts';

const v = (name: string) => sql.placeholder(name);

/** The submissions of the range (filters apart). */
const SUBMISSIONS_OF_RANGE = sql`s.org_id = ${v('orgId')}::uuid AND s.document_id = ${v('documentId')}::uuid
  AND s.created_at >= ${v('start')}::timestamptz AND s.created_at < ${v('end')}::timestamptz`;
/** The results page's filters on a submission `s` (a filter left null does not filter). */
const FILTERS = sql`(${v('status')}::text IS NULL OR (s.validation_errors > 0) = (${v('status')}::text = 'failing'))
  AND (${v('createdBy')}::uuid IS NULL OR s.created_by = ${v('createdBy')}::uuid)
  AND (${v('shareLinkId')}::uuid IS NULL OR s.share_link_id = ${v('shareLinkId')}::uuid)`;
/*
 * The range's bucket boundaries, computed once per statement: each local midnight (of a day, a Monday, a
 * month's first day) from the start's bucket to the end, stepped in local time and turned back into an
 * instant in the zone — what `date_trunc(unit, created_at, zone)` gives each row, so a day across a
 * daylight-saving change is 23 or 25 hours. A row's bucket is then found by `width_bucket` (a binary
 * search over the boundaries: about three times cheaper per row than converting each row into the zone).
 */
const BOUNDS = sql`bounds AS (
        SELECT array_agg(l AT TIME ZONE ${v('tz')}::text ORDER BY l) AS b
          FROM generate_series(date_trunc(${v('bucket')}::text, ${v('start')}::timestamptz AT TIME ZONE ${v('tz')}::text),
                               ${v('end')}::timestamptz AT TIME ZONE ${v('tz')}::text, ('1 ' || ${v('bucket')}::text)::interval) AS l
      )`;
/** A row's bucket: the number of its boundary in `bounds`. */
const bucketOf = (column: SQL) => sql`width_bucket(${column}, (SELECT b FROM bounds))`;
/** A bucket's start, in epoch seconds. */
const startOf = (bucket: SQL) => sql`extract(epoch FROM (SELECT b[${bucket}] FROM bounds))::float8`;

/*
 * Per bucket (the filters' submissions, failing among them) and per submitter (the range's, before the
 * filters: the submitter filter's choices, by name, most first), in one pass: GROUPING SETS.
 */
const SUBMISSIONS = unnamed(
  sql`WITH ${BOUNDS}, rows AS (
        SELECT ${bucketOf(sql`s.created_at`)} AS bucket, s.created_by, s.share_link_id, ${FILTERS} AS kept, s.validation_errors > 0 AS bad
          FROM checklist_submissions s
         WHERE ${SUBMISSIONS_OF_RANGE}
      ), counted AS (
        SELECT bucket, created_by, share_link_id, grouping(bucket) AS by_submitter,
               count(*) FILTER (WHERE kept)::int AS submissions, count(*) FILTER (WHERE kept AND bad)::int AS failing,
               count(*)::int AS all_submissions
          FROM rows
         GROUP BY GROUPING SETS ((bucket), (created_by, share_link_id))
      )
      SELECT c.by_submitter, ${startOf(sql`c.bucket`)} AS start, c.submissions, c.failing,
             c.created_by AS user_id, c.share_link_id, ${authorName(sql`u.username`, sql`l.name`)} AS name, c.all_submissions
        FROM counted c
        LEFT JOIN users u ON u.id = c.created_by AND c.by_submitter = 1
        LEFT JOIN share_links l ON l.id = c.share_link_id AND c.by_submitter = 1
       WHERE c.by_submitter = 1 OR c.submissions > 0
       ORDER BY c.by_submitter, c.bucket, c.all_submissions DESC, name`,
);

/** The answers of the range (with `filtered`, of the filters' submissions only), not hidden. */
function answersOf(filtered: boolean) {
  const join = filtered ? sql`JOIN checklist_submissions s ON s.id = a.submission_id AND ${FILTERS}` : sql``;
  return sql`checklist_answer_values a ${join}
       WHERE a.document_id = ${v('documentId')}::uuid AND a.org_id = ${v('orgId')}::uuid
         AND a.created_at >= ${v('start')}::timestamptz AND a.created_at < ${v('end')}::timestamptz AND NOT a.hidden`;
}

/** Count, failing, min and max per bucket, question and named answer (`answer` null for the other questions). */
const answersStatement = (filtered: boolean) =>
  sql`WITH ${BOUNDS}
      SELECT ${startOf(sql`g.bucket`)} AS start, g.question_id, g.answer, g.count, g.failing, g.min, g.max
        FROM (SELECT ${bucketOf(sql`a.created_at`)} AS bucket, a.question_id,
                     CASE WHEN a.question_id = ANY(${v('named')}::text[]) THEN a.value_text END AS answer,
                     count(*)::int AS count, count(*) FILTER (WHERE a.failing)::int AS failing,
                     min(a.value_number) AS min, max(a.value_number) AS max
                FROM ${answersOf(filtered)}
               GROUP BY 1, 2, 3) g`;

/** The median of each number question per bucket. */
const mediansStatement = (filtered: boolean) =>
  sql`WITH ${BOUNDS}
      SELECT ${startOf(sql`g.bucket`)} AS start, g.question_id, g.p50
        FROM (SELECT ${bucketOf(sql`a.created_at`)} AS bucket, a.question_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.value_number) AS p50
                FROM ${answersOf(filtered)} AND a.question_id = ANY(${v('numbers')}::text[]) AND a.value_number IS NOT NULL
               GROUP BY 1, 2) g`;

/** Each choice of the multiple choice questions per bucket (once per submission that chose it). */
const choicesStatement = (filtered: boolean) =>
  sql`WITH ${BOUNDS}
      SELECT ${startOf(sql`g.bucket`)} AS start, g.question_id, g.answer, g.count
        FROM (SELECT ${bucketOf(sql`a.created_at`)} AS bucket, a.question_id, c.choice AS answer, count(*)::int AS count
                FROM (SELECT a.created_at, a.question_id, a.value_choices FROM ${answersOf(filtered)} AND a.question_id = ANY(${v('multi')}::text[])) a
                CROSS JOIN LATERAL unnest(a.value_choices) AS c(choice)
               GROUP BY 1, 2, 3) g`;

/*
 * Sent unnamed (db/statements.ts `unnamed`): planned with the range's values each time. Prepared, the
 * generic plan guessed 5,000 of a year's 500,000 answers and walked the index row by row (1.6 s instead of
 * a bitmap scan's 0.4 s, measured on the bench's rows).
 */
const both = (build: (filtered: boolean) => SQL): [NamedStatement, NamedStatement] => [unnamed(build(false)), unnamed(build(true))];
const ANSWERS = both(answersStatement);
const MEDIANS = both(mediansStatement);
const CHOICES = both(choicesStatement);

export interface AnalyticsRange {
  orgId: string;
  documentId: string;
  start: Date;
  end: Date;
  bucket: 'day' | 'week' | 'month';
  tz: string;
  status: 'valid' | 'failing' | null;
  createdBy: string | null;
  shareLinkId: string | null;
}

/** The question ids each statement reads: `named` answers by their text, `numbers` with medians, `multi` by each choice. */
export interface AnalyticsQuestionIds {
  named: string[];
  numbers: string[];
  multi: string[];
}

const valuesOf = (range: AnalyticsRange) => ({ ...range, start: range.start.toISOString(), end: range.end.toISOString() });
const filteredOf = (range: AnalyticsRange) => (range.status !== null || range.createdBy !== null || range.shareLinkId !== null ? 1 : 0);

interface SubmissionsRow {
  by_submitter: number;
  start: number | null;
  submissions: number;
  failing: number;
  user_id: string | null;
  share_link_id: string | null;
  name: string | null;
  all_submissions: number;
}

/** The buckets' rows (by_submitter 0, oldest first), then the submitters' (by_submitter 1, most first). */
export function submissionsOfRange(db: Queryable, range: AnalyticsRange): Promise<SubmissionsRow[]> {
  return runStatement<SubmissionsRow>(db, SUBMISSIONS, valuesOf(range));
}

export interface AnswerRow {
  start: number;
  question_id: string;
  answer: string | null;
  count: number;
  failing?: number;
  min?: number | null;
  max?: number | null;
  p50?: number | null;
}

/** The answers' rows: counts per named answer, then the medians and the choices (when asked for). */
export async function answersOfRange(db: Queryable, range: AnalyticsRange, ids: AnalyticsQuestionIds): Promise<{ answers: AnswerRow[]; medians: AnswerRow[]; choices: AnswerRow[] }> {
  const values = { ...valuesOf(range), ...ids };
  const filtered = filteredOf(range);
  // Side by side: on PostgreSQL each on a connection of the pool (reads, nothing to keep consistent but
  // the range); PGlite runs them in turn.
  const [answers, medians, choices] = await Promise.all([
    runStatement<AnswerRow>(db, ANSWERS[filtered], values),
    ids.numbers.length > 0 ? runStatement<AnswerRow>(db, MEDIANS[filtered], values) : [],
    ids.multi.length > 0 ? runStatement<AnswerRow>(db, CHOICES[filtered], values) : [],
  ]);
  return { answers, medians, choices };
}
