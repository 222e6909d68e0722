/** Retried writes (issue #40 item 10; docs/api.md "Retried writes"): the Idempotency-Key of every creating POST. */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';

/**
 * One Idempotency-Key of one caller on one address (http/idempotency.ts). The row is claimed — inserted,
 * committed — BEFORE the request's work runs, so a crash or a concurrent repeat can never run the work
 * twice; its answer is stored once the work has answered 2xx (`status` null: still in flight, or cut off
 * by a crash — never run again). A route marked `keySettledInWork` (the submissions) claims and answers
 * it inside the work's own transaction instead. A refused request (4xx, 5xx) gives its key up again. Rows older than
 * IDEMPOTENCY_KEY_HOURS are pruned by a background pass.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `user:{id}`, `token:{id}` or `share:{link id}`, with `@{organisation id}` when there is one. */
    scope: text('scope').notNull(),
    /** `POST /api/v1/…`: the method and the path the key was used on. */
    address: text('address').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's body (JSON with its object keys sorted): a repeat must carry the same. */
    requestHash: text('request_hash').notNull(),
    /** The first answer: null while the request is in flight. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.address, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
