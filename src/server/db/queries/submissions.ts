/**
 * Storing a checklist submission, its DataSubmitted activity event and its webhook deliveries (issue #34:
 * one per enabled endpoint of the organisation receiving each of the event's webhook types, with the
 * senders' pg_notify when any is written) in ONE statement, written by THE writers of events
 * (./activity-events.ts) and deliveries (./webhooks.ts) (a data-modifying CTE:
 * atomic, one round trip, no transaction held open). A retry lands once by its Idempotency-Key
 * (http/idempotency.ts), before this runs.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import type { checklistSubmissions } from '../schema.ts';
import { namedStatement, runStatement, type NamedStatement } from '../statements.ts';
import { EVENT_PLACEHOLDERS, eventParams, insertActivityEvent, type ActivityEventRow } from './activity-events.ts';
import { chainOf } from './notifications/item-levels.ts';
import { insertWebhookDeliveries } from './webhooks.ts';

type NewSubmission = typeof checklistSubmissions.$inferInsert & { createdAt: Date };
export type SubmissionRow = typeof checklistSubmissions.$inferSelect;

const v = (name: string) => sql.placeholder(name);

/*
 * Whether a submission is QUIET: nobody to tell and nothing it completes, judged in the statement that
 * stores it (issue #46: the two reads that asked this before it was stored were a round trip of their own).
 * Conservative — a superset of what services/notifications/fan-out.ts and services/assignments/completion.ts
 * decide: any subscription of the checklist or of a folder above it (the submitter's own excepted) that
 * would hear of this row (one for "validation errors only" hears only of a row with errors), and any open
 * assignment of the checklist, whoever's, make it not quiet. Then nothing is stored and the caller goes the
 * full way (the audience, the permission rule, the assignments, one transaction).
 */
const QUIET = sql`NOT EXISTS (
          WITH RECURSIVE ${chainOf('chain', sql`${v('folderId')}::uuid`)}
          SELECT 1 FROM subscriptions s
           WHERE s.org_id = ${v('orgId')}::uuid
             AND (s.document_id = ${v('documentId')}::uuid OR s.folder_id IN (SELECT id FROM chain))
             AND s.user_id IS DISTINCT FROM ${v('createdBy')}::uuid
             AND (NOT s.validation_errors_only OR ${v('validationErrors')}::int > 0))
        AND NOT EXISTS (
          SELECT 1 FROM assignments a
           WHERE a.document_id = ${v('documentId')}::uuid AND a.org_id = ${v('orgId')}::uuid AND a.kind = 'document' AND a.completed_at IS NULL)`;

/*
 * The submission, its event and its webhook deliveries (with `onlyIf`: only when that holds, else nothing
 * at all). jsonb values travel as text, so both drivers send them alike.
 */
const insertSubmission = (name: string, onlyIf: SQL = sql`true`) =>
  namedStatement(
    name,
    sql`WITH inserted AS (
        INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at, share_link_id)
        SELECT ${v('id')}::uuid, ${v('orgId')}::uuid, ${v('documentId')}::uuid, ${v('version')}::int, ${v('record')}::text::jsonb, ${v('validationErrors')}::int,
               ${v('createdBy')}::uuid, ${v('createdAt')}::timestamptz, ${v('shareLinkId')}::uuid
         WHERE ${onlyIf}
        RETURNING *
      ), event AS (
        ${insertActivityEvent(EVENT_PLACEHOLDERS, sql`FROM inserted`)}
      ), hooks AS (
        ${insertWebhookDeliveries(
          {
            id: sql`gen_random_uuid()`,
            endpointId: sql`e.id`,
            orgId: sql`e.org_id`,
            type: sql`t.type`,
            documentId: sql`${v('eventDocumentId')}::uuid`,
            folderId: sql`${v('folderId')}::uuid`,
            payload: sql`jsonb_build_object('type', t.type, 'timestamp', ${v('timestamp')}::text, 'data', ${v('webhookData')}::text::jsonb)`,
            at: sql`${v('at')}::timestamptz`,
          },
          sql`FROM inserted
          CROSS JOIN jsonb_array_elements_text(${v('webhookTypes')}::text::jsonb) AS t(type)
          JOIN webhook_endpoints e ON e.org_id = ${v('eventOrgId')}::uuid AND e.enabled AND t.type = ANY(e.events)`,
        )}
        RETURNING 1
      )
      SELECT inserted.*, (SELECT count(*) FROM (SELECT pg_notify('webhooks', '') FROM hooks LIMIT 1) AS n)::int AS webhooks_notified FROM inserted`,
  );

const INSERT_SUBMISSION = insertSubmission('insert_submission_with_event');
const INSERT_QUIET_SUBMISSION = insertSubmission('insert_quiet_submission_with_event', QUIET);


interface RawSubmission {
  id: string;
  org_id: string;
  document_id: string;
  version: number;
  record: Record<string, unknown> | string;
  validation_errors: number;
  created_by: string | null;
  created_at: Date | string;
  share_link_id: string | null;
}

type Webhooks = { types: readonly string[]; data: Record<string, unknown> };

/**
 * Inserts a submission and its activity event together: the stored row.
 */
export async function insertSubmissionWithEvent(
  db: Queryable,
  values: NewSubmission,
  event: ActivityEventRow,
  webhooks: Webhooks = { types: [], data: {} },
): Promise<SubmissionRow> {
  const row = await runInsert(db, INSERT_SUBMISSION, values, event, webhooks);
  if (!row) throw new Error('the submission was not stored');
  return row;
}

/**
 * The same, only if the submission is QUIET (above: nobody to tell, nothing it completes), in ONE statement;
 * undefined — and nothing stored — when it is not. `event.folderId` must be the checklist's folder.
 */
export function insertQuietSubmissionWithEvent(db: Queryable, values: NewSubmission, event: ActivityEventRow, webhooks: Webhooks): Promise<SubmissionRow | undefined> {
  return runInsert(db, INSERT_QUIET_SUBMISSION, values, event, webhooks);
}

async function runInsert(
  db: Queryable,
  statement: NamedStatement,
  values: NewSubmission,
  event: ActivityEventRow,
  webhooks: Webhooks,
): Promise<SubmissionRow | undefined> {
  const [r] = await runStatement<RawSubmission>(db, statement, {
    id: values.id,
    orgId: values.orgId,
    documentId: values.documentId,
    version: values.version,
    record: JSON.stringify(values.record),
    validationErrors: values.validationErrors ?? 0,
    createdBy: values.createdBy ?? null,
    createdAt: values.createdAt.toISOString(),
    shareLinkId: values.shareLinkId ?? null,
    ...eventParams(event),
    timestamp: event.at.toISOString(),
    webhookTypes: JSON.stringify(webhooks.types),
    webhookData: JSON.stringify(webhooks.data),
  });
  if (!r) return undefined;
  return {
    id: r.id,
    orgId: r.org_id,
    documentId: r.document_id,
    version: Number(r.version),
    record: typeof r.record === 'string' ? (JSON.parse(r.record) as Record<string, unknown>) : r.record,
    validationErrors: Number(r.validation_errors),
    createdBy: r.created_by,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    shareLinkId: r.share_link_id ?? null,
  };
}
