/**
 * A result sheet's or report's results counted over time (issue #45 "A result sheet charts any of its
 * number or date columns the same way"): THE statement of GET documentation/documents/{sheet id}/analytics,
 * over its materialised rows (`sheet_rows`, db/queries/sheet-rows.ts) and each row's answers in
 * `checklist_answer_values` (by their primary key: the row's submission of the column's checklist and the
 * column's question). Buckets are THE checklist analytics' (db/queries/analytics.ts `BOUNDS`: the local
 * midnights of the range in the caller's zone, a row's bucket by `width_bucket`), so a sheet and a
 * checklist cut their days, weeks and months alike.
 *
 * One pass, three parts (`part`): `rows` per bucket of the row's time (failing: a row holding a readable
 * submission with a failing answer); `number` per bucket of the row's time and number column (count,
 * failing, min, median, max of the answers that are numbers); `date` per bucket of the answer's own date
 * and date-time column (count, failing; dates outside the range are not counted). Only the rows holding a
 * submission of a checklist the reader may Read (`seen`: their positions in the row's `ids`) are counted.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { runStatement, unnamed } from '../statements.ts';
import { BOUNDS, bucketOf, startOf } from './analytics.ts';

const v = (name: string) => sql.placeholder(name);
const START = sql`${v('start')}::timestamptz`;
const END = sql`${v('end')}::timestamptz`;

/** An ISO 8601 date-time's text (what a date-time answer holds; anything else is not counted). */
const ISO = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}`;

/*
 * `cols`: the charted columns — question id, the position of its checklist's submission in the row's `ids`
 * (1-based), 'number' or 'date'. Sent unnamed (db/statements.ts): planned with the range's values.
 */
const SHEET_ANALYTICS = unnamed(sql`WITH ${BOUNDS},
      rws AS (
        SELECT r.at, r.ids FROM sheet_rows r
         WHERE r.sheet_id = ${v('sheetId')}::uuid AND r.org_id = ${v('orgId')}::uuid AND r.at >= ${START} AND r.at < ${END}
           AND EXISTS (SELECT 1 FROM unnest(${v('seen')}::int[]) k WHERE r.ids[k] IS NOT NULL)
      ),
      cols AS (SELECT * FROM unnest(${v('colIds')}::text[], ${v('colPositions')}::int[], ${v('colKinds')}::text[]) AS c(id, k, kind)),
      vals AS (
        SELECT c.id, c.kind, r.at, a.value_number, a.failing,
               CASE WHEN c.kind = 'date' AND a.value_text ~ ${ISO} THEN a.value_text::timestamptz END AS dated
          FROM rws r CROSS JOIN cols c
          JOIN checklist_answer_values a ON a.submission_id = r.ids[c.k] AND a.question_id = c.id AND a.org_id = ${v('orgId')}::uuid AND NOT a.hidden
      ),
      counted AS (
        SELECT 'rows'::text AS part, ${bucketOf(sql`r.at`)} AS bucket, NULL::text AS id, count(*)::int AS count,
               (count(*) FILTER (WHERE EXISTS (
                  SELECT 1 FROM unnest(${v('seen')}::int[]) k JOIN checklist_submissions s ON s.id = r.ids[k]
                   WHERE s.org_id = ${v('orgId')}::uuid AND s.validation_errors > 0)))::int AS failing,
               NULL::float8 AS min, NULL::float8 AS p50, NULL::float8 AS max
          FROM rws r GROUP BY 2
        UNION ALL
        SELECT 'number', ${bucketOf(sql`x.at`)}, x.id, count(*)::int, (count(*) FILTER (WHERE x.failing))::int,
               min(x.value_number), percentile_cont(0.5) WITHIN GROUP (ORDER BY x.value_number), max(x.value_number)
          FROM vals x WHERE x.kind = 'number' AND x.value_number IS NOT NULL GROUP BY 2, 3
        UNION ALL
        SELECT 'date', ${bucketOf(sql`x.dated`)}, x.id, count(*)::int, (count(*) FILTER (WHERE x.failing))::int, NULL, NULL, NULL
          FROM vals x WHERE x.dated >= ${START} AND x.dated < ${END} GROUP BY 2, 3
      )
      SELECT c.part, ${startOf(sql`c.bucket`)} AS start, c.id AS question_id, c.count, c.failing, c.min, c.p50, c.max
        FROM counted c
       ORDER BY c.part, c.id, c.bucket`);

export interface SheetAnalyticsRow {
  part: 'rows' | 'number' | 'date';
  start: number;
  question_id: string | null;
  count: number;
  failing: number;
  min: number | null;
  p50: number | null;
  max: number | null;
}

interface SheetAnalyticsRange {
  sheetId: string;
  orgId: string;
  start: Date;
  end: Date;
  bucket: 'day' | 'week' | 'month';
  tz: string;
  /** The positions (1-based) in a row's `ids` of the checklists the reader may Read. */
  seen: number[];
  /** The charted columns: question id, its checklist's position in `ids`, 'number' or 'date'. */
  columns: { id: string; position: number; kind: 'number' | 'date' }[];
}

/** The rows per bucket, then each column's per bucket (`part`), oldest first. */
export function sheetAnalyticsRows(db: Queryable, range: SheetAnalyticsRange): Promise<SheetAnalyticsRow[]> {
  return runStatement<SheetAnalyticsRow>(db, SHEET_ANALYTICS, {
    sheetId: range.sheetId,
    orgId: range.orgId,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    bucket: range.bucket,
    tz: range.tz,
    seen: range.seen,
    colIds: range.columns.map((c) => c.id),
    colPositions: range.columns.map((c) => c.position),
    colKinds: range.columns.map((c) => c.kind),
  });
}
