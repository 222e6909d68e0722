/**
 * The database schema (Drizzle, PostgreSQL 15 features only: PGlite is 18, the server here is 15).
 * Migrations are generated from this file with `npm run db:generate` into ./migrations.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's full-text document type (search reads it only inside SQL; never selected). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Search (documentation §2 Search; src/server/db/queries/search.ts). Two generated columns per item, kept by
 * PostgreSQL on every write:
 * - search_vector: the words of the name (weight A), the description (B) and, for documents, the question
 *   titles (C) under the 'simple' configuration (lowercase words, no stemming or stop words: the
 *   organisations write in any language) — GIN-indexed; matches whole words and word beginnings (`w:*`)
 *   and ranks the results;
 * - search_text: the same text lower-cased in one string — GIN-indexed with pg_trgm's gin_trgm_ops, so a
 *   part of a word anywhere (`LIKE '%spect%'`) is found from the index.
 * Question titles are those of the published contents (`$.questions.*.title`: checklists, result sheets
 * and reports), read with jsonb_path_query_array (immutable).
 */
const QUESTION_TITLES = (contents: AnyPgColumn) => sql`jsonb_path_query_array(${contents}, '$.questions.*.title')`;
const createdAt = () => at('created_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** The account's picture: a completed upload of purpose 'avatar' owned by this user (uploads.user_id). */
    avatar: uuid('avatar').references((): AnyPgColumn => uploads.id, { onDelete: 'set null' }),
    otpSecret: text('otp_secret'),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** The TOTP time step of the last accepted code: each code is accepted once. */
    otpLastStep: integer('otp_last_step'),
    /**
     * An e-mail address asked for in Account Settings and not yet confirmed from the link mailed to it.
     * Nothing uses it but Account Settings: `email` stays the verified address until the confirmation.
     */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    trialEndsAt: at('trial_ends_at'),
    /**
     * Until when the paid subscription opens the organisation (auth/membership.ts): the Stripe
     * subscription's current period end plus a grace for the renewal's webhooks, while the subscription
     * is live (active, trialing, past_due); null while on trial or never subscribed, or once it ended.
     */
    paidUntil: at('paid_until'),
    limitUsers: integer('limit_users').notNull().default(25),
    limitActiveUsers: integer('limit_active_users').notNull().default(25),
    /*
     * Billing (issue #15; services/billing/): kept only from signed Stripe webhooks. The customer is
     * created once, at the first checkout, and reused.
     */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The Stripe subscription's status as last heard (active, past_due, canceled, …). */
    subscriptionStatus: text('subscription_status'),
    subscriptionPriceId: text('subscription_price_id'),
    currentPeriodEnd: at('current_period_end'),
    /**
     * The creation time of the newest Stripe event applied to the subscription above: an older event
     * arriving later never moves the state backwards.
     */
    subscriptionEventAt: at('subscription_event_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisations_stripe_customer_key').on(t.stripeCustomerId).where(sql`${t.stripeCustomerId} is not null`)],
);

