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
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../connection.ts';
import { namedStatement, runStatement, statementFamily, type NamedStatement } from '../statements.ts';
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

/**
 * A question as the per-bucket statement reads it: number questions by their values; pass/fail,
 * true/false and single choice by the answers they offer (`single`), multiple choice by each choice
 * (`multi`); other questions are only counted. `answers`: the offered answers as text ('pass', 'true', a choice).
 */
export type QuestionKind = 'number' | 'single' | 'multi' | 'other';
export interface AnalyticsQuestion {
  id: string;
  kind: QuestionKind;
  answers: readonly string[];
}

const col = (name: string) => sql.raw(name);

/*
 * ONE pass over the range's rows, grouped by bucket: the submissions, and per question (the CTE reads each
 * answer once: v{i} its value when answered and shown, bad{i} its valid flag false) its count, failing,
 * each offered answer's count, and a number question's min, median and max. The SQL's shape depends on the
 * checklist's questions (their kinds and how many answers each offers); their ids and answers are values.
 */
function perBucketStatement(questions: readonly AnalyticsQuestion[]) {
  const answerOf = questions.map((q, i) => {
    const answer = sql`s.record -> ${v(`q${i}`)}::text`;
    const value = sql`${answer} -> 'value'`;
    const given = sql`${value} IS NOT NULL AND ${value} NOT IN ('null'::jsonb, '""'::jsonb, '"not checked"'::jsonb, '[]'::jsonb)
                     AND coalesce(${answer} ->> 'hidden', '') <> 'true'`;
    // A single answer's text ('pass', 'true', a choice), read once here and compared as text below.
    const text = q.kind === 'single' ? sql`, CASE WHEN ${given} THEN ${value} #>> '{}' END AS ${col(`t${i}`)}` : sql``;
    return sql`CASE WHEN ${given} THEN ${value} END AS ${col(`v${i}`)}, (${answer} ->> 'valid') = 'false' AS ${col(`bad${i}`)}${text}`;
  });
  const columns = questions.flatMap((q, i) => {
    const value = col(`v${i}`);
    const given = sql`${value} IS NOT NULL`;
    const parts = [
      sql`count(*) FILTER (WHERE ${given})::int AS ${col(`c${i}`)}`,
      sql`count(*) FILTER (WHERE ${given} AND ${col(`bad${i}`)})::int AS ${col(`f${i}`)}`,
    ];
    if (q.kind === 'number') {
      const n = sql`(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value} #>> '{}')::float8 END)`;
      parts.push(sql`min(${n}) AS ${col(`min${i}`)}, percentile_cont(0.5) WITHIN GROUP (ORDER BY ${n}) AS ${col(`p50_${i}`)}, max(${n}) AS ${col(`max${i}`)}`);
    }
    q.answers.forEach((_a, j) => {
      const offered = sql`${v(`a${i}_${j}`)}::text`;
      const hit = q.kind === 'multi' ? sql`jsonb_typeof(${value}) = 'array' AND jsonb_exists(${value}, ${offered})` : sql`${col(`t${i}`)} = ${offered}`;
      parts.push(sql`count(*) FILTER (WHERE ${hit})::int AS ${col(`a${i}_${j}`)}`);
    });
    return parts;
  });
  return sql`WITH rows AS MATERIALIZED (
        SELECT ${BUCKET} AS bucket, s.validation_errors${questions.length > 0 ? sql`, ${sql.join(answerOf, sql`, `)}` : sql``}
          FROM checklist_submissions s
         WHERE ${FILTERED}
      )
      SELECT extract(epoch FROM bucket)::float8 AS start, count(*)::int AS submissions,
             count(*) FILTER (WHERE validation_errors > 0)::int AS failing${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
        FROM rows GROUP BY bucket ORDER BY bucket`;
}

const shapeOf = (questions: readonly AnalyticsQuestion[]) => questions.map((q) => `${q.kind}${q.answers.length}`).join(',');
/** The first shapes asked for are kept named (prepared on each connection); later ones are sent unnamed, never kept. */
const KEPT_SHAPES = 64;
const family = statementFamily<readonly AnalyticsQuestion[]>('analytics_per_bucket', { keyOf: shapeOf, build: perBucketStatement, named: KEPT_SHAPES });
const keptShapes = new Set<string>();
const dialect = new PgDialect();

function statementOf(questions: readonly AnalyticsQuestion[]): NamedStatement {
  const shape = shapeOf(questions);
  if (keptShapes.has(shape) || keptShapes.size < KEPT_SHAPES) {
    keptShapes.add(shape);
    return family(questions);
  }
  const { sql: text, params } = dialect.sqlToQuery(perBucketStatement(questions));
  return { name: '', text, params };
}

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

const valuesOf = (range: AnalyticsRange) => ({ ...range, start: range.start.toISOString(), end: range.end.toISOString() });

/** One bucket's row: start, submissions, failing, and the per-question columns (c{i}, f{i}, min{i}, p50_{i}, max{i}, a{i}_{j}). */
export type BucketRow = { start: number; submissions: number; failing: number } & Record<string, number | null>;

export function perBucket(db: Queryable, range: AnalyticsRange, questions: readonly AnalyticsQuestion[]): Promise<BucketRow[]> {
  const values: Record<string, unknown> = valuesOf(range);
  questions.forEach((q, i) => {
    values[`q${i}`] = q.id;
    q.answers.forEach((a, j) => (values[`a${i}_${j}`] = a));
  });
  return runStatement<BucketRow>(db, statementOf(questions), values);
}

export function submittersOfRange(db: Queryable, range: AnalyticsRange) {
  return runStatement<{ user_id: string | null; share_link_id: string | null; name: string | null; submissions: number }>(db, SUBMITTERS, valuesOf(range));
}
