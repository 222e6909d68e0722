/**
 * The webhook queue's statements (the rules: src/server/services/webhooks/). An event's deliveries are
 * written by ONE statement in the event's transaction, one row per enabled endpoint of the organisation
 * that receives its type, with a `pg_notify('webhooks', '')` when any was written: PostgreSQL delivers it
 * at commit to every server process (db/listen.ts), whose sender then starts at once. Senders take due
 * deliveries with `FOR UPDATE SKIP LOCKED` and move their next attempt past their claim in the same
 * statement, so no two senders take one delivery; one that dies lets it go when the claim runs out.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { toDate } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';

const v = (name: string) => sql.placeholder(name);

/** The channel a sender listens on (services/webhooks/sender.ts). */
export const WEBHOOK_CHANNEL = 'webhooks';

const QUEUE_DELIVERIES = namedStatement(
  'queue_webhook_deliveries',
  sql`WITH written AS (
        INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_type, document_id, folder_id, payload, created_at, status, next_attempt_at, attempts, retries_from)
        SELECT gen_random_uuid(), e.id, e.org_id, ${v('type')}::text, ${v('documentId')}::uuid, ${v('folderId')}::uuid, ${v('payload')}::jsonb,
               ${v('now')}::timestamptz, 'pending', ${v('now')}::timestamptz, 0, ${v('now')}::timestamptz
          FROM webhook_endpoints e
         WHERE e.org_id = ${v('orgId')}::uuid AND e.enabled AND ${v('type')}::text = ANY(e.events)
        RETURNING 1
      )
      SELECT count(*)::int AS written, (CASE WHEN count(*) > 0 THEN pg_notify('webhooks', '') END) IS NULL AS quiet FROM written`,
);

export interface QueuedEvent {
  type: string;
  orgId: string;
  documentId: string | null;
  folderId: string | null;
  payload: Record<string, unknown>;
  at: Date;
}

/** Queues one event for every enabled endpoint of its organisation that receives its type; answers how many. */
export async function queueDeliveries(db: Queryable, event: QueuedEvent): Promise<number> {
  const [row] = await runStatement<{ written: number }>(db, QUEUE_DELIVERIES, {
    type: event.type,
    orgId: event.orgId,
    documentId: event.documentId,
    folderId: event.folderId,
    payload: JSON.stringify(event.payload),
    now: event.at.toISOString(),
  });
  return Number(row?.written ?? 0);
}

/** Queues one delivery for one endpoint (a test event), whatever its events; notifies the senders. */
const QUEUE_ONE = namedStatement(
  'queue_webhook_delivery',
  sql`WITH written AS (
        INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_type, document_id, folder_id, payload, created_at, status, next_attempt_at, attempts, retries_from)
        VALUES (${v('id')}::uuid, ${v('endpointId')}::uuid, ${v('orgId')}::uuid, ${v('type')}::text, NULL, NULL, ${v('payload')}::jsonb,
                ${v('now')}::timestamptz, 'pending', ${v('now')}::timestamptz, 0, ${v('now')}::timestamptz)
        RETURNING id
      )
      SELECT id, pg_notify('webhooks', '') FROM written`,
);

export async function queueOneDelivery(
  db: Queryable,
  row: { id: string; endpointId: string; orgId: string; type: string; payload: Record<string, unknown>; at: Date },
): Promise<void> {
  await runStatement(db, QUEUE_ONE, {
    id: row.id,
    endpointId: row.endpointId,
    orgId: row.orgId,
    type: row.type,
    payload: JSON.stringify(row.payload),
    now: row.at.toISOString(),
  });
}

/** A delivery again, due now, its retries counted afresh (re-send); notifies the senders. Answers whether it was found. */
const REQUEUE = namedStatement(
  'requeue_webhook_delivery',
  sql`WITH again AS (
        UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ${v('now')}::timestamptz, attempts = 0, retries_from = ${v('now')}::timestamptz
         WHERE id = ${v('id')}::uuid AND endpoint_id = ${v('endpointId')}::uuid
        RETURNING id
      )
      SELECT id, pg_notify('webhooks', '') FROM again`,
);

export async function requeueDelivery(db: Queryable, endpointId: string, id: string, now: Date): Promise<boolean> {
  const rows = await runStatement(db, REQUEUE, { id, endpointId, now: now.toISOString() });
  return rows.length > 0;
}

const CLAIM_DUE = namedStatement(
  'claim_due_webhooks',
  sql`WITH due AS (
        SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= ${v('now')}::timestamptz
         ORDER BY next_attempt_at, id
         LIMIT ${v('limit')}::int
           FOR UPDATE SKIP LOCKED
      )
      UPDATE webhook_deliveries AS d
         SET next_attempt_at = ${v('claimedUntil')}::timestamptz, attempts = d.attempts + 1
        FROM due
       WHERE d.id = due.id
   RETURNING d.id, d.endpoint_id, d.org_id, d.event_type, d.document_id, d.folder_id, d.payload, d.created_at,
             d.next_attempt_at, d.attempts, d.retries_from`,
);

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  orgId: string;
  eventType: string;
  documentId: string | null;
  folderId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  /** The claim: a later update holds only while it is unchanged. */
  nextAttemptAt: Date;
  attempts: number;
  retriesFrom: Date;
}

interface RawDelivery {
  id: string;
  endpoint_id: string;
  org_id: string;
  event_type: string;
  document_id: string | null;
  folder_id: string | null;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
  next_attempt_at: Date | string;
  attempts: number;
  retries_from: Date | string;
}

/** Takes up to `limit` deliveries due at `now` for this sender until `claimedUntil`; their attempts counted. */
export async function claimDueDeliveries(db: Queryable, now: Date, claimedUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const raw = await runStatement<RawDelivery>(db, CLAIM_DUE, { now: now.toISOString(), claimedUntil: claimedUntil.toISOString(), limit });
  return raw.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    orgId: r.org_id,
    eventType: r.event_type,
    documentId: r.document_id,
    folderId: r.folder_id,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
    createdAt: toDate(r.created_at),
    nextAttemptAt: toDate(r.next_attempt_at),
    attempts: Number(r.attempts),
    retriesFrom: toDate(r.retries_from),
  }));
}
