/**
 * The webhook queue's statements (the rules: src/server/services/webhooks/). An event's deliveries are
 * written by ONE statement in the event's transaction, one row per enabled endpoint of the organisation
 * that receives its type, with a `pg_notify('webhooks', '')` when any was written: PostgreSQL delivers it
 * at commit to every server process (db/listen.ts), whose sender then starts at once. Senders take due
 * deliveries with `FOR UPDATE SKIP LOCKED` and move their next attempt past their claim in the same
 * statement, so no two senders take one delivery; one that dies lets it go when the claim runs out. The
 * claim is fair: round-robin by endpoint, capped per endpoint and per organisation (CLAIM_DUE).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { arrayLiteral, toDate } from '../rows.ts';
import { webhookEndpoints } from '../schema.ts';
import { namedStatement, runStatement } from '../statements.ts';

const v = (name: string) => sql.placeholder(name);

/** The channel a sender listens on (services/webhooks/sender.ts). */
export const WEBHOOK_CHANNEL = 'webhooks';

/** The expressions of a delivery's columns (placeholders, or columns of the rows it is written for). */
export interface DeliveryValues {
  id: SQL;
  endpointId: SQL;
  orgId: SQL;
  type: SQL;
  documentId: SQL;
  folderId: SQL;
  payload: SQL;
  /** When it was queued: also its first attempt's time and the start of its retries. */
  at: SQL;
}

/**
 * THE writer of webhook_deliveries: the INSERT of pending deliveries, one row of `values` for each row of
 * `from` (the endpoints that receive the event), or one without. Every statement that queues a delivery
 * writes it with this (here, and db/queries/submissions.ts with its submission).
 */
export const insertWebhookDeliveries = (values: DeliveryValues, from: SQL = sql``): SQL =>
  sql`INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_type, document_id, folder_id, payload, created_at, status, next_attempt_at, attempts, retries_from)
        SELECT ${values.id}, ${values.endpointId}, ${values.orgId}, ${values.type}, ${values.documentId}, ${values.folderId}, ${values.payload},
               ${values.at}, 'pending', ${values.at}, 0, ${values.at}
          ${from}`;

const QUEUE_DELIVERIES = namedStatement(
  'queue_webhook_deliveries',
  sql`WITH written AS (
        ${insertWebhookDeliveries(
          {
            id: sql`gen_random_uuid()`,
            endpointId: sql`e.id`,
            orgId: sql`e.org_id`,
            type: sql`${v('type')}::text`,
            documentId: sql`${v('documentId')}::uuid`,
            folderId: sql`${v('folderId')}::uuid`,
            payload: sql`${v('payload')}::jsonb`,
            at: sql`${v('now')}::timestamptz`,
          },
          sql`FROM webhook_endpoints e
         WHERE e.org_id = ${v('orgId')}::uuid AND e.enabled AND ${v('type')}::text = ANY(e.events)`,
        )}
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
        ${insertWebhookDeliveries({
          id: sql`${v('id')}::uuid`,
          endpointId: sql`${v('endpointId')}::uuid`,
          orgId: sql`${v('orgId')}::uuid`,
          type: sql`${v('type')}::text`,
          documentId: sql`NULL::uuid`,
          folderId: sql`NULL::uuid`,
          payload: sql`${v('payload')}::jsonb`,
          at: sql`${v('now')}::timestamptz`,
        })}
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

/** A delivery again, due now, its retries counted afresh, its endpoint's backoff ended (re-send: the admin asks for an attempt now); notifies the senders. Answers whether it was found. */
const REQUEUE = namedStatement(
  'requeue_webhook_delivery',
  sql`WITH again AS (
        UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ${v('now')}::timestamptz, attempts = 0, retries_from = ${v('now')}::timestamptz
         WHERE id = ${v('id')}::uuid AND endpoint_id = ${v('endpointId')}::uuid
        RETURNING id
      ), open AS (
        UPDATE webhook_endpoints SET retry_at = NULL WHERE id = ${v('endpointId')}::uuid AND retry_at IS NOT NULL AND EXISTS (SELECT 1 FROM again)
        RETURNING id
      )
      SELECT id, pg_notify('webhooks', '') FROM again`,
);

export async function requeueDelivery(db: Queryable, endpointId: string, id: string, now: Date): Promise<boolean> {
  const rows = await runStatement(db, REQUEUE, { id, endpointId, now: now.toISOString() });
  return rows.length > 0;
}

/**
 * The claim, fair across organisations and endpoints (docs/webhooks.md "Fairness"): round-robin by
 * endpoint — each endpoint's oldest due delivery first, ordered by age across endpoints, then each one's
 * second… — at most `perEndpoint` of one endpoint and `perOrg` of one organisation (less the room this
 * sender has already used for them: `endpointIds`/`endpointRooms`, `orgIds`/`orgRooms`), `limit` in all.
 * An endpoint backing off after a failure (`retry_at` later than now) gives none but a test event. The
 * rows are locked FOR UPDATE SKIP LOCKED with their due condition checked again on the locked row, so
 * two senders never take one delivery.
 */
const CLAIM_DUE = namedStatement(
  'claim_due_webhooks',
  sql`WITH room_e AS (
        SELECT * FROM unnest(${v('endpointIds')}::uuid[], ${v('endpointRooms')}::int[]) AS t(endpoint_id, n)
      ), room_o AS (
        SELECT * FROM unnest(${v('orgIds')}::uuid[], ${v('orgRooms')}::int[]) AS t(org_id, n)
      ), candidates AS (
        SELECT c.id, c.next_attempt_at, c.rank_e, e.org_id
          FROM webhook_endpoints e
          LEFT JOIN room_e re ON re.endpoint_id = e.id
          CROSS JOIN LATERAL (
            SELECT d.id, d.next_attempt_at, row_number() OVER (ORDER BY d.next_attempt_at, d.id) AS rank_e
              FROM webhook_deliveries d
             WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= ${v('now')}::timestamptz
               AND (e.retry_at IS NULL OR e.retry_at <= ${v('now')}::timestamptz OR d.event_type = 'webhook.test')
             ORDER BY d.next_attempt_at, d.id
             LIMIT greatest(0, coalesce(re.n, ${v('perEndpoint')}::int))
          ) c
      ), fair AS (
        SELECT c.id, c.next_attempt_at, c.rank_e, c.org_id,
               row_number() OVER (PARTITION BY c.org_id ORDER BY c.rank_e, c.next_attempt_at, c.id) AS rank_o
          FROM candidates c
      ), chosen AS (
        SELECT f.id FROM fair f
          LEFT JOIN room_o ro ON ro.org_id = f.org_id
         WHERE f.rank_o <= coalesce(ro.n, ${v('perOrg')}::int)
         ORDER BY f.rank_e, f.next_attempt_at, f.id
         LIMIT ${v('limit')}::int
      ), due AS (
        SELECT d.id FROM webhook_deliveries d
          JOIN chosen ON chosen.id = d.id
         WHERE d.status = 'pending' AND d.next_attempt_at <= ${v('now')}::timestamptz
           FOR UPDATE OF d SKIP LOCKED
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

/** How much a claim may take: `limit` in all, per endpoint and per organisation less what is in flight already. */
export interface ClaimRoom {
  limit: number;
  perEndpoint: number;
  perOrg: number;
  /** Endpoints and organisations with deliveries in flight at this sender: the room they have left. */
  endpointRooms: Map<string, number>;
  orgRooms: Map<string, number>;
}

/** Takes deliveries due at `now` for this sender until `claimedUntil`, fairly (CLAIM_DUE); their attempts counted. */
export async function claimDueDeliveries(db: Queryable, now: Date, claimedUntil: Date, room: ClaimRoom): Promise<ClaimedDelivery[]> {
  const raw = await runStatement<RawDelivery>(db, CLAIM_DUE, {
    now: now.toISOString(),
    claimedUntil: claimedUntil.toISOString(),
    limit: room.limit,
    perEndpoint: room.perEndpoint,
    perOrg: room.perOrg,
    endpointIds: arrayLiteral([...room.endpointRooms.keys()]),
    endpointRooms: arrayLiteral([...room.endpointRooms.values()].map(String)),
    orgIds: arrayLiteral([...room.orgRooms.keys()]),
    orgRooms: arrayLiteral([...room.orgRooms.values()].map(String)),
  });
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

/**
 * Rotation: `sealed` becomes the endpoint's secret, and the secret it replaces (read in this statement,
 * sealed as it was) keeps signing beside it until `previousUntil`.
 */
export async function rotateSecret(db: Queryable, where: { id: string; orgId: string }, sealed: string, previousUntil: Date, now: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ secret: sealed, previousSecret: sql`${webhookEndpoints.secret}`, previousSecretExpiresAt: previousUntil, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, where.id), eq(webhookEndpoints.orgId, where.orgId)));
}

