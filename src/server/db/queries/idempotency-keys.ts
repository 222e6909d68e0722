/**
 * The Idempotency-Key rows (schema/idempotency.ts) that http/idempotency.ts claims, answers, gives up and
 * prunes. A claim is ONE committed insert, made before the request's work runs: the primary key lets one
 * request of a caller's key on an address in, and every other one meets the row (in flight or answered).
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { idempotencyKeys } from '../schema.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyOf {
  scope: string;
  address: string;
  key: string;
}

const whereKey = (k: KeyOf) => and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.address, k.address), eq(idempotencyKeys.key, k.key));

/** Claims the key for a request: true when this request holds it now, false when a row is already there. */
export async function claimKey(db: Queryable, k: KeyOf, requestHash: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...k, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The key's row, if there is one. */
export async function keyRow(db: Queryable, k: KeyOf): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(whereKey(k));
  return row;
}

/** Stores the first answer of the request that holds the key. */
export async function answerKey(db: Queryable, k: KeyOf, answer: { status: number; contentType: string | null; body: string }, now: Date) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, answeredAt: now })
    .where(and(whereKey(k), isNull(idempotencyKeys.status)));
}

/** Gives up a claim whose request was refused (nothing was created): the key may be used again. */
export async function releaseKey(db: Queryable, k: KeyOf): Promise<void> {
  await db.delete(idempotencyKeys).where(and(whereKey(k), isNull(idempotencyKeys.status)));
}

/** Drops the key's row if it was claimed before `cutoff` (expired: the key is new again). */
export async function dropExpiredKey(db: Queryable, k: KeyOf, cutoff: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(whereKey(k), lt(idempotencyKeys.createdAt, cutoff)));
}

/** Drops every key claimed before `cutoff`; answers how many. */
export async function pruneKeys(db: Queryable, cutoff: Date): Promise<number> {
  const dropped = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return dropped.length;
}

/**
 * A key its route settles inside the work's own transaction (the checklist submissions: a kiosk's retry
 * must land once even across a crash): `claim` first in the transaction — false when another request
 * holds the key (on PostgreSQL a concurrent claim waits here for the other transaction to end), and the
 * work must not run — then `answer` with the answer, in the same transaction. A crash or a refusal rolls
 * both back with the work: nothing is kept, a retry does the work.
 */
export interface KeyInWork {
  claim(tx: Queryable): Promise<boolean>;
  /** The 201's JSON body, stored as the route will send it. */
  answer(tx: Queryable, status: number, body: unknown): Promise<void>;
}
