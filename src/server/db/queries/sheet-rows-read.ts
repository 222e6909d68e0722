/**
 * Reading a result sheet's materialised rows (`sheet_rows`, built and kept by sheet-rows.ts): a page with
 * the window's count in ONE statement, which also says whether the rows were up to date (if not, the
 * caller brings them up to date and reads again); every row of a window through a cursor for the CSV.
 *
 * The page is an index scan of (sheet, time DESC, tie DESC) with LIMIT; the count adds up the window's
 * whole hours (`sheet_row_hours`, kept by triggers) and counts the rows of its partial hours by the index. Only the rows handed out read their submissions (by primary key) and
 * the author of the newest one the reader may Read (its username, or `share: {name}` through a share link); the records of checklists the reader cannot Read are not selected.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { rows, toDate } from '../rows.ts';
import { authorName } from './share-links.ts';
import { formsOf, isStale, treeKeyOf, type SheetRowsSource } from './sheet-rows.ts';

export interface SheetRowsQuery extends SheetRowsSource {
  /** The checklists whose answers the reader may see. */
  readable: ReadonlySet<string>;
  start?: Date | undefined;
  end?: Date | undefined;
}

export interface RawSheetRow {
  created_at: Date;
  created_by_username: string | null;
  /** Checklist id → its submission's id in the row (null: none). */
  submissions: Record<string, string | null>;
  /** Checklist id → its submission's record (readable checklists only; null: no submission). */
  records: Record<string, Record<string, unknown> | null>;
}

const raw = (name: string) => sql.raw(name);

/**
 * The rows (alias `r`) that hold a submission of a checklist the reader may Read, as a condition; undefined
 * when they may Read every checklist (every row). A row made only of submissions they may not see is not
 * theirs to list (issue #28: such a checklist contributes nothing), e.g. a root checklist they cannot Read.
 */
function seenRows(q: SheetRowsQuery): SQL | undefined {
  const forms = formsOf(q.tree);
  if (forms.every((form) => q.readable.has(form))) return undefined;
  const held = forms.flatMap((form, k) => (q.readable.has(form) ? [sql`r.ids[${raw(String(k + 1))}] IS NOT NULL`] : []));
  return held.length === 0 ? sql`false` : sql`(${sql.join(held, sql` OR `)})`;
}

/** The window's rows of the sheet (alias `r`) that the reader may see, as conditions. */
const windowOf = (q: SheetRowsQuery): SQL => {
  const seen = seenRows(q);
  return sql.join(
    [
      sql`r.sheet_id = ${q.sheetId}::uuid`,
      ...(q.start ? [sql`r.at >= ${q.start.toISOString()}::timestamptz`] : []),
      ...(q.end ? [sql`r.at < ${q.end.toISOString()}::timestamptz`] : []),
      ...(seen ? [seen] : []),
    ],
    sql` AND `,
  );
};

const ORDER = sql`at DESC NULLS LAST, tie DESC NULLS LAST`;