/**
 * A failed attempt's mark on its endpoint: failing since its first failure after its last success, and
 * backing off (none of its deliveries tried, a test event aside) until at least `retryAt`. Answers the
 * endpoint as it is now.
 */
export async function markEndpointFailing(db: Queryable, endpointId: string, at: Date, retryAt: Date): Promise<{ failingSince: Date | null; enabled: boolean } | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
      retryAt: sql`greatest(${webhookEndpoints.retryAt}, ${retryAt.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
  return row;
}

/**
 * Issue #44: the deliveries of many events in ONE statement (a background pass's: each opened occurrence's
 * assignment.due, each missed one's occurrence.missed), as QUEUE_DELIVERIES does for one.
 */
const QUEUE_MANY = namedStatement(
  'queue_webhook_deliveries_of_many',
  sql`WITH ev AS (
        SELECT * FROM jsonb_to_recordset(${v('events')}::jsonb) AS x(type text, org_id uuid, document_id uuid, folder_id uuid, payload jsonb)
      ), written AS (
        INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_type, document_id, folder_id, payload, created_at, status, next_attempt_at, attempts, retries_from)
        SELECT gen_random_uuid(), e.id, e.org_id, ev.type, ev.document_id, ev.folder_id, ev.payload,
               ${v('now')}::timestamptz, 'pending', ${v('now')}::timestamptz, 0, ${v('now')}::timestamptz
          FROM ev JOIN webhook_endpoints e ON e.org_id = ev.org_id AND e.enabled AND ev.type = ANY(e.events)
        RETURNING 1
      )
      SELECT count(*)::int AS written, (CASE WHEN count(*) > 0 THEN pg_notify('webhooks', '') END) IS NULL AS quiet FROM written`,
);

export async function queueManyDeliveries(db: Queryable, events: readonly QueuedEvent[], at: Date): Promise<number> {
  if (events.length === 0) return 0;
  const list = events.map((e) => ({ type: e.type, org_id: e.orgId, document_id: e.documentId, folder_id: e.folderId, payload: e.payload }));
  const [row] = await runStatement<{ written: number }>(db, QUEUE_MANY, { events: JSON.stringify(list), now: at.toISOString() });
  return Number(row?.written ?? 0);
}
