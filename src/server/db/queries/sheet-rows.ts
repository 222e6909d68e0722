/**
 * The rows of a result sheet or report (issue #13 "A row of the sheet"), computed in PostgreSQL: ONE
 * statement for a page, ONE for the count, however many checklists the sheet joins.
 *
 * A row is one submission of a root checklist joined down the link tree: each linked (child) checklist
 * contributes every submission whose answer to the linked question equals the parent submission's
 * answer to the parent question (a LEFT JOIN per child: none gives one row with the child empty,
 * several give several rows, siblings multiply). Empty answers (null, '', 'not checked', []) and answers
 * longer than 512 bytes as JSON join nothing. The row's time is the newest `created_at` among its
 * submissions (`greatest`, which skips the empty ones); rows are ordered by it, newest first (ties by the
 * submissions' ids), and the window `start <= time < end` filters on it. Several root checklists: their
 * rows together (UNION ALL).
 *
 * Speed: the joins never read the submissions' records. They go through `checklist_answer_keys` (one
 * narrow row per joinable answer, written by a trigger as each submission is inserted; schema.ts), by its
 * btree on (organisation, checklist, question, value). With a start time only rows that can reach the
 * window are built: a row's time is at least each of its submissions', so a row in the window holds a
 * submission in the window — the candidates are the root submissions in the window plus the roots
 * reached by walking up the links from each child answer in the window (index on created_at). Without a
 * start time every root submission before the end is a candidate. Only the rows of the page (or, for an
 * export, each row as the cursor hands it out) read their records, by primary key.
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

/** Every checklist of the sheet, in one order: the roots' trees one after another. */
function formsOf(tree: FormTree): string[] {
  return treesOf(tree).flatMap((t) => [t.root, ...t.joins.map((j) => j.form_id)]);
}

const raw = (name: string) => sql.raw(name);

const timeWindow = (column: SQL, q: SheetRowsQuery) => [
  ...(q.start ? [sql`${column} >= ${q.start.toISOString()}::timestamptz`] : []),
  ...(q.end ? [sql`${column} < ${q.end.toISOString()}::timestamptz`] : []),
];
const all = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/** Answers (in checklist_answer_keys) of `formId` to `questionId` equal to `value`: alias `k`. */
const answering = (k: string, q: SheetRowsQuery, formId: string, questionId: string, value: SQL) =>
  sql`${raw(k)}.org_id = ${q.orgId}::uuid AND ${raw(k)}.document_id = ${formId}::uuid AND ${raw(k)}.question_id = ${questionId}::text AND ${raw(k)}.value = ${value}`;

/** The root submissions whose rows may fall in the window (see the module's note). */
function candidateRoots(t: TreeForms, q: SheetRowsQuery): SQL {
  const parts: SQL[] = [
    sql`SELECT s.id FROM checklist_submissions s WHERE ${all([sql`s.org_id = ${q.orgId}::uuid`, sql`s.document_id = ${t.root}::uuid`, ...timeWindow(sql`s.created_at`, q)])}`,
  ];
  if (q.start) {
    const joinOf = new Map(t.joins.map((j) => [j.form_id, j]));
    for (const join of t.joins) {
      // From each answer of the child in the window up its parents to the root, by the answers' index.
      const froms: SQL[] = [sql`checklist_answer_keys w0`];
      let from = 'w0';
      let step: FormJoin | undefined = join;
      for (let level = 1; step; level++) {
        const parent = `p${level}`;
        froms.push(sql`JOIN checklist_answer_keys ${raw(parent)} ON ${answering(parent, q, step.parent_form_id, step.parent_question_id, sql`${raw(from)}.value`)}`);
        const up = joinOf.get(step.parent_form_id);
        if (up) {
          // The parent's own answer to the question that links it to its parent.
          const own = `w${level}`;
          froms.push(sql`JOIN checklist_answer_keys ${raw(own)} ON ${raw(own)}.submission_id = ${raw(parent)}.submission_id AND ${raw(own)}.question_id = ${up.question_id}::text`);
          from = own;
        } else {
          from = parent;
        }
        step = up;
      }
      parts.push(
        sql`SELECT ${raw(from)}.submission_id FROM ${sql.join(froms, sql` `)}
             WHERE ${all([sql`w0.org_id = ${q.orgId}::uuid`, sql`w0.document_id = ${join.form_id}::uuid`, sql`w0.question_id = ${join.question_id}::text`, ...timeWindow(sql`w0.created_at`, q)])}`,
      );
    }
  }
  return sql.join(parts, sql` UNION `);
}

