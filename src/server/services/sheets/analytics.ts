/**
 * A result sheet's or report's results over time (issue #45): GET documentation/documents/{id}/analytics,
 * the checklists' call (services/checklists/analytics.ts hands a sheet or report over here) with the same
 * query and answer. Who may read them is who may read the sheet's rows (Read, else 404: readableSheet);
 * the columns of checklists the reader may not Read are not charted and rows holding none of their
 * submissions not counted. Every number is the database's (db/queries/sheet-analytics.ts) over the sheet's rows,
 * brought up to date first as the data call does. `submitters` is empty (the checklists' filter by submitter
 * has no counterpart on a sheet); the query's status, created_by and share_link_id do not filter a sheet.
 */
import type { Analytics, QuestionAnalytics, QuestionBucket } from '../../../shared/api/analytics.ts';
import type { AnalyticsQueryParsed } from '../../../shared/api/analytics-schemas.ts';
import type { SheetContents } from '../../../shared/sheets/model.ts';
import { isUnknownTimeZone } from '../../db/errors.ts';
import { formsOf } from '../../db/queries/sheet-rows.ts';
import { sheetAnalyticsRows, type SheetAnalyticsRow } from '../../db/queries/sheet-analytics.ts';
import type { Deps, Member } from '../../env.ts';
import { validationFailed } from '../../errors.ts';
import { freshSheetRows, readableSheet } from './rows.ts';

interface Column {
  id: string;
  title: string;
  valueType: string;
  /** The position of its checklist's submission in a row's `ids` (1-based). */
  position: number;
  kind: 'number' | 'date';
}

/** The charted columns, in column order: number and decimal (`number`), date-time (`date`). */
function chartedColumns(contents: SheetContents, forms: readonly string[]): Column[] {
  const columns: Column[] = [];
  for (const id of contents.question_index) {
    const question = contents.questions[id];
    const position = question ? forms.indexOf(question.form_id) + 1 : 0;
    if (!question || position === 0) continue;
    const kind = question.valueType === 'number' || question.valueType === 'decimal' ? 'number' : question.valueType === 'datetime' ? 'date' : undefined;
    if (kind) columns.push({ id, title: question.title, valueType: question.valueType, position, kind });
  }
  return columns;
}

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

function questionsOf(columns: readonly Column[], rows: readonly SheetAnalyticsRow[]): QuestionAnalytics[] {
  const byColumn = new Map<string, QuestionBucket[]>(columns.map((c) => [c.id, []]));
  for (const row of rows) {
    if (row.part === 'rows' || row.question_id === null) continue;
    byColumn.get(row.question_id)?.push({
      start: Number(row.start),
      count: Number(row.count),
      failing: Number(row.failing),
      answers: {},
      min: numberOrNull(row.min),
      p50: numberOrNull(row.p50),
      max: numberOrNull(row.max),
    });
  }
  return columns.map((c) => ({ question_id: c.id, title: c.title, value_type: c.valueType, buckets: byColumn.get(c.id)! }));
}

/** GET documentation/documents/{id}/analytics of a result sheet or report. */
export async function sheetAnalytics(deps: Deps, who: Member, id: string, query: AnalyticsQueryParsed): Promise<Analytics> {
  const sheet = await readableSheet(deps.db, who, id);
  const forms = formsOf(sheet.query.tree);
  const columns = chartedColumns(sheet.contents, forms);
  if (forms.length === 0) return { buckets: [], questions: questionsOf(columns, []), submitters: [] };
  await freshSheetRows(deps, sheet);
  const range = {
    sheetId: sheet.document.id,
    orgId: who.orgId,
    start: new Date(query.start_time * 1000),
    end: new Date(query.end_time * 1000),
    bucket: query.bucket,
    tz: query.tz,
    seen: forms.flatMap((form, k) => (sheet.query.readable.has(form) ? [k + 1] : [])),
    columns,
  };
  try {
    const rows = await sheetAnalyticsRows(deps.db, range);
    return {
      buckets: rows.filter((r) => r.part === 'rows').map((r) => ({ start: Number(r.start), submissions: Number(r.count), failing: Number(r.failing) })),
      questions: questionsOf(columns, rows),
      submitters: [],
    };
  } catch (err) {
    if (isUnknownTimeZone(err)) throw validationFailed([{ field: 'tz', message: 'tz must be an IANA time zone, such as Europe/Berlin' }]);
    throw err;
  }
}
