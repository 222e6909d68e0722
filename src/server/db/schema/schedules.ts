/**
 * Schedules (issue #44): a checklist to be done again and again — an RFC 5545 rule in an IANA zone, each
 * occurrence open for `window_minutes` from its time. Each occurrence becomes an assignment when it opens
 * (assignments.schedule_id + opens_at; the unique index there makes the opening pass idempotent across
 * processes). `next_due_at` is the next occurrence still to open (null when the rule has ended): the
 * opening pass reads the schedules whose `next_due_at` has come, through schedules_next_due_idx.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn, users } from './accounts.ts';
import { at, createdAt } from './columns.ts';
import { documents } from './documentation.ts';

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    assignedToType: text('assigned_to_type', { enum: ['org', 'role', 'user', 'share_link'] }).notNull(),
    assignedToId: uuid('assigned_to_id').notNull(),
    rrule: text('rrule').notNull(),
    timezone: text('timezone').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    notes: text('notes').notNull().default(''),
    oneForAll: boolean('one_for_all').notNull().default(true),
    allowLate: boolean('allow_late').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: at('modified_at').notNull().defaultNow(),
    nextDueAt: at('next_due_at'),
  },
  (t) => [
    // The opening pass: the schedules whose next occurrence has come (every organisation's).
    index('schedules_next_due_idx').on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    // GET workflow/schedules (an organisation's, or one checklist's)
    index('schedules_document_idx').on(t.orgId, t.documentId),
  ],
);
