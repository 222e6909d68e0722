/** What happened in an organisation (the activity log, notifications and the dashboard read it). */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { orgIdColumn, users } from './accounts.ts';

/** What happened in an organisation: feeds the activity log, notifications and the dashboard. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
    folderId: uuid('folder_id'),
    documentId: uuid('document_id'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('activity_events_org_idx').on(t.orgId, t.at)],
);
