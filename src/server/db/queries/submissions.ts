/**
 * Storing a checklist submission, its DataSubmitted activity event and its webhook deliveries (issue #34:
 * one per enabled endpoint of the organisation receiving each of the event's webhook types, with the
 * senders' pg_notify when any is written; db/queries/webhooks.ts) in ONE statement (a data-modifying CTE:
 * atomic, one round trip, no transaction held open), once per Idempotency-Key.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import type { activityEvents, checklistSubmissions } from '../schema.ts';
import { namedStatement, runStatement } from '../statements.ts';

type NewSubmission = typeof checklistSubmissions.$inferInsert & { createdAt: Date };
type NewActivity = typeof activityEvents.$inferInsert & { at: Date };
export type SubmissionRow = typeof checklistSubmissions.$inferSelect;

const v = (name: string) => sql.placeholder(name);

/*
 * The submission, unless an earlier one holds its Idempotency-Key — the same organisation, user and key
 * (a member's), or the same share link and key (issue #29: no user) — each by its partial unique index (a
 * concurrent insert with the same key makes this wait for it to commit); the event only when the
 * submission went in. jsonb values travel as text, so both drivers send them alike.
 */
const insertStatement = (name: string, onConflict: SQL) =>
  namedStatement(
    name,
    sql`WITH inserted AS (
        INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at, idempotency_key, request_hash, share_link_id)
        VALUES (${v('id')}, ${v('orgId')}, ${v('documentId')}, ${v('version')}, ${v('record')}::text::jsonb, ${v('validationErrors')},
                ${v('createdBy')}, ${v('createdAt')}::timestamptz, ${v('idempotencyKey')}, ${v('requestHash')}, ${v('shareLinkId')}::uuid)
        ${onConflict} DO NOTHING
        RETURNING *
      ), event AS (
        INSERT INTO activity_events (id, org_id, type, actor_id, at, folder_id, document_id, context)
        SELECT ${v('eventId')}::uuid, ${v('eventOrgId')}::uuid, ${v('eventType')}::text, ${v('actorId')}::uuid, ${v('at')}::timestamptz,
               ${v('folderId')}::uuid, ${v('eventDocumentId')}::uuid, ${v('context')}::text::jsonb
          FROM inserted
      ), hooks AS (
        INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_type, document_id, folder_id, payload, created_at, status, next_attempt_at, attempts, retries_from)
        SELECT gen_random_uuid(), e.id, e.org_id, t.type, ${v('eventDocumentId')}::uuid, ${v('folderId')}::uuid,
               jsonb_build_object('type', t.type, 'timestamp', ${v('timestamp')}::text, 'data', ${v('webhookData')}::text::jsonb),
               ${v('at')}::timestamptz, 'pending', ${v('at')}::timestamptz, 0, ${v('at')}::timestamptz
          FROM inserted
          CROSS JOIN jsonb_array_elements_text(${v('webhookTypes')}::text::jsonb) AS t(type)
          JOIN webhook_endpoints e ON e.org_id = ${v('eventOrgId')}::uuid AND e.enabled AND t.type = ANY(e.events)
        RETURNING 1
      )
      SELECT inserted.*, (SELECT count(*) FROM (SELECT pg_notify('webhooks', '') FROM hooks LIMIT 1) AS n)::int AS webhooks_notified FROM inserted`,
  );

const INSERT_SUBMISSION = insertStatement(
  'insert_submission_with_event',
  sql`ON CONFLICT (org_id, created_by, idempotency_key) WHERE idempotency_key IS NOT NULL`,
);
const INSERT_SHARED_SUBMISSION = insertStatement(
  'insert_shared_submission_with_event',
  sql`ON CONFLICT (share_link_id, idempotency_key) WHERE share_link_id IS NOT NULL AND idempotency_key IS NOT NULL`,
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
  idempotency_key: string | null;
  request_hash: string | null;
  share_link_id: string | null;
}

/**
 * Inserts a submission and its activity event together: the stored row, or undefined (and no event) when
 * an earlier submission holds the same Idempotency-Key (of the same organisation and user, or of the same
 * share link when `shareLinkId` is set).
 */
export async function insertSubmissionWithEvent(
  db: Queryable,
  values: NewSubmission,
  event: NewActivity,
  webhooks: { types: readonly string[]; data: Record<string, unknown> } = { types: [], data: {} },
): Promise<SubmissionRow | undefined> {
  const statement = values.shareLinkId ? INSERT_SHARED_SUBMISSION : INSERT_SUBMISSION;
  const [r] = await runStatement<RawSubmission>(db, statement, {
    id: values.id,
    orgId: values.orgId,
    documentId: values.documentId,
    version: values.version,
    record: JSON.stringify(values.record),
    validationErrors: values.validationErrors ?? 0,
    createdBy: values.createdBy ?? null,
    createdAt: values.createdAt.toISOString(),
    idempotencyKey: values.idempotencyKey ?? null,
    requestHash: values.requestHash ?? null,
    shareLinkId: values.shareLinkId ?? null,
    eventId: event.id,
    eventOrgId: event.orgId,
    eventType: event.type,
    actorId: event.actorId ?? null,
    at: event.at.toISOString(),
    folderId: event.folderId ?? null,
    eventDocumentId: event.documentId ?? null,
    context: JSON.stringify(event.context ?? {}),
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
    idempotencyKey: r.idempotency_key,
    requestHash: r.request_hash,
    shareLinkId: r.share_link_id ?? null,
  };
}
