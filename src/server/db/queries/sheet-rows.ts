/**
 * The rows of a result sheet or report (issue #13 "A row of the sheet"), built in PostgreSQL into
 * `sheet_rows` (schema/sheets.ts) and kept up to date on read. Reading them: sheet-rows-read.ts.
 *
 * A row is one submission of a root checklist joined down the link tree: each linked (child) checklist
 * contributes every submission whose answer to the linked question equals the parent submission's
 * answer to the parent question (a LEFT JOIN per child: none gives one row with the child empty,
 * several give several rows, siblings multiply). Empty answers (null, '', 'not checked', []) and answers
 * longer than 512 bytes as JSON join nothing. The row's time is the newest `created_at` among its
 * submissions (`greatest`, which skips the empty ones); rows are ordered by it, newest first (ties by the
 * submissions' ids, `tie`). Several root checklists: their rows together. A row depends only on its root
 * submission (and what joins under it), never on who reads it.
 *
 * THE join goes through `checklist_answer_keys` (one narrow row per joinable answer, written by a
 * trigger as each submission is inserted) by its btree on (organisation, checklist, question, value);
 * its text follows the shape of the tree, its values are parameters.
 *
 * Kept up to date on read (`refreshSheetRows`), the submission path barely touched: a trigger notes each
 * new submission of a checklist feeding a built sheet in `sheet_pending_submissions` (migration 0017).
 * Before a read, under the sheet's advisory lock in one transaction:
 * - built for another link tree (a republish), never built, rows marked for a rebuild (a checklist's
 *   submissions were deleted: a purge) or very many pending → every row again (`rebuildStatement`);
 * - else, with pending submissions → the rows of the root submissions they reach (the root itself, or up
 *   the links from a child's answer) are deleted and built again, in one statement (`catchUpStatement`).
 * A sheet's checklists are registered (`sheet_row_forms`, which the trigger reads) in a transaction of
 * their own BEFORE the rows are built, then every transaction already inserting submissions is waited
 * for (a SHARE lock on checklist_submissions, taken and let go): a submission is either in the rows'
 * snapshot or noted as pending, never lost in between.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FormJoin, FormTree } from '../../../shared/sheets/links.ts';
import type { Queryable } from '../connection.ts';
import { rows, uuidArray } from '../rows.ts';

/** A sheet as its rows are built: whose, which, and its published link tree. */
export interface SheetRowsSource {
  orgId: string;
  sheetId: string;
  tree: FormTree;
}

/** Pending submissions above which every row is built again rather than root by root. */
export const CATCH_UP_LIMIT = 10_000;

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

/** Every checklist of the sheet, in one order (that of a row's `ids`): the roots' trees one after another. */
export function formsOf(tree: FormTree): string[] {
  return treesOf(tree).flatMap((t) => [t.root, ...t.joins.map((j) => j.form_id)]);
}

/** What the rows were built for: the tree's checklists, links and their order. */
export const treeKeyOf = (tree: FormTree) => createHash('sha256').update(JSON.stringify(tree)).digest('base64url');

const raw = (name: string) => sql.raw(name);
const all = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/** Answers (in checklist_answer_keys) of `formId` to `questionId` equal to `value`: alias `k`. */
const answering = (k: string, orgId: string, formId: string, questionId: string, value: SQL) =>
  sql`${raw(k)}.org_id = ${orgId}::uuid AND ${raw(k)}.document_id = ${formId}::uuid AND ${raw(k)}.question_id = ${questionId}::text AND ${raw(k)}.value = ${value}`;

/**
 * The root submissions of one tree: all of them (`from` undefined), or those whose rows the submissions
 * `from` (a subquery of ids) are in — a root among them, and the roots reached walking up the links from
 * each child's answer, by the answers' index.
 */
