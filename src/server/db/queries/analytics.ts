/**
 * A checklist's results counted over time (issue #45; services/checklists/analytics.ts): THE statements
 * of GET documentation/documents/{id}/analytics. Buckets are cut by PostgreSQL in the caller's zone
 * (boundaries at each local midnight: a day across a daylight-saving change is 23 or 25 hours); PGlite runs
 * the same text (it carries the zone data and the ordered-set aggregates).
 *
 * Counts come from the rollups (schema/checklists.ts; kept by the triggers of migration 0030): each
 * checklist's submissions and answers counted per UTC day and per UTC hour. A bucket is made of the UTC
 * days wholly inside it, then the UTC hours wholly inside it of the days cut by a bucket boundary or the
 * range's ends, then — only where a boundary falls inside an hour (a zone whose offset is not whole hours,
 * a range not starting on the hour) — the answers of that hour themselves (`PIECES`). So a year by week reads
 * about 300 days and 1,300 hours of rollups instead of 500,000 answers, and every zone is counted exactly.
 * The submissions and their submitters (before the filters): ONE pass over the submission rollups, two
 * grouping sets (the filters are the rollups' own keys). The answers per bucket, question and named answer
 * (count, failing, min, max) and each choice of a multiple choice: one pass over the answer rollups — when
 * no filter is set; with one (status, member, share link) the answers are read from checklist_answer_values
 * joined to their submissions (the rollups are not kept per submitter). The medians do not roll up: each
 * (bucket, number question)'s is `percentile_cont(0.5)` over its own index range of checklist_answer_values
 * (an index-only scan of the number index and a small sort per bucket).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { runStatement, unnamed } from '../statements.ts';
import { authorName } from './share-links.ts';

const v = (name: string) => sql.placeholder(name);

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
export const BOUNDS = sql`bounds AS (
        SELECT array_agg(l AT TIME ZONE ${v('tz')}::text ORDER BY l) AS b
          FROM generate_series(date_trunc(${v('bucket')}::text, ${v('start')}::timestamptz AT TIME ZONE ${v('tz')}::text),
                               ${v('end')}::timestamptz AT TIME ZONE ${v('tz')}::text, ('1 ' || ${v('bucket')}::text)::interval) AS l
      )`;
/*
 * The pieces of the range the rollups answer (with BOUNDS): `cuts` the boundaries and the range's ends; the
 * UTC days no cut falls inside (and within the range) are read from the daily rollups; the hours of the
 * other days no cut falls inside, from the hourly ones; the hours a cut falls inside (`splits`), from the
 * answers and submissions themselves. Intervals in hours: a UTC day is 24 of them whatever the session zone.
 */
const START = sql`${v('start')}::timestamptz`;
const END = sql`${v('end')}::timestamptz`;
const noCutInside = (at: SQL, length: string) =>
  sql`width_bucket(${at} + interval '${sql.raw(length)}' - interval '1 microsecond', c.p) = width_bucket(${at}, c.p) AND ${at} >= ${START} AND ${at} + interval '${sql.raw(length)}' <= ${END}`;
const PIECES = sql`cuts AS (
        SELECT array_agg(x ORDER BY x) AS p FROM unnest((SELECT b FROM bounds) || ARRAY[${START}, ${END}]) x
      ), days AS (
        SELECT d, ${noCutInside(sql`d`, '24 hours')} AS whole
          FROM cuts c, generate_series(date_trunc('day', ${START}, 'UTC'), ${END}, interval '24 hours') d WHERE d < ${END}
      ), hours AS (
        SELECT h, ${noCutInside(sql`h`, '1 hour')} AS whole
          FROM cuts c, days, generate_series(days.d, days.d + interval '23 hours', interval '1 hour') h
         WHERE NOT days.whole AND h + interval '1 hour' > ${START} AND h < ${END}
      ), pieces AS (
        SELECT ARRAY(SELECT d FROM days WHERE whole) AS days, ARRAY(SELECT h FROM hours WHERE whole) AS hours,
               ARRAY(SELECT h FROM hours WHERE NOT whole) AS splits
      )`;
