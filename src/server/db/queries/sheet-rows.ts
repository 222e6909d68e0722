/**
 * The rows of a result sheet or report (issue #13 "A row of the sheet"), computed in PostgreSQL: ONE
 * statement for a page, ONE for the count, however many checklists the sheet joins.
 *
 * A row is one submission of a root checklist joined down the link tree: each linked (child) checklist
 * contributes every submission whose answer to the linked question equals the parent submission's
 * answer to the parent question (a LEFT JOIN LATERAL per child: none gives one row with the child
 * empty, several give several rows, siblings multiply). Empty answers (null, '', 'not checked', [])
 * join nothing. The row's time is the newest `created_at` among its submissions (`greatest`, which skips
 * the empty ones); rows are ordered by it, newest first (ties by the submissions' ids), and the window
 * `start <= time < end` filters on it. Several root checklists: their rows together (UNION ALL).
 *
 * Speed: a child's rows are found by containment, `record @> {question: {value: answer}}`, through the
 * GIN (jsonb_path_ops) index on `record` (whatever the question; then the exact answer is compared, since
 * containment of lists is not equality). With a start time, only rows that can reach the window are
 * built: a row's time is at least each of its submissions', so a row in the window holds a submission in
 * the window — the candidates are the root submissions in the window plus the roots reached by walking
 * up the links from each child submission in the window (each step again by containment). Without a
 * start time every root submission before the end is a candidate.
 *
 * The statement's text follows the shape of the tree (which checklists, which questions), its values are
 * parameters. Records of checklists the reader cannot Read are not selected at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FormJoin, FormTree } from '../../../shared/sheets/links.ts';
import type { Queryable } from '../connection.ts';
import { rows, toDate } from '../rows.ts';

export interface SheetRowsQuery {
  orgId: string;
  tree: FormTree;
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

/** Answers that join nothing: no value, '', 'not checked', an empty list. */
const EMPTY_ANSWERS = sql`ARRAY['null', '""', '"not checked"', '[]']::jsonb[]`;

/** The answer of submission `alias` to `questionId`, as jsonb. */
const answer = (alias: string, questionId: string) => sql`(${sql.raw(alias)}.record -> ${questionId}::text -> 'value')`;

/**
 * Submissions of `join.form_id` (alias `child`) answering `join.question_id` as `parent` answered
 * `join.parent_question_id`; or, walking up, of the parent form answering as the child did.
 */
function matching(orgId: string, formId: string, alias: string, questionId: string, other: SQL): SQL {
  return sql`${sql.raw(alias)}.org_id = ${orgId}::uuid AND ${sql.raw(alias)}.document_id = ${formId}::uuid
    AND ${other} IS NOT NULL AND NOT (${other} = ANY(${EMPTY_ANSWERS}))
    AND ${sql.raw(alias)}.record @> jsonb_build_object(${questionId}::text, jsonb_build_object('value', ${other}))
    AND ${answer(alias, questionId)} = ${other}`;
}

interface TreeForms {
  root: string;
  /** The joins under this root, parents first. */
  joins: FormJoin[];
}

function treesOf(tree: FormTree): TreeForms[] {
  const rootOf = new Map<string, string>(tree.roots.map((r) => [r, r]));
  const trees = new Map<string, FormJoin[]>(tree.roots.map((r) => [r, []]));
  for (const join of tree.joins) {
    const root = rootOf.get(join.parent_form_id)!;
    rootOf.set(join.form_id, root);
    trees.get(root)!.push(join);
  }
  return tree.roots.map((root) => ({ root, joins: trees.get(root)! }));
}

const inWindow = (alias: string, q: SheetRowsQuery) =>
  sql.join(
    [
      sql`${sql.raw(alias)}.org_id = ${q.orgId}::uuid`,
      ...(q.start ? [sql`${sql.raw(alias)}.created_at >= ${q.start.toISOString()}::timestamptz`] : []),
      ...(q.end ? [sql`${sql.raw(alias)}.created_at < ${q.end.toISOString()}::timestamptz`] : []),
    ],
    sql` AND `,
  );

/** The root submissions whose rows may fall in the window (see the module's note). */
function candidateRoots(t: TreeForms, q: SheetRowsQuery): SQL {
  const parts: SQL[] = [sql`SELECT s.id FROM checklist_submissions s WHERE s.document_id = ${t.root}::uuid AND ${inWindow('s', q)}`];
  if (q.start) {
    const joinOf = new Map(t.joins.map((j) => [j.form_id, j]));
    for (const join of t.joins) {
      // Up from a child submission in the window, one parent at a time, to the root.
      const froms: SQL[] = [sql`checklist_submissions u0`];
      let alias = 'u0';
      let step: FormJoin | undefined = join;
      let level = 0;
      while (step) {
        const parentAlias = `u${level + 1}`;
        froms.push(
          sql`JOIN checklist_submissions ${sql.raw(parentAlias)} ON ${matching(q.orgId, step.parent_form_id, parentAlias, step.parent_question_id, answer(alias, step.question_id))}`,
        );
        alias = parentAlias;
        level += 1;
        step = joinOf.get(step.parent_form_id);
      }
      parts.push(sql`SELECT ${sql.raw(alias)}.id FROM ${sql.join(froms, sql` `)} WHERE u0.document_id = ${join.form_id}::uuid AND ${inWindow('u0', q)}`);
    }
  }
  return sql.join(parts, sql` UNION `);
}