function rootsOf(t: TreeForms, orgId: string, from?: SQL): SQL {
  const parts: SQL[] = [
    sql`SELECT s.id FROM checklist_submissions s WHERE ${all([sql`s.org_id = ${orgId}::uuid`, sql`s.document_id = ${t.root}::uuid`, ...(from ? [sql`s.id IN (${from})`] : [])])}`,
  ];
  if (from) {
    const joinOf = new Map(t.joins.map((j) => [j.form_id, j]));
    for (const join of t.joins) {
      const froms: SQL[] = [sql`checklist_answer_keys w0`];
      let at = 'w0';
      let step: FormJoin | undefined = join;
      for (let level = 1; step; level++) {
        const parent = `p${level}`;
        froms.push(sql`JOIN checklist_answer_keys ${raw(parent)} ON ${answering(parent, orgId, step.parent_form_id, step.parent_question_id, sql`${raw(at)}.value`)}`);
        const up = joinOf.get(step.parent_form_id);
        if (up) {
          // The parent's own answer to the question that links it to its parent.
          const own = `w${level}`;
          froms.push(sql`JOIN checklist_answer_keys ${raw(own)} ON ${raw(own)}.submission_id = ${raw(parent)}.submission_id AND ${raw(own)}.question_id = ${up.question_id}::text`);
          at = own;
        } else {
          at = parent;
        }
        step = up;
      }
      parts.push(
        sql`SELECT ${raw(at)}.submission_id FROM ${sql.join(froms, sql` `)}
             WHERE ${all([sql`w0.submission_id IN (${from})`, sql`w0.org_id = ${orgId}::uuid`, sql`w0.document_id = ${join.form_id}::uuid`, sql`w0.question_id = ${join.question_id}::text`])}`,
      );
    }
  }
  return sql.join(parts, sql` UNION `);
}