/** Stripe webhook events already processed (issue #15): each event id once, however often Stripe retries it. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: at('processed_at').notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isOrgAdmin: boolean('is_org_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    listFilterable: boolean('list_filterable').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_org_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] }), index('user_roles_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Ids of the roles the invitee receives on accepting. */
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiry: at('expiry').notNull(),
    /** 'expired': a pending invitation past its expiry, replaced by a new invitation to the same address. */
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    answeredAt: at('answered_at'),
  },
  (t) => [
    index('invitations_org_idx').on(t.orgId, t.status),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
    // One pending invitation per organisation and address: invitations sent at the same moment make one.
    uniqueIndex('invitations_pending_email_key')
      .on(t.orgId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A signed-in device: the bearer token is stored only as its SHA-256 hash. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The organisation the user works in on this device. */
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastAccessedAt: at('last_accessed_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [uniqueIndex('login_sessions_token_key').on(t.tokenHash), index('login_sessions_user_idx').on(t.userId)],
);

/** Single-use e-mailed tokens: account activation, password reset and the confirmation of a new e-mail address. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password-reset', 'email-change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'email-change': the new address the token was mailed to and confirms. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    // A user's outstanding links of one kind, voided together (a reset voids the other reset links).
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Mail waiting to be delivered (src/server/mail/mail-queue.ts): written in the transaction of the change
 * that causes it, delivered by the sender with retries, deleted once the mail server has taken it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    /** When a sender may next take it: now for new mail, later after a failure or while a sender holds it. */
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);

/** Attempts counted by the throttle (sign-in and reset requests), per account and per IP. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('throttle_events_key_idx').on(t.key, t.at)],
);

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Null for the organisation's root folder. */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: at('modified_at').notNull().defaultNow(),
    /** Set when the folder was deleted (moved to the trash); its subtree goes with it. */
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Search (see QUESTION_TITLES above): generated, never written. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`setweight(to_tsvector('simple'::regconfig, ${folders.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${folders.description}), 'B')`,
    ),
    searchText: text('search_text').generatedAlwaysAs((): SQL => sql`lower(${folders.name} || ' ' || ${folders.description})`),
  },
  (t) => [
    index('folders_parent_idx').on(t.parentId, t.name),
    index('folders_org_root_idx').on(t.orgId).where(sql`${t.parentId} is null`),
    // A folder's live contents in each order the browser sorts by: one page is read from the index, not sorted.
    index('folders_live_by_name_idx').on(t.parentId, sql`lower(${t.name})`, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_live_by_created_idx').on(t.parentId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_live_by_modified_idx').on(t.parentId, t.modifiedAt, t.id).where(sql`${t.deletedAt} is null`),
    index('folders_trash_idx').on(t.orgId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('folders_search_vector_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} is null`),
    index('folders_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
    // Search's first tier (every word beginning a word of the name) without reading the rows of other matches.
    index('folders_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);

export const doctypes = ['presentation', 'form', 'sheet', 'report'] as const;
export type Doctype = (typeof doctypes)[number];

/** A document: its latest published version's contents, plus the work in progress (draft). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    doctype: text('doctype', { enum: doctypes }).notNull(),
    /** The latest published version number. */
    version: integer('version').notNull().default(1),
    contents: jsonb('contents').$type<unknown>().notNull(),
    draftContents: jsonb('draft_contents').$type<unknown>(),
    draftUserId: uuid('draft_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: at('modified_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Search (see QUESTION_TITLES above): generated, never written. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, ${documents.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${documents.description}), 'B') || setweight(to_tsvector('simple'::regconfig, ${QUESTION_TITLES(documents.contents)}), 'C')`,
    ),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${documents.name} || ' ' || ${documents.description} || ' ' || (${QUESTION_TITLES(documents.contents)})::text)`,
    ),
  },
  (t) => [
    index('documents_folder_idx').on(t.folderId, t.name),
    index('documents_live_by_name_idx').on(t.folderId, sql`lower(${t.name})`, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_live_by_created_idx').on(t.folderId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_live_by_modified_idx').on(t.folderId, t.modifiedAt, t.id).where(sql`${t.deletedAt} is null`),
    index('documents_trash_idx').on(t.orgId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('documents_search_vector_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} is null`),
    index('documents_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
    // Search's first tier (every word beginning a word of the name) without reading the rows of other matches.
    index('documents_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);

/** Every published version of a document, immutable. */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    contents: jsonb('contents').$type<unknown>().notNull(),
    changelog: text('changelog').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);

/** What happened in an organisation: feeds the activity log, notifications and the dashboard. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
    folderId: uuid('folder_id'),
    documentId: uuid('document_id'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('activity_events_org_idx').on(t.orgId, t.at)],
);

/** Grants and revokes of permission bits on an item, for the organisation, a role or a user. */
export const aclEntries = pgTable(
  'acl_entries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['org', 'role', 'user'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    isGrant: boolean('is_grant').notNull(),
    permissions: integer('permissions').notNull(),
  },
  (t) => [
    index('acl_entries_folder_idx').on(t.folderId),
    index('acl_entries_document_idx').on(t.documentId),
    // the entries naming a caller (user, organisation, role): child_entries_naming starts from them
    index('acl_entries_subject_idx').on(t.subjectId),
  ],
);

/**
 * A checklist's filled-in answers (documentation §3 "Submission record"), checked against the published
 * version `version`. `request_hash` and `idempotency_key` make a retried POST land once: the key is
 * unique per organisation and user, and a repeat with the same key must carry the same request.
 */
export const checklistSubmissions = pgTable(
  'checklist_submissions',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Question id → {value, comments, media, valid}. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    validationErrors: integer('validation_errors').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request a key was first used with. */
    requestHash: text('request_hash'),
  },
  (t) => [
    // GET …/data: one checklist's rows newest first, optionally within a time window (and counted from the index alone).
    index('checklist_submissions_document_idx').on(t.orgId, t.documentId, t.createdAt, t.id),
    uniqueIndex('checklist_submissions_idempotency_key')
      .on(t.orgId, t.createdBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
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
/**
 * A signed upload: what was signed for whom, and when the file arrived. Two purposes:
 * - 'document' (documentation §7 sign-content-upload): a file of one document of one organisation,
 *   kept by the storage driver under `{org_id}/{id}`;
 * - 'avatar' (accounts §7 users/sign-avatar-upload): a user's picture. Avatars belong to a user, not to
 *   an organisation (a user belongs to several): no org or document; `user_id` is the user whose picture
 *   it is (the uploader, until an admin's upload is handed to the user it creates), kept under
 *   `avatars/{id}`.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: ['document', 'avatar'] }).notNull().default('document'),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** Whose avatar this is (purpose 'avatar' only). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Null until the file has arrived and passed its checks. */
    completedAt: at('completed_at'),
    /**
     * A copied document's upload shares the file of the upload it was copied from (its id: the file is
     * kept at {org id}/{file_of}); null: the file is this row's own. Files of documents are never removed.
     */
    fileOf: uuid('file_of'),
  },
  (t) => [
    index('uploads_document_idx').on(t.documentId),
    index('uploads_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    check(
      'uploads_purpose_owner',
      sql`(${t.purpose} = 'document' and ${t.orgId} is not null and ${t.documentId} is not null and ${t.userId} is null)
        or (${t.purpose} = 'avatar' and ${t.orgId} is null and ${t.documentId} is null and ${t.userId} is not null)`,
    ),
  ],
);

// ─── Staying informed (issue #12): favourites, subscriptions, notifications, assignments ──────────

/** Exactly one of folder_id and document_id is set: the item a row is about. */
const oneItem = (name: string, t: { folderId: unknown; documentId: unknown }) =>
  check(name, sql`(${t.folderId} is null) <> (${t.documentId} is null)`);

/** A user's favourite folder or document (the drawer's Favorites list, the dashboard). */
export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneItem('favourites_one_item', t),
    // one favourite per user and item; also the user's list (org, user) in order of creation
    uniqueIndex('favourites_user_item_key').on(t.orgId, t.userId, sql`coalesce(${t.folderId}, ${t.documentId})`),
    index('favourites_user_idx').on(t.orgId, t.userId, t.createdAt),
  ],
);

/**
 * A user's subscription to a folder (everything below it) or a document: notifications of its events,
 * only those with validation errors when `validation_errors_only` (DataSubmitted), and by e-mail too
 * when `email_notifications`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    validationErrorsOnly: boolean('validation_errors_only').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    oneItem('subscriptions_one_item', t),
    uniqueIndex('subscriptions_user_item_key').on(t.orgId, t.userId, sql`coalesce(${t.folderId}, ${t.documentId})`),
    // fan-out: the subscribers of an item and of each folder above it
    index('subscriptions_folder_idx').on(t.folderId).where(sql`${t.folderId} is not null`),
    index('subscriptions_document_idx').on(t.documentId).where(sql`${t.documentId} is not null`),
  ],
);

/**
 * One activity event for one subscriber (accounts §3 Notification: the event gives type, time, username
 * and context). `email_due_at` is set when the subscriber asked for e-mail: the sender groups a user's
 * due notifications into one message and sets `emailed_at`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => activityEvents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: at('read_at'),
    emailDueAt: at('email_due_at'),
    emailedAt: at('emailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventId),
    // the panel: a user's notifications in one organisation, newest first; the unread count
    index('notifications_user_idx').on(t.userId, t.orgId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId, t.orgId).where(sql`${t.readAt} is null`),
    // the e-mail sender: notifications waiting to be mailed
    index('notifications_email_due_idx').on(t.emailDueAt).where(sql`${t.emailDueAt} is not null and ${t.emailedAt} is null`),
  ],
);

/**
 * Work handed to the organisation, a role or a user (documentation §3 Assignment): about a folder or a
 * document; kind 'correction' is a corrective action raised by a submission with validation errors
 * (`submission_id`, `context`: the failing answers). Claimed by one member; a correction is closed by
 * completing it.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['document', 'folder', 'correction'] }).notNull(),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => checklistSubmissions.id, { onDelete: 'cascade' }),
    assignedToType: text('assigned_to_type', { enum: ['org', 'role', 'user'] }).notNull(),
    assignedToId: uuid('assigned_to_id').notNull(),
    notes: text('notes').notNull().default(''),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: at('claimed_at'),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: at('completed_at'),
  },
  (t) => [
    oneItem('assignments_one_item', t),
    // GET workflow/assignments: the open ones handed to me, my roles or my organisation
    index('assignments_assignee_idx').on(t.orgId, t.assignedToId).where(sql`${t.completedAt} is null`),
    // the Assignments tab of an item
    index('assignments_folder_idx').on(t.folderId).where(sql`${t.folderId} is not null`),
    index('assignments_document_idx').on(t.documentId).where(sql`${t.documentId} is not null`),
  ],
);
