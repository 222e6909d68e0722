/** Staying informed (issue #12): favourites, subscriptions, notifications, assignments. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, oneItem } from './columns.ts';
import { orgIdColumn, userIdColumn, users } from './accounts.ts';
import { itemColumns } from './documentation.ts';
import { activityEvents } from './activity.ts';
import { checklistSubmissions } from './checklists.ts';
import { schedules } from './schedules.ts';

/** A user's favourite folder or document (the drawer's Favorites list, the dashboard). */
export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    ...itemColumns(),
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
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    ...itemColumns(),
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
    orgId: orgIdColumn(),
    userId: userIdColumn(),
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
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['document', 'folder', 'correction'] }).notNull(),
    ...itemColumns(),
    submissionId: uuid('submission_id').references(() => checklistSubmissions.id, { onDelete: 'cascade' }),
    /** A share link only for a schedule's occurrence given to a kiosk station (issue #44). */
    assignedToType: text('assigned_to_type', { enum: ['org', 'role', 'user', 'share_link'] }).notNull(),
    assignedToId: uuid('assigned_to_id').notNull(),
    notes: text('notes').notNull().default(''),
    /** Issue #44: when it is due (an occurrence's: its window's close); past it, an open assignment is overdue. */
    dueAt: at('due_at'),
    /** Issue #44: the occurrence of a schedule it is (its schedule and the time it opened); null for others. */
    scheduleId: uuid('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    opensAt: at('opens_at'),
    /** An occurrence's window closed without a submission (late ones not allowed, or none came). */
    missedAt: at('missed_at'),
    /** When its assignees were told it is overdue (once). */
    overdueNotifiedAt: at('overdue_notified_at'),
    /** The submission that completed it (a checklist's). */
    completedSubmissionId: uuid('completed_submission_id').references(() => checklistSubmissions.id, { onDelete: 'set null' }),
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
    // Issue #44: each occurrence once per assignee, whatever the number of processes opening it
    uniqueIndex('assignments_occurrence_key').on(t.scheduleId, t.opensAt, t.assignedToId).where(sql`${t.scheduleId} is not null`),
    // the overdue and missed passes, the dashboard's due-today: open assignments by due time
    index('assignments_due_idx').on(t.dueAt).where(sql`${t.completedAt} is null and ${t.missedAt} is null and ${t.dueAt} is not null`),
  ],
);
