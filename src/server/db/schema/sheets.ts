/** Result sheets and reports (issue #13): the joined rows kept in PostgreSQL and how they are built. */
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { documents } from './documentation.ts';

/*
 * A result sheet's rows, materialised (issue #13's benchmark; db/queries/sheet-rows.ts, docs/result-sheets.md
 * "Materialised rows"). Built from THE join on the first read of a sheet and kept up to date on read:
 * - sheet_row_builds: for which published link tree (`tree_key`) a sheet's rows were built; `rebuild`
 *   set when submissions of its checklists were deleted (a purge): rebuilt on the next read.
 * - sheet_row_forms: the checklists feeding each built sheet (by form id: the submission trigger's probe).
 * - sheet_pending_submissions: submissions inserted since (written by the trigger
 *   sheet_pending_of_submission, migration 0017, never by the application; no foreign keys, so the
 *   submission's insert pays one index probe and, for a built sheet, one small row); the next read
 *   recomputes the rows of the root submissions they reach and deletes them.
 * - sheet_rows: one row of the sheet — its root submission, its time (the newest submission in it), the
 *   tie-breaker of the order and its submissions' ids in the order of the tree's checklists. The rows never
 *   depend on the reader (what a reader may see is chosen when they are read).
 */
export const sheetRowBuilds = pgTable('sheet_row_builds', {
  sheetId: uuid('sheet_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  orgId: uuid('org_id').notNull(),
  /** A digest of the link tree the rows were built for (its checklists, links and their order). */
  treeKey: text('tree_key').notNull(),
  rebuild: boolean('rebuild').notNull().default(false),
  builtAt: at('built_at').notNull().defaultNow(),
});

export const sheetRowForms = pgTable(
  'sheet_row_forms',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => sheetRowBuilds.sheetId, { onDelete: 'cascade' }),
    formId: uuid('form_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.formId] }), index('sheet_row_forms_form_idx').on(t.formId)],
);

export const sheetPendingSubmissions = pgTable(
  'sheet_pending_submissions',
  {
    sheetId: uuid('sheet_id').notNull(),
    submissionId: uuid('submission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.submissionId] })],
);

export const sheetRows = pgTable(
  'sheet_rows',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => sheetRowBuilds.sheetId, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    rootId: uuid('root_id').notNull(),
    at: at('at').notNull(),
    tie: text('tie').notNull(),
    /** The submissions' ids, in the order of the tree's checklists (null: none in this row). */
    ids: uuid('ids').array().notNull(),
  },
  (t) => [
    // A page newest first is an index scan with LIMIT; a window's count an index-only scan.
    index('sheet_rows_order_idx').on(t.sheetId, t.at.desc(), t.tie.desc()),
    // The rows of the root submissions a new submission reaches.
    index('sheet_rows_root_idx').on(t.sheetId, t.rootId),
  ],
);

/**
 * How many rows each sheet has per hour of their time (`hour`: epoch seconds / 3600, rounded down), kept
 * by statement triggers on sheet_rows (migration 0018): a window's count adds up its whole hours and
 * counts only the rows of its two partial hours (db/queries/sheet-rows-read.ts).
 */
export const sheetRowHours = pgTable(
  'sheet_row_hours',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => sheetRowBuilds.sheetId, { onDelete: 'cascade' }),
    hour: integer('hour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.hour] })],
);