/** The rows of one root checklist's tree, with their time, before the window and the order. */
function treeRows(t: TreeForms, q: SheetRowsQuery, withRecords: boolean): SQL {
  const forms = [t.root, ...t.joins.map((j) => j.form_id)];
  const aliasOf = new Map(forms.map((f, i) => [f, `s${i}`]));
  const laterals = t.joins.map((join) => {
    const alias = aliasOf.get(join.form_id)!;
    const parent = aliasOf.get(join.parent_form_id)!;
    return sql`LEFT JOIN LATERAL (
        SELECT ${sql.raw(alias)}.id, ${sql.raw(alias)}.created_at, ${sql.raw(alias)}.created_by, ${sql.raw(alias)}.record
          FROM checklist_submissions ${sql.raw(alias)}
         WHERE ${matching(q.orgId, join.form_id, alias, join.question_id, answer(parent, join.parent_question_id))}
      ) ${sql.raw(alias)} ON true`;
  });
  const aliases = forms.map((f) => sql.raw(aliasOf.get(f)!));
  const at = sql`greatest(${sql.join(
    aliases.map((a) => sql`${a}.created_at`),
    sql`, `,
  )})`;
  const pairs = (value: (alias: SQL, form: string) => SQL) =>
    sql`jsonb_build_object(${sql.join(
      forms.map((f, i) => sql`${f}::text, ${value(aliases[i]!, f)}`),
      sql`, `,
    )})`;
  const extra = withRecords
    ? sql`,
        (SELECT v.by FROM (VALUES ${sql.join(
          aliases.map((a) => sql`(${a}.created_at, ${a}.created_by)`),
          sql`, `,
        )}) v(at, by) WHERE v.at IS NOT NULL ORDER BY v.at DESC LIMIT 1) AS created_by,
        ${pairs((a) => sql`${a}.id`)} AS submissions,
        ${pairs((a, f) => (q.readable.has(f) ? sql`${a}.record` : sql`NULL::jsonb`))} AS records,
        concat_ws(',', ${sql.join(
          aliases.map((a) => sql`${a}.id`),
          sql`, `,
        )}) AS tie`
    : sql``;
  return sql`SELECT ${at} AS at${extra}
      FROM (${candidateRoots(t, q)}) c
      JOIN checklist_submissions s0 ON s0.id = c.id
      ${sql.join(laterals, sql` `)}`;
}

function windowed(q: SheetRowsQuery, withRecords: boolean): SQL {
  const all = sql.join(
    treesOf(q.tree).map((t) => sql`(${treeRows(t, q, withRecords)})`),
    sql` UNION ALL `,
  );
  const conditions = [
    ...(q.start ? [sql`w.at >= ${q.start.toISOString()}::timestamptz`] : []),
    ...(q.end ? [sql`w.at < ${q.end.toISOString()}::timestamptz`] : []),
  ];
  return sql`(SELECT * FROM (${all}) w${conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``}) r`;
}

/** The statement of a page of rows (or of every row, for an export: no `page`). */
export function sheetRowsStatement(q: SheetRowsQuery, page?: { skip: number; limit: number }): SQL {
  if (q.tree.roots.length === 0) return sql`SELECT NULL::timestamptz AS created_at WHERE false`;
  return sql`SELECT r.at AS created_at, u.username AS created_by_username, r.submissions, r.records
      FROM ${windowed(q, true)}
      LEFT JOIN users u ON u.id = r.created_by
     ORDER BY r.at DESC, r.tie DESC${page ? sql` OFFSET ${page.skip} LIMIT ${page.limit}` : sql``}`;
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

/** One page of rows, newest first. */
export async function sheetRowsPage(db: Queryable, q: SheetRowsQuery, page: { skip: number; limit: number }): Promise<RawSheetRow[]> {
  if (q.tree.roots.length === 0) return [];
  return (await rows<Raw>(db, sheetRowsStatement(q, page))).map(readSheetRow);
}

/** How many rows the window holds. */
export async function countSheetRows(db: Queryable, q: SheetRowsQuery): Promise<number> {
  if (q.tree.roots.length === 0) return 0;
  const [row] = await rows<{ n: number | string }>(db, sql`SELECT count(*)::int AS n FROM ${windowed(q, false)}`);
  return Number(row?.n ?? 0);
}

/**
 * Every row of the window, newest first, in batches of `batch` through a cursor inside a transaction
 * (the rows never sit in the server's memory together). `onBatch` may wait (back-pressure).
 */
export async function eachSheetRowBatch(
  db: Queryable,
  q: SheetRowsQuery,
  batch: number,
  onBatch: (rows: RawSheetRow[]) => Promise<void>,
): Promise<void> {
  if (q.tree.roots.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`DECLARE sheet_export NO SCROLL CURSOR FOR ${sheetRowsStatement(q)}`);
    for (;;) {
      const found = await rows<Raw>(tx, sql`FETCH ${sql.raw(String(batch))} FROM sheet_export`);
      if (found.length === 0) break;
      await onBatch(found.map(readSheetRow));
      if (found.length < batch) break;
    }
    await tx.execute(sql`CLOSE sheet_export`);
  });
}