/*
 * The rollup rows `r` of the whole days and hours, by their primary key (document, period, start). The
 * pieces are unnested from arrays: the planner guesses a few rows for each (it guessed thousands for the
 * series, which priced the statement high enough for PostgreSQL's JIT compiler: 3 s of compiling; the pool's
 * connections now have JIT off, db/connection.ts).
 */
const rollupsOfWholes = (table: string) => sql`pieces, LATERAL (
             SELECT 'day'::text AS period, d AS starts_at FROM unnest(pieces.days) d
             UNION ALL
             SELECT 'hour'::text, h FROM unnest(pieces.hours) h
           ) p
           JOIN ${sql.raw(table)} r ON r.document_id = ${v('documentId')}::uuid AND r.period = p.period AND r.starts_at = p.starts_at
         WHERE r.org_id = ${v('orgId')}::uuid`;
/** The rows of a table with `created_at` (aliased `alias`) in the split hours and the range (`p.h` an hour's start). */
const inSplits = (alias: string) => {
  const [table, a] = [sql.raw(alias === 's' ? 'checklist_submissions' : 'checklist_answer_values'), sql.raw(alias)];
  // Lateral (kept apart by OFFSET 0): each split hour's rows by the (document_id, created_at) index; nothing
  // read when there is none.
  return sql`pieces CROSS JOIN LATERAL unnest(pieces.splits) AS p(h)
         CROSS JOIN LATERAL (SELECT * FROM ${table} x
                              WHERE x.document_id = ${v('documentId')}::uuid AND x.created_at >= p.h AND x.created_at < p.h + interval '1 hour'
                                AND x.created_at >= ${START} AND x.created_at < ${END} OFFSET 0) ${a}
         WHERE ${a}.org_id = ${v('orgId')}::uuid`;
};

/** A row's bucket: the number of its boundary in `bounds`. */
export const bucketOf = (column: SQL) => sql`width_bucket(${column}, (SELECT b FROM bounds))`;
/** A bucket's start, in epoch seconds. */
export const startOf = (bucket: SQL) => sql`extract(epoch FROM (SELECT b[${bucket}] FROM bounds))::float8`;

/** The results page's filters on a submission rollup row `s` (with `bad`). */
const ROLLUP_FILTERS = sql`(${v('status')}::text IS NULL OR s.bad = (${v('status')}::text = 'failing'))
  AND (${v('createdBy')}::uuid IS NULL OR s.created_by IS NOT DISTINCT FROM ${v('createdBy')}::uuid)
  AND (${v('shareLinkId')}::uuid IS NULL OR s.share_link_id IS NOT DISTINCT FROM ${v('shareLinkId')}::uuid)`;

/*
 * Per bucket (the filters' submissions, failing among them) and per submitter (the range's, before the
 * filters: the submitter filter's choices, by name, most first), in one pass over the rollups: GROUPING SETS.
 */
