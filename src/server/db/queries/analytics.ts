/**
 * A checklist's results counted over time (issue #45; services/checklists/analytics.ts): THE statements
 * of GET documentation/documents/{id}/analytics. Buckets are cut by PostgreSQL in the caller's zone
 * (`date_trunc(unit, created_at, zone)`: a day across a daylight-saving change is 23 or 25 hours), the
 * median is `percentile_cont(0.5)`; PGlite runs the same text (it carries the zone data and the ordered-set
 * aggregates). Each statement reads the submissions by the (org_id, document_id, created_at) index.
 *
 * A question's answers: those stored in the record (a hidden question's answer is never stored:
 * services/checklists/judge-submission.ts; one marked `hidden` is skipped all the same), counted when
 * they hold a value, failing when their valid flag is false.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { namedStatement, runStatement } from '../statements.ts';
import { authorName } from './share-links.ts';

const v = (name: string) => sql.placeholder(name);

/** The rows of the range and the filters (status, member, share link; a filter left null does not filter). */
const ROWS_OF_RANGE = sql`s.org_id = ${v('orgId')}::uuid AND s.document_id = ${v('documentId')}::uuid
  AND s.created_at >= ${v('start')}::timestamptz AND s.created_at < ${v('end')}::timestamptz`;
const FILTERED = sql`${ROWS_OF_RANGE}
  AND (${v('status')}::text IS NULL OR (s.validation_errors > 0) = (${v('status')}::text = 'failing'))
  AND (${v('createdBy')}::uuid IS NULL OR s.created_by = ${v('createdBy')}::uuid)
  AND (${v('shareLinkId')}::uuid IS NULL OR s.share_link_id = ${v('shareLinkId')}::uuid)`;
const BUCKET = sql`date_trunc(${v('bucket')}::text, s.created_at, ${v('tz')}::text)`;

const SUBMISSIONS_PER_BUCKET = namedStatement(
  'analytics_submissions_per_bucket',
  sql`SELECT extract(epoch FROM ${BUCKET})::float8 AS start, count(*)::int AS submissions,
             count(*) FILTER (WHERE s.validation_errors > 0)::int AS failing
        FROM checklist_submissions s
       WHERE ${FILTERED}
       GROUP BY 1 ORDER BY 1`,
);

/*
 * Each question's answers per bucket, in ONE pass over the rows (the CTE is read twice, computed once):
 * kind 'stats' rows carry count, failing and (number questions) min, median and max; kind 'answer' rows
 * how often one answer was given (a multiple choice's every choice). `questions` is [{id, kind}] as jsonb
 * text, kind 'number', 'category' or 'other'.
 */
const QUESTIONS_PER_BUCKET = namedStatement(
  'analytics_questions_per_bucket',
  sql`WITH answers AS MATERIALIZED (
        SELECT ${BUCKET} AS bucket, q.id, q.kind, s.record -> q.id AS answer
          FROM checklist_submissions s
          CROSS JOIN jsonb_to_recordset(${v('questions')}::text::jsonb) AS q(id text, kind text)
         WHERE ${FILTERED} AND s.record -> q.id IS NOT NULL AND coalesce(s.record -> q.id ->> 'hidden', '') <> 'true'
      ), given AS (
        SELECT bucket, id, kind, answer, answer -> 'value' AS value
          FROM answers
         WHERE answer -> 'value' IS NOT NULL AND answer -> 'value' NOT IN ('null'::jsonb, '""'::jsonb, '"not checked"'::jsonb, '[]'::jsonb)
      ), numbers AS (
        SELECT bucket, id, answer, CASE WHEN kind = 'number' AND jsonb_typeof(value) = 'number' THEN (value #>> '{}')::float8 END AS n
          FROM given
      )
      SELECT 'stats' AS kind, extract(epoch FROM bucket)::float8 AS start, id, NULL::text AS value, count(*)::int AS count,
             count(*) FILTER (WHERE answer ->> 'valid' = 'false')::int AS failing,
             min(n) AS min, percentile_cont(0.5) WITHIN GROUP (ORDER BY n) AS p50, max(n) AS max
        FROM numbers GROUP BY bucket, id
      UNION ALL
      SELECT 'answer', extract(epoch FROM bucket)::float8, id, choice.value, count(*)::int, 0, NULL, NULL, NULL
        FROM given
       CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(value) = 'array' THEN value ELSE jsonb_build_array(value) END) AS choice(value)
       WHERE kind = 'category'
       GROUP BY bucket, id, choice.value`,
);

/** Who submitted in the range (before the filters: the submitter filter's choices), by name, most first. */
const SUBMITTERS = namedStatement(
  'analytics_submitters',
  sql`SELECT s.created_by AS user_id, s.share_link_id, ${authorName(sql`u.username`, sql`l.name`)} AS name, count(*)::int AS submissions
        FROM checklist_submissions s
        LEFT JOIN users u ON u.id = s.created_by
        LEFT JOIN share_links l ON l.id = s.share_link_id
       WHERE ${ROWS_OF_RANGE}
       GROUP BY s.created_by, s.share_link_id, u.username, l.name
       ORDER BY submissions DESC, name`,
);

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

export type QuestionKind = 'number' | 'category' | 'other';

const valuesOf = (range: AnalyticsRange) => ({ ...range, start: range.start.toISOString(), end: range.end.toISOString() });

export function submissionsPerBucket(db: Queryable, range: AnalyticsRange) {
  return runStatement<{ start: number; submissions: number; failing: number }>(db, SUBMISSIONS_PER_BUCKET, valuesOf(range));
}

export interface QuestionBucketRow {
  kind: 'stats' | 'answer';
  start: number;
  id: string;
  value: string | null;
  count: number;
  failing: number;
  min: number | null;
  p50: number | null;
  max: number | null;
}

export function questionsPerBucket(db: Queryable, range: AnalyticsRange, questions: readonly { id: string; kind: QuestionKind }[]) {
  return runStatement<QuestionBucketRow>(db, QUESTIONS_PER_BUCKET, { ...valuesOf(range), questions: JSON.stringify(questions) });
}

export function submittersOfRange(db: Queryable, range: AnalyticsRange) {
  return runStatement<{ user_id: string | null; share_link_id: string | null; name: string | null; submissions: number }>(db, SUBMITTERS, valuesOf(range));
}
