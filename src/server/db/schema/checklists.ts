/** Checklists (issue #4): submissions and the answer keys sheets join on (signed uploads: ./uploads.ts). */
import { type AnyPgColumn, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt } from './columns.ts';
import { orgIdColumn, users } from './accounts.ts';
import { documents } from './documentation.ts';

/**
 * A checklist's filled-in answers (documentation §3 "Submission record"), checked against the published
 * version `version`. A retried POST lands once by its Idempotency-Key, as every creating POST does
 * (./idempotency.ts).
 */
export const checklistSubmissions = pgTable(
  'checklist_submissions',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Question id → {value, comments, media, valid}. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    validationErrors: integer('validation_errors').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Submitted through a share link (issue #29): no user; the row's author reads 'share: {link name}'. */
    shareLinkId: uuid('share_link_id').references((): AnyPgColumn => shareLinks.id, { onDelete: 'set null' }),
  },
  (t) => [
    // GET …/data: one checklist's rows newest first, optionally within a time window (and counted from the index alone).
    index('checklist_submissions_document_idx').on(t.orgId, t.documentId, t.createdAt, t.id),
  ],
);

/**
 * A checklist's share links (issue #29): a person without an account fills the checklist from the link's
 * address (`/fill/{token}`) or an embed. The token (`share_…`) is derived from the link's id and the app
 * key (services/checklists/share-links.ts); only its SHA-256 hash is kept. It may read the latest published version, sign photo uploads for it and submit to it, nothing
 * else. Revoking keeps the row (`revoked_at`): its submissions keep their author, and the fill page can
 * say the link was revoked.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('share_links_token_key').on(t.tokenHash), index('share_links_document_idx').on(t.orgId, t.documentId)],
);

/**
 * The answers result sheets join on (issue #13): one row per answered question of each submission, its
 * value as jsonb — written by the trigger checklist_answer_keys_of_submission (migration
 * 0014_sheet_answer_keys) as each submission is inserted, never by the application; gone with it. Only
 * answers that can join: a value that is not null, '', 'not checked' or [], at most 512 bytes as JSON
 * (a longer text joins nothing). Narrow rows, so a sheet's rows are joined and counted by index lookups
 * without reading the submissions' records (db/queries/sheet-rows.ts).
 */
export const checklistAnswerKeys = pgTable(
  'checklist_answer_keys',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => checklistSubmissions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    documentId: uuid('document_id').notNull(),
    questionId: text('question_id').notNull(),
    value: jsonb('value').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.questionId] }),
    // A child checklist's submissions answering a parent's value (and the parents a child answers, walking up).
    index('checklist_answer_keys_value_idx').on(t.orgId, t.documentId, t.questionId, t.value),
    // A checklist's answers to one question within a time window (the candidates of a window).
    index('checklist_answer_keys_time_idx').on(t.orgId, t.documentId, t.questionId, t.createdAt),
  ],
);

/**
 * A checklist's answers as its results page counts them (issue #45; db/queries/analytics.ts): one narrow
 * row per answer with a value (not null, '', 'not checked' or []) of each submission, typed — written by
 * the trigger checklist_answer_values_of_submission (migration 0029_checklist_answer_values) in the
 * statement that inserts the submission, never by the application; gone with it (cascade). `value_text`:
 * a text or true/false answer ('pass', 'true', a choice) of at most 512 bytes; `value_number`: a number's;
 * `value_choices`: a multiple choice's choices (each once); `failing`: its valid flag false; `hidden`: marked
 * hidden (never counted). Read by bucket of `created_at` (the submission's), so the analytics statements
 * read typed columns instead of taking each answer out of the record.
 */
export const checklistAnswerValues = pgTable(
  'checklist_answer_values',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => checklistSubmissions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    documentId: uuid('document_id').notNull(),
    questionId: text('question_id').notNull(),
    createdAt: at('created_at').notNull(),
    valueText: text('value_text'),
    valueNumber: doublePrecision('value_number'),
    valueChoices: text('value_choices').array(),
    failing: boolean('failing').notNull(),
    hidden: boolean('hidden').notNull(),
    /** Its question (pass/fail, true/false, single choice in the published contents) is counted per answer text (migration 0030). */
    named: boolean('named').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.questionId] }),
    // A checklist's answers within a time window (GET …/analytics).
    index('checklist_answer_values_time_idx').on(t.documentId, t.createdAt),
    // The medians of number questions from the index alone (an index-only scan per bucket and question).
    index('checklist_answer_values_number_idx')
      .on(t.documentId, t.questionId, t.createdAt, t.valueNumber)
      .where(sql`${t.valueNumber} IS NOT NULL AND NOT ${t.hidden}`),
  ],
);

/** A rollup's period: a UTC hour or a UTC day (`starts_at` its first instant). */
const rollupPeriod = () => text('period').$type<'hour' | 'day'>().notNull();

/**
 * A checklist's answers counted per UTC hour and per UTC day (issue #45; db/queries/analytics.ts reads them
 * instead of every answer): per question and — for pass/fail, true/false and single choice — answer text
 * (`answer`, '' for the others), and for a multiple choice each choice (`choice` true, `answer` the choice):
 * how many (`count`), how many failing, the numbers' `min` and `max` (not hidden answers only). Kept by the
 * triggers of migration 0030 in the statement that inserts (or removes) the answers in
 * checklist_answer_values, never by the application. A median does not roll up: it is read from
 * checklist_answer_values (its number index).
 */
export const checklistAnswerRollups = pgTable(
  'checklist_answer_rollups',
  {
    orgId: uuid('org_id').notNull(),
    documentId: uuid('document_id').notNull(),
    period: rollupPeriod(),
    startsAt: at('starts_at').notNull(),
    questionId: text('question_id').notNull(),
    choice: boolean('choice').notNull(),
    answer: text('answer').notNull(),
    count: integer('count').notNull(),
    failing: integer('failing').notNull(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
  },
  (t) => [primaryKey({ name: 'checklist_answer_rollups_pk', columns: [t.documentId, t.period, t.startsAt, t.questionId, t.choice, t.answer] })],
);

/**
 * A checklist's submissions counted per UTC hour and per UTC day, per submitter (member or share link) and
 * failing or not (issue #45): the analytics' submissions per bucket and their submitters. Kept by the
 * triggers of migration 0030 as submissions are inserted, changed (a submitter erased) or removed.
 */
export const checklistSubmissionRollups = pgTable(
  'checklist_submission_rollups',
  {
    orgId: uuid('org_id').notNull(),
    documentId: uuid('document_id').notNull(),
    period: rollupPeriod(),
    startsAt: at('starts_at').notNull(),
    createdBy: uuid('created_by'),
    shareLinkId: uuid('share_link_id'),
    failing: boolean('failing').notNull(),
    submissions: integer('submissions').notNull(),
  },
  (t) => [unique('checklist_submission_rollups_key').on(t.documentId, t.period, t.startsAt, t.createdBy, t.shareLinkId, t.failing).nullsNotDistinct()],
);
