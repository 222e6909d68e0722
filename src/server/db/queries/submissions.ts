/**
 * Storing a checklist submission, its DataSubmitted activity event and its webhook deliveries (issue #34:
 * one per enabled endpoint of the organisation receiving each of the event's webhook types, with the
 * senders' pg_notify when any is written) in ONE statement, written by THE writers of events
 * (./activity-events.ts) and deliveries (./webhooks.ts) (a data-modifying CTE:
 * atomic, one round trip, no transaction held open). A retry lands once by its Idempotency-Key
 * (http/idempotency.ts), before this runs.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import type { checklistSubmissions } from '../schema.ts';
import { namedStatement, runStatement } from '../statements.ts';
import { EVENT_PLACEHOLDERS, eventParams, insertActivityEvent, type ActivityEventRow } from './activity-events.ts';
import { insertWebhookDeliveries } from './webhooks.ts';

type NewSubmission = typeof checklistSubmissions.$inferInsert & { createdAt: Date };
export type SubmissionRow = typeof checklistSubmissions.$inferSelect;

const v = (name: string) => sql.placeholder(name);

/*
 * The submission, its event and its webhook deliveries. jsonb values travel as text, so both drivers send
 * them alike.
 */
const INSERT_SUBMISSION = namedStatement(
    'insert_submission_with_event',
    sql`WITH inserted AS (
        INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at, share_link_id)
        VALUES (${v('id')}, ${v('orgId')}, ${v('documentId')}, ${v('version')}, ${v('record')}::text::jsonb, ${v('validationErrors')},
                ${v('createdBy')}, ${v('createdAt')}::timestamptz, ${v('shareLinkId')}::uuid)
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

/**
 * Inserts a submission and its activity event together: the stored row.
 */
export async function insertSubmissionWithEvent(
  db: Queryable,
  values: NewSubmission,
  event: ActivityEventRow,
  webhooks: { types: readonly string[]; data: Record<string, unknown> } = { types: [], data: {} },
): Promise<SubmissionRow> {
  const [r] = await runStatement<RawSubmission>(db, INSERT_SUBMISSION, {
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
  if (!r) throw new Error('the submission was not stored');
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
