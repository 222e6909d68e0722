/**
 * THE writer of activity_events (services/activity.ts records every area's events through it): the one
 * INSERT of an event's row, as a piece of SQL over the values' expressions, so that a statement which
 * writes an event together with its change (db/queries/submissions.ts: a submission and its DataSubmitted
 * event in one statement) writes it with this same INSERT; and that INSERT as a named statement for one
 * event on its own (`writeActivityEvent`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import type { activityEvents } from '../schema.ts';
import { namedStatement, runStatement } from '../statements.ts';

/** An event's row as it is written (services/activity.ts `activityRow`). */
export type ActivityEventRow = typeof activityEvents.$inferInsert & { at: Date };

/** The expressions of an event's columns (placeholders, or columns of the rows it is written for). */
export interface ActivityEventValues {
  id: SQL;
  orgId: SQL;
  type: SQL;
  actorId: SQL;
  at: SQL;
  folderId: SQL;
  documentId: SQL;
  /** jsonb, as text (both drivers send it alike). */
  context: SQL;
}

/** THE INSERT of an event: one row of `values` for each row of `from` (`FROM inserted`), or one without. */
export const insertActivityEvent = (values: ActivityEventValues, from: SQL = sql``): SQL =>
  sql`INSERT INTO activity_events (id, org_id, type, actor_id, at, folder_id, document_id, context)
        SELECT ${values.id}::uuid, ${values.orgId}::uuid, ${values.type}::text, ${values.actorId}::uuid, ${values.at}::timestamptz,
               ${values.folderId}::uuid, ${values.documentId}::uuid, ${values.context}::text::jsonb
          ${from}`;

const v = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** The placeholders of an event's values (`eventParams` fills them). */
export const EVENT_PLACEHOLDERS: ActivityEventValues = {
  id: v('eventId'),
  orgId: v('eventOrgId'),
  type: v('eventType'),
  actorId: v('actorId'),
  at: v('at'),
  folderId: v('folderId'),
  documentId: v('eventDocumentId'),
  context: v('context'),
};

/** The values of EVENT_PLACEHOLDERS for one event's row. */
export const eventParams = (row: ActivityEventRow): Record<string, unknown> => ({
  eventId: row.id,
  eventOrgId: row.orgId,
  eventType: row.type,
  actorId: row.actorId ?? null,
  at: row.at.toISOString(),
  folderId: row.folderId ?? null,
  eventDocumentId: row.documentId ?? null,
  context: JSON.stringify(row.context ?? {}),
});

const WRITE_EVENT = namedStatement('insert_activity_event', insertActivityEvent(EVENT_PLACEHOLDERS));

/** Writes one event's row, in the transaction of the change it records. */
export async function writeActivityEvent(db: Queryable, row: ActivityEventRow): Promise<void> {
  await runStatement(db, WRITE_EVENT, eventParams(row));
}