/** The rows of one tree's roots `roots` (a subquery of ids): root, time, tie-breaker and the submissions' ids (`ids[k]` of form k of `forms`). */
function treeRows(t: TreeForms, orgId: string, forms: string[], roots: SQL): SQL {
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
        ON ${answering('k', orgId, join.form_id, join.question_id, sql`a.value`)}
        WHERE a.submission_id = ${parentId} AND a.question_id = ${join.parent_question_id}::text OFFSET 0) ${raw(alias)} ON true`);
  });
  const idOf = (form: string) => {
    const alias = aliasOf.get(form);
    return alias === undefined ? sql`NULL::uuid` : alias === 's0' ? sql`s0.id` : sql`${raw(alias)}.submission_id`;
  };
  const times = [...aliasOf.values()].map((a) => sql`${raw(a)}.created_at`);
  return sql`SELECT s0.id AS root_id, greatest(${sql.join(times, sql`, `)}) AS at,
        concat_ws(',', ${sql.join([...aliasOf.keys()].map(idOf), sql`, `)}) AS tie,
        ARRAY[${sql.join(forms.map(idOf), sql`, `)}]::uuid[] AS ids
      FROM (${roots}) c
      CROSS JOIN LATERAL (SELECT s.id, s.created_at FROM checklist_submissions s WHERE s.id = c.id OFFSET 0) s0
      ${sql.join(joins, sql` `)}`;
}

const insertRows = (source: SheetRowsSource, rowsOf: SQL) =>
  sql`INSERT INTO sheet_rows (sheet_id, org_id, root_id, at, tie, ids)
      SELECT ${source.sheetId}::uuid, ${source.orgId}::uuid, b.root_id, b.at, b.tie, b.ids FROM (${rowsOf}) b`;

/** Every row of the sheet, built again (the caller has emptied the sheet's rows). */
export function rebuildStatement(source: SheetRowsSource): SQL {
  const forms = formsOf(source.tree);
  const rowsOfTrees = treesOf(source.tree).map((t) => sql`(${treeRows(t, source.orgId, forms, rootsOf(t, source.orgId))})`);
  return insertRows(source, sql.join(rowsOfTrees, sql` UNION ALL `));
}

/**
 * One statement: takes the sheet's pending submissions, deletes the rows of the root submissions they
 * reach and builds those rows again (one snapshot, so the rows deleted and built are of the same roots).
 */
export function catchUpStatement(source: SheetRowsSource): SQL {
  const forms = formsOf(source.tree);
  const trees = treesOf(source.tree);
  const from = sql`SELECT p.submission_id FROM pending p`;
  const rootsOfTrees = trees.map((t, i) => sql`${raw(`roots${i}`)} AS MATERIALIZED (${rootsOf(t, source.orgId, from)})`);
  const everyRoot = sql.join(
    trees.map((_, i) => sql`SELECT id FROM ${raw(`roots${i}`)}`),
    sql` UNION ALL `,
  );
  const rowsOfTrees = trees.map((t, i) => sql`(${treeRows(t, source.orgId, forms, sql`SELECT id FROM ${raw(`roots${i}`)}`)})`);
  return sql`WITH pending AS (DELETE FROM sheet_pending_submissions WHERE sheet_id = ${source.sheetId}::uuid RETURNING submission_id),
      ${sql.join(rootsOfTrees, sql`, `)},
      gone AS (DELETE FROM sheet_rows WHERE sheet_id = ${source.sheetId}::uuid AND root_id IN (${everyRoot}))
    ${insertRows(source, sql.join(rowsOfTrees, sql` UNION ALL `))}`;
}

interface BuildState {
  tree_key: string | null;
  rebuild: boolean | null;
  pending: number;
  /** The checklists registered for the sheet (the trigger notes their submissions). */
  forms: string[] | null;
}

async function buildState(db: Queryable, sheetId: string): Promise<BuildState> {
  const [state] = await rows<BuildState>(
    db,
    sql`SELECT b.tree_key, b.rebuild,
          (SELECT count(*)::int FROM (SELECT 1 FROM sheet_pending_submissions p WHERE p.sheet_id = ${sheetId}::uuid LIMIT ${CATCH_UP_LIMIT + 1}) x) AS pending,
          (SELECT array_agg(f.form_id::text) FROM sheet_row_forms f WHERE f.sheet_id = ${sheetId}::uuid) AS forms
        FROM (SELECT 1) one LEFT JOIN sheet_row_builds b ON b.sheet_id = ${sheetId}::uuid`,
  );
  return state!;
}

/**
 * Registers the sheet's checklists (so the submission trigger notes their submissions) and waits until
 * every transaction already inserting submissions has ended: from then on a submission the rows'
 * snapshot misses is pending. A build not yet made is marked for a rebuild.
 */
async function registerForms(db: Queryable, source: SheetRowsSource, forms: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO sheet_row_builds (sheet_id, org_id, tree_key, rebuild) VALUES (${source.sheetId}::uuid, ${source.orgId}::uuid, '', true)
      ON CONFLICT (sheet_id) DO UPDATE SET rebuild = true`);
    await tx.execute(sql`INSERT INTO sheet_row_forms (sheet_id, form_id) SELECT ${source.sheetId}::uuid, f FROM unnest(${uuidArray(forms)}) f
      ON CONFLICT DO NOTHING`);
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE checklist_submissions IN SHARE MODE`);
  });
}

/** Whether the rows of the sheet need work before a read, from the state the read statement saw. */
export const isStale = (state: Pick<BuildState, 'tree_key' | 'rebuild' | 'pending'>, treeKey: string) =>
  state.tree_key !== treeKey || state.rebuild !== false || state.pending > 0;

/** Brings the sheet's rows up to date (see the module's note). Answers whether anything was done. */
export async function refreshSheetRows(db: Queryable, source: SheetRowsSource): Promise<boolean> {
  const treeKey = treeKeyOf(source.tree);
  const forms = formsOf(source.tree);
  const before = await buildState(db, source.sheetId);
  if (!isStale(before, treeKey)) return false;
  const registered = new Set(before.forms ?? []);
  if (forms.some((f) => !registered.has(f))) await registerForms(db, source, forms);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7262013, hashtext(${source.sheetId}::text))`);
    // The join's estimated cost is huge (bad guesses of the answers' index): compiling it (JIT) took 0.5 s.
    await tx.execute(sql`SET LOCAL jit = off`);
    const state = await buildState(tx, source.sheetId);
    if (!isStale(state, treeKey)) return;
    const registeredNow = new Set(state.forms ?? []);
    if (forms.some((f) => !registeredNow.has(f))) throw new Error('sheet rows: checklists not registered before the build');
    if (state.tree_key !== treeKey || state.rebuild !== false || state.pending > CATCH_UP_LIMIT) {
      // Pending first (a submission committed after this is both pending and perhaps built: harmless).
      await tx.execute(sql`DELETE FROM sheet_pending_submissions WHERE sheet_id = ${source.sheetId}::uuid`);
      await tx.execute(sql`DELETE FROM sheet_rows WHERE sheet_id = ${source.sheetId}::uuid`);
      if (source.tree.roots.length > 0) await tx.execute(rebuildStatement(source));
      await tx.execute(sql`DELETE FROM sheet_row_forms WHERE sheet_id = ${source.sheetId}::uuid AND NOT (form_id = ANY (${uuidArray(forms)}))`);
      await tx.execute(sql`UPDATE sheet_row_builds SET tree_key = ${treeKey}, rebuild = false, built_at = now() WHERE sheet_id = ${source.sheetId}::uuid`);
    } else {
      await tx.execute(catchUpStatement(source));
    }
  });
  return true;
}