/** The rows of one root checklist's tree: their time, a tie-breaker and the submissions' ids (`ids[k]` of form k of `forms`). */
function treeRows(t: TreeForms, q: SheetRowsQuery, forms: string[]): SQL {
  const aliasOf = new Map<string, string>([[t.root, 's0']]);
  const joins: SQL[] = [];
  t.joins.forEach((join, i) => {
    const alias = `s${i + 1}`;
    aliasOf.set(join.form_id, alias);
    const parent = aliasOf.get(join.parent_form_id)!;
    const parentId = parent === 's0' ? sql`s0.id` : sql`${raw(parent)}.submission_id`;
    // The parent's answer to the linked question, then the child's answers equal to it.
    // (LATERAL … OFFSET 0: looked up per row by index, whatever the planner guesses of the rows before.)
    joins.push(sql`LEFT JOIN LATERAL (SELECT k.submission_id, k.created_at FROM checklist_answer_keys a JOIN checklist_answer_keys k
        ON ${answering('k', q, join.form_id, join.question_id, sql`a.value`)}
        WHERE a.submission_id = ${parentId} AND a.question_id = ${join.parent_question_id}::text OFFSET 0) ${raw(alias)} ON true`);
  });
  const idOf = (form: string) => {
    const alias = aliasOf.get(form);
    return alias === undefined ? sql`NULL::uuid` : alias === 's0' ? sql`s0.id` : sql`${raw(alias)}.submission_id`;
  };
  const times = [...aliasOf.values()].map((a) => sql`${raw(a)}.created_at`);
  return sql`SELECT greatest(${sql.join(times, sql`, `)}) AS at,
        concat_ws(',', ${sql.join([...aliasOf.keys()].map(idOf), sql`, `)}) AS tie,
        ARRAY[${sql.join(forms.map(idOf), sql`, `)}]::uuid[] AS ids
      FROM (${candidateRoots(t, q)}) c
      CROSS JOIN LATERAL (SELECT s.id, s.created_at FROM checklist_submissions s WHERE s.id = c.id OFFSET 0) s0
      ${sql.join(joins, sql` `)}`;
}

/** The rows in the window: `(at, tie, ids) r`. */
function windowed(q: SheetRowsQuery, forms: string[]): SQL {
  const rowsOfTrees = sql.join(
    treesOf(q.tree).map((t) => sql`(${treeRows(t, q, forms)})`),
    sql` UNION ALL `,
  );
  const conditions = timeWindow(sql`w.at`, q);
  return sql`(SELECT * FROM (${rowsOfTrees}) w${conditions.length > 0 ? sql` WHERE ${all(conditions)}` : sql``}) r`;
}

/** The statement of a page of rows (or of every row, for an export: no `page`). */
export function sheetRowsStatement(q: SheetRowsQuery, page?: { skip: number; limit: number }): SQL {
  if (q.tree.roots.length === 0) return sql`SELECT NULL::timestamptz AS created_at WHERE false`;
  const forms = formsOf(q.tree);
  const alias = (k: number) => raw(`r${k}`);
  const submissions = forms.map((_, k) => sql`LEFT JOIN checklist_submissions ${alias(k)} ON ${alias(k)}.id = p.ids[${raw(String(k + 1))}]`);
  const pairs = (value: (k: number, form: string) => SQL) =>
    sql`jsonb_build_object(${sql.join(
      forms.map((f, k) => sql`${f}::text, ${value(k, f)}`),
      sql`, `,
    )})`;
  const newest = sql`(SELECT v.by FROM (VALUES ${sql.join(
    forms.map((_, k) => sql`(${alias(k)}.created_at, ${alias(k)}.created_by)`),
    sql`, `,
  )}) v(at, by) WHERE v.at IS NOT NULL ORDER BY v.at DESC LIMIT 1)`;
  return sql`SELECT p.at AS created_at, u.username AS created_by_username,
        ${pairs((k) => sql`${alias(k)}.id`)} AS submissions,
        ${pairs((k, f) => (q.readable.has(f) ? sql`${alias(k)}.record` : sql`NULL::jsonb`))} AS records
      FROM (SELECT r.at, r.tie, r.ids FROM ${windowed(q, forms)} ORDER BY r.at DESC, r.tie DESC${page ? sql` OFFSET ${page.skip} LIMIT ${page.limit}` : sql``}) p
      ${sql.join(submissions, sql` `)}
      LEFT JOIN users u ON u.id = ${newest}
     ORDER BY p.at DESC, p.tie DESC`;
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

/** The statement counting the rows of the window. */
export function countStatement(q: SheetRowsQuery): SQL {
  return sql`SELECT count(*)::int AS n FROM ${windowed(q, formsOf(q.tree))}`;
}

/** How many rows the window holds. */
export async function countSheetRows(db: Queryable, q: SheetRowsQuery): Promise<number> {
  if (q.tree.roots.length === 0) return 0;
  const [row] = await rows<{ n: number | string }>(db, countStatement(q));
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
