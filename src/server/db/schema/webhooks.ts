/**
 * Outgoing webhooks (issue #34; docs/webhooks.md): the endpoints an org admin registers, the deliveries
 * queued for them in the transaction of the event (services/webhooks/queue.ts) and every attempt made.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn, users } from './accounts.ts';
import { at, createdAt } from './columns.ts';
import { folders } from './documentation.ts';

/** An address that hears of an organisation's events; what it hears is what its registrant may read now. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    url: text('url').notNull(),
    /** The webhook event types it receives (WEBHOOK_EVENT_TYPES). */
    events: text('events').array().notNull(),
    /** Only items in this folder's subtree (null: the whole organisation). */
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    /** `whsec_…`, sealed with the app key (auth/app-key.ts, purpose 'webhook-secret'). */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, sealed as `secret` is: it signs beside it until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    /** The admin who registered it: deliveries are only for what they may read at the time of sending. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    enabled: boolean('enabled').notNull().default(true),
    /** When it was switched off after failing for a day (null: never, or switched on again). */
    disabledAt: at('disabled_at'),
    /** The first failed attempt since its last success (null: not failing). */
    failingSince: at('failing_since'),
    /** Backing off after a failed attempt: none of its deliveries is tried before then (a test event aside). */
    retryAt: at('retry_at'),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId)],
);

/** One event for one endpoint: the Standard Webhooks message (its id is `webhook-id`), tried until it is taken or a day has passed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    orgId: orgIdColumn(),
    eventType: text('event_type').notNull(),
    /** The item the event is about (the registrant's Read is checked on it when sending). */
    documentId: uuid('document_id'),
    folderId: uuid('folder_id'),
    /** The body sent: `{type, timestamp, data}`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** pending (due at next_attempt_at, or held by a sender until then), delivered, failed. */
    status: text('status').notNull().default('pending'),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** Attempts since it was queued or re-sent (the backoff counts them). */
    attempts: integer('attempts').notNull().default(0),
    /** When its retries began (queued or re-sent): they stop a day later. */
    retriesFrom: at('retries_from').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** One attempt of a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The answer's status (null: no answer — refused address, no connection, timeout). */
    statusCode: integer('status_code'),
    /** Why it failed without an answer, or what a failing answer meant (a redirect). */
    error: text('error'),
    /** The first KB of the answer's body. */
    responseHead: text('response_head').notNull().default(''),
    ok: boolean('ok').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at), index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