const HOUR = 3600;
const stamp = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`;

/**
 * The window's count: the whole hours inside it from `sheet_row_hours`, the rows of the partial hours at
 * its two ends from the index (a window within one hour: its rows). A reader who may not Read every
 * checklist counts the rows they may see, by the index (the hourly totals count every row).
 */
function countOf(q: SheetRowsQuery): SQL {
  if (seenRows(q)) return sql`(SELECT count(*)::int FROM sheet_rows r WHERE ${windowOf(q)})`;
  const start = q.start && Math.floor(q.start.getTime() / 1000);
  const end = q.end && Math.floor(q.end.getTime() / 1000);
  const rowsBetween = (from: number | undefined, to: number | undefined) =>
    sql`(SELECT count(*)::int FROM sheet_rows r WHERE ${sql.join(
      [
        sql`r.sheet_id = ${q.sheetId}::uuid`,
        ...(from === undefined ? [] : [sql`r.at >= ${stamp(from)}`]),
        ...(to === undefined ? [] : [sql`r.at < ${stamp(to)}`]),
      ],
      sql` AND `,
    )})`;
  const first = start === undefined ? undefined : Math.ceil(start / HOUR);
  const last = end === undefined ? undefined : Math.floor(end / HOUR);
  if (first !== undefined && last !== undefined && first > last) return rowsBetween(start, end);
  const hours = sql`(SELECT coalesce(sum(h.n), 0)::int FROM sheet_row_hours h WHERE ${sql.join(
    [
      sql`h.sheet_id = ${q.sheetId}::uuid`,
      ...(first === undefined ? [] : [sql`h.hour >= ${first}`]),
      ...(last === undefined ? [] : [sql`h.hour < ${last}`]),
    ],
    sql` AND `,
  )})`;
  const parts = [hours];
  if (start !== undefined && start < first! * HOUR) parts.push(rowsBetween(start, first! * HOUR));
  if (end !== undefined && end > last! * HOUR) parts.push(rowsBetween(last! * HOUR, end));
  return sql.join(parts, sql` + `);
}

/**
 * The author of a row's newest submission of a checklist the reader may Read (of two at once, the first
 * checklist's), its checklists' submissions being `r0`, `r1`, … in the order of `forms`: its `column`
 * (`created_by`, the user; `share_link_id`, the share link it came through, issue #29). Who submitted a
 * checklist the reader may not Read is never a row's author (issue #28): a row without a readable
 * submission has none (null). When every checklist is readable this is the submission whose time is the
 * row's.
 */
function newestAuthor(forms: readonly string[], readable: ReadonlySet<string>, column: 'created_by' | 'share_link_id' = 'created_by'): SQL {
  const shown = forms.flatMap((form, k) => (readable.has(form) ? [raw(`r${k}`)] : []));
  if (shown.length === 0) return sql`NULL::uuid`;
  // GREATEST skips nulls (checklists without a submission in the row).
  const newest = sql`GREATEST(${sql.join(
    shown.map((r) => sql`${r}.created_at`),
    sql`, `,
  )})`;
  return sql`CASE ${sql.join(
    shown.map((r) => sql`WHEN ${r}.created_at = ${newest} THEN ${r}.${raw(column)}`),
    sql` `,
  )} END`;
}

/**
 * The author's name, from the users (`u`) and share links (`sl`) joined by `authorJoins`: the username, or
 * `share: {name}` for a submission through a share link.
 */
const AUTHOR_NAME = authorName(sql`u.username`, sql`sl.name`);

/** The joins of the newest readable submission's user and share link (see newestAuthor). */
const authorJoins = (forms: readonly string[], readable: ReadonlySet<string>): SQL =>
  sql`LEFT JOIN users u ON u.id = ${newestAuthor(forms, readable)} LEFT JOIN share_links sl ON sl.id = ${newestAuthor(forms, readable, 'share_link_id')}`;

/** Each row of `chosen` (alias `p`: at, tie, ids) with its submissions, records and author. */
function rowsOf(q: SheetRowsQuery): { columns: SQL; joins: SQL } {
  const forms = formsOf(q.tree);
  const alias = (k: number) => raw(`r${k}`);
  const joins = forms.map(
    (_, k) => sql`LEFT JOIN checklist_submissions ${alias(k)} ON ${alias(k)}.id = p.ids[${raw(String(k + 1))}] AND ${alias(k)}.org_id = ${q.orgId}::uuid`,
  );
  const pairs = (value: (k: number, form: string) => SQL) =>
    sql`jsonb_build_object(${sql.join(
      forms.map((f, k) => sql`${f}::text, ${value(k, f)}`),
      sql`, `,
    )})`;
  return {
    columns: sql`p.at AS created_at, ${AUTHOR_NAME} AS created_by_username,
        ${pairs((k) => sql`${alias(k)}.id`)} AS submissions,
        ${pairs((k, f) => (q.readable.has(f) ? sql`${alias(k)}.record` : sql`NULL::jsonb`))} AS records`,
    joins: sql`${sql.join(joins, sql` `)} ${authorJoins(forms, q.readable)}`,
  };
}

interface Raw {
  created_at: unknown;
  created_by_username: string | null;
  submissions: Record<string, string | null> | string;
  records: Record<string, Record<string, unknown> | null> | string;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** One raw row as the driver hands it out, typed. */
export function readSheetRow(r: Raw): RawSheetRow {
  return {
    created_at: toDate(r.created_at),
    created_by_username: r.created_by_username,
    submissions: parsed(r.submissions),
    records: parsed(r.records),
  };
}

/**
 * The statement of a page and the window's count: one row per row of the page (a single row with the
 * page's columns null when it is empty), each with `total` and the build's state (`tree_key`, `rebuild`,
 * `pending`: whether any submission is pending); page and count are read only when the rows are up to date.
 */
export function pageStatement(q: SheetRowsQuery, page: { skip: number; limit: number }, pendingToo = true): SQL {
  const { columns, joins } = rowsOf(q);
  const fresh = sql`(SELECT s.tree_key = ${treeKeyOf(q.tree)} AND NOT s.rebuild${pendingToo ? sql` AND s.pending = 0` : sql``} FROM state s)`;
  return sql`WITH state AS MATERIALIZED (
        SELECT b.tree_key, b.rebuild,
               (SELECT count(*)::int FROM (SELECT 1 FROM sheet_pending_submissions x WHERE x.sheet_id = ${q.sheetId}::uuid LIMIT 1) y) AS pending
          FROM (SELECT 1) one LEFT JOIN sheet_row_builds b ON b.sheet_id = ${q.sheetId}::uuid AND b.org_id = ${q.orgId}::uuid),
      total AS (SELECT (SELECT ${countOf(q)} WHERE ${fresh}) AS n),
      p AS (SELECT r.at, r.tie, r.ids FROM sheet_rows r WHERE ${windowOf(q)} AND ${fresh} ORDER BY ${ORDER} OFFSET ${page.skip} LIMIT ${page.limit})
    SELECT s.tree_key, s.rebuild, s.pending, t.n AS total, ${columns}
      FROM state s CROSS JOIN total t LEFT JOIN p ON true
      ${joins}
     ORDER BY p.at DESC NULLS LAST, p.tie DESC NULLS LAST`;
}

/**
 * A page of rows, newest first, and how many the window holds; `undefined` when the rows were not up to
 * date — built for another tree, marked for a rebuild, or (unless `pendingToo` is false: just brought up
 * to date, submissions made since may wait for the next read) with submissions pending.
 */
export async function readSheetPage(
  db: Queryable,
  q: SheetRowsQuery,
  page: { skip: number; limit: number },
  pendingToo = true,
): Promise<{ rows: RawSheetRow[]; total: number } | undefined> {
  const found = await rows<Raw & { tree_key: string | null; rebuild: boolean | null; pending: number; total: number }>(db, pageStatement(q, page, pendingToo));
  const first = found[0]!;
  if (isStale({ ...first, pending: pendingToo ? first.pending : 0 }, treeKeyOf(q.tree))) return undefined;
  return { rows: found.filter((r) => r.created_at !== null).map(readSheetRow), total: Number(first.total) };
}

/** A row as the CSV needs it: no submission ids. */
export type ExportedSheetRow = Omit<RawSheetRow, 'submissions'>;

/**
 * Every row of the window, newest first, in batches of `batch` through a cursor inside a transaction
 * (the rows never sit in the server's memory together). `onBatch` may wait (back-pressure); meanwhile
 * the next batch is already asked for, so PostgreSQL builds it while this one is written. The caller has
 * brought the rows up to date. Each row holds what the CSV shows: its time, the author, the records of the
 * checklists the reader may Read (one column each, parsed by the driver).
 */
export async function eachExportBatch(
  db: Queryable,
  q: SheetRowsQuery,
  batch: number,
  onBatch: (rows: ExportedSheetRow[]) => Promise<void>,
): Promise<void> {
  if (q.tree.roots.length === 0) return;
  const forms = formsOf(q.tree);
  const alias = (k: number) => raw(`r${k}`);
  const readable = forms.map((form, k) => ({ form, k })).filter(({ form }) => q.readable.has(form));
  const joins = forms.map(
    (_, k) => sql`LEFT JOIN checklist_submissions ${alias(k)} ON ${alias(k)}.id = p.ids[${raw(String(k + 1))}] AND ${alias(k)}.org_id = ${q.orgId}::uuid`,
  );
  const records = readable.map(({ k }) => sql`, ${alias(k)}.record AS ${raw(`record${k}`)}`);
  const fetch = (tx: Queryable) => rows<{ created_at: unknown; created_by_username: string | null } & Record<string, unknown>>(tx, sql`FETCH ${sql.raw(String(batch))} FROM sheet_export`);
  await db.transaction(async (tx) => {
    // The plan's cost is that of every row: PostgreSQL would compile it (JIT, ~0.5 s) for nothing.
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`DECLARE sheet_export NO SCROLL CURSOR FOR
      SELECT p.at AS created_at, ${AUTHOR_NAME} AS created_by_username${sql.join(records, sql``)}
        FROM (SELECT r.at, r.tie, r.ids FROM sheet_rows r WHERE ${windowOf(q)} ORDER BY ${ORDER}) p
        ${sql.join(joins, sql` `)}
        ${authorJoins(forms, q.readable)}
       ORDER BY p.at DESC NULLS LAST, p.tie DESC NULLS LAST`);
    const ask = () => {
      const asked = fetch(tx);
      asked.catch(() => undefined); // awaited below; a failure while a batch is written is not unhandled
      return asked;
    };
    let next = ask();
    for (;;) {
      const found = await next;
      const more = found.length === batch;
      if (more) next = ask();
      if (found.length > 0) {
        await onBatch(
          found.map((r) => ({
            created_at: toDate(r.created_at),
            created_by_username: r.created_by_username,
            records: Object.fromEntries(readable.map(({ form, k }) => [form, parsed(r[`record${k}`] as Record<string, unknown> | null)])),
          })),
        );
      }
      if (!more) break;
    }
    await tx.execute(sql`CLOSE sheet_export`);
  });
}