const SUBMISSIONS = unnamed(
  sql`WITH ${BOUNDS}, ${PIECES}, rows AS (
        SELECT ${bucketOf(sql`r.starts_at`)} AS bucket, r.created_by, r.share_link_id, r.failing AS bad, r.submissions AS n
          FROM ${rollupsOfWholes('checklist_submission_rollups')}
        UNION ALL
        SELECT ${bucketOf(sql`s.created_at`)}, s.created_by, s.share_link_id, s.validation_errors > 0, 1
          FROM ${inSplits('s')}
      ), counted AS (
        SELECT bucket, created_by, share_link_id, grouping(bucket) AS by_submitter,
               (sum(n) FILTER (WHERE ${ROLLUP_FILTERS}))::int AS submissions, (sum(n) FILTER (WHERE ${ROLLUP_FILTERS} AND bad))::int AS failing,
               sum(n)::int AS all_submissions
          FROM rows s
         GROUP BY GROUPING SETS ((bucket), (created_by, share_link_id))
      )
      SELECT c.by_submitter, ${startOf(sql`c.bucket`)} AS start, coalesce(c.submissions, 0) AS submissions, coalesce(c.failing, 0) AS failing,
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

/** The median of each number question per bucket (of the filters' submissions). */
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
 * Without a filter, from the rollups of the pieces and the answers of the split hours: per bucket, question
 * and `choice` (false: the answer, named or '' — count, failing, min, max; true: a multiple choice's choice).
 */
const ROLLED_ANSWERS = sql`WITH ${BOUNDS}, ${PIECES}, rows AS (
        SELECT ${bucketOf(sql`r.starts_at`)} AS bucket, r.question_id, r.choice, r.answer, r.count, r.failing, r.min, r.max
          FROM ${rollupsOfWholes('checklist_answer_rollups')}
        UNION ALL
        SELECT ${bucketOf(sql`a.created_at`)}, a.question_id, false, coalesce(CASE WHEN a.named THEN a.value_text END, ''),
               1, a.failing::int, a.value_number, a.value_number
          FROM ${inSplits('a')} AND NOT a.hidden
        UNION ALL
        SELECT ${bucketOf(sql`m.created_at`)}, m.question_id, true, c.choice, 1, 0, NULL, NULL
          FROM (SELECT a.created_at, a.question_id, a.value_choices FROM ${inSplits('a')} AND NOT a.hidden AND a.value_choices IS NOT NULL) m
         CROSS JOIN LATERAL unnest(m.value_choices) AS c(choice)
      )
      SELECT ${startOf(sql`g.bucket`)} AS start, g.question_id, g.choice, nullif(g.answer, '') AS answer, g.count, g.failing, g.min, g.max
        FROM (SELECT bucket, question_id, choice, answer, sum(count)::int AS count, sum(failing)::int AS failing, min(min) AS min, max(max) AS max
                FROM rows GROUP BY 1, 2, 3, 4) g`;

/*
 * Without a filter, the median of each (bucket, number question) over its own index range: an index-only
 * scan of checklist_answer_values_number_idx and a sort of the bucket's numbers in memory (grouped over the
 * whole range, the year's 150,000 numbers of the bench were sorted on disk first). The document is the
 * caller's organisation's (services/checklists/analytics.ts reads it first): the index has no org_id.
 */
const MEDIANS_BY_BUCKET = sql`WITH ${BOUNDS}, k AS (
        SELECT i, greatest(b[i], ${START}) AS lo, least(coalesce(b[i + 1], 'infinity'), ${END}) AS hi FROM bounds, generate_subscripts(b, 1) i
      )
      SELECT ${startOf(sql`k.i`)} AS start, q.id AS question_id, m.p50
        FROM k CROSS JOIN unnest(${v('numbers')}::text[]) AS q(id)
       CROSS JOIN LATERAL (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.value_number) AS p50
                             FROM checklist_answer_values a
                            WHERE a.document_id = ${v('documentId')}::uuid AND a.question_id = q.id AND a.value_number IS NOT NULL AND NOT a.hidden
                              AND a.created_at >= k.lo AND a.created_at < k.hi) m
       WHERE m.p50 IS NOT NULL`;

/*
 * Sent unnamed (db/statements.ts `unnamed`): planned with the range's values each time. Prepared, the
 * generic plan guessed 5,000 of a year's 500,000 answers and walked the index row by row (1.6 s instead of
 * a bitmap scan's 0.4 s, measured on the bench's rows). [0]: no filter (the rollups), [1]: a filter.
 */
const ANSWERS = [unnamed(ROLLED_ANSWERS), unnamed(answersStatement(true))] as const;
const MEDIANS = [unnamed(MEDIANS_BY_BUCKET), unnamed(mediansStatement(true))] as const;
const CHOICES = unnamed(choicesStatement(true));

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
  choice?: boolean;
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
    filtered === 1 && ids.multi.length > 0 ? runStatement<AnswerRow>(db, CHOICES, values) : [],
  ]);
  if (filtered === 1) return { answers, medians, choices };
  // The rollups' rows: the answers, and each choice of a multiple choice (`choice`).
  return { answers: answers.filter((row) => !row.choice), medians, choices: answers.filter((row) => row.choice === true) };
}
