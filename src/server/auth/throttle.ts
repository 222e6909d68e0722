/**
 * Throttling of sign-in and reset requests, per account and per IP. Attempts are rows in the database,
 * so every API process sees the same counts (DESIGN: scaling out).
 */
import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { lockForTransaction } from '../db/queries/locks.ts';
import { throttleEvents } from '../db/schema.ts';
import { tooManyRequests } from '../errors.ts';

export interface ThrottleRule {
  /** At most this many attempts… */
  limit: number;
  /** …within this window. */
  windowMs: number;
}

export const throttleRules = {
  /** Failed sign-ins of one account. */
  signInAccount: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one IP, whatever the account. */
  signInIp: { limit: 30, windowMs: 15 * 60_000 },
  /** Reset requests for one e-mail address. */
  resetAccount: { limit: 5, windowMs: 60 * 60_000 },
  /** Reset requests from one IP. */
  resetIp: { limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, ThrottleRule>;

/**
 * Admits an attempt and counts it at once, before it is judged, so attempts sent in parallel cannot
 * slip past a limit while the first ones are still being checked: per key, the count and the new row
 * are one step under a transaction-scoped advisory lock. A key at its limit answers 429 with
 * Retry-After and records nothing. Returns the recorded rows: an attempt that turns out not to count
 * (a correct password) is dropped with `forgetAttempt`.
 */
export async function admitAttempt(
  db: Queryable,
  checks: readonly { key: string; rule: ThrottleRule }[],
  now: Date,
): Promise<string[]> {
  // Locks are taken in one global order, so two attempts cannot deadlock.
  const ordered = [...checks].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    for (const { key, rule } of ordered) {
      await lockForTransaction(tx, key);
      await assertWithinLimit(tx, key, rule, now);
    }
    const ids: string[] = [];
    for (const { key } of ordered) ids.push(await recordAttempt(tx, key, now));
    return ids;
  });
}

/** Throws 429 with Retry-After when `key` has used up its attempts in the window. */
async function assertWithinLimit(db: Queryable, key: string, rule: ThrottleRule, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ n: count(), first: min(throttleEvents.at) })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.at, since)));
  if (!row || row.n < rule.limit || !row.first) return;
  const retryMs = new Date(row.first).getTime() + rule.windowMs - now.getTime();
  throw tooManyRequests(Math.max(1, Math.ceil(retryMs / 1000)));
}

export async function recordAttempt(db: Queryable, key: string, now: Date): Promise<string> {
  const id = uuidv7();
  await db.insert(throttleEvents).values({ id, key, at: now });
  return id;
}

/** Drops the rows of one admitted attempt. */
export async function forgetAttempt(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(throttleEvents).where(inArray(throttleEvents.id, [...ids]));
}

/** Forgets the attempts of a key (after a successful sign-in or a password reset). */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
}

/** Drops attempts older than every window: they count against no limit any more. */
export async function pruneAttempts(db: Queryable, now: Date): Promise<void> {
  const oldest = Math.max(...Object.values(throttleRules).map((r) => r.windowMs));
  await db.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - oldest)));
}

/** Prunes the attempts at start and then every `intervalMs`; the answer stops it (and waits for a pass under way). */
export function keepAttemptsPruned(db: Queryable, now: () => Date, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = pruneAttempts(db, now()).catch((err: unknown) => console.error('Pruning the throttle table failed:', err));
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * What was typed (a username, often a mistyped password; an address from X-Forwarded-For) is kept only
 * as a fixed-length hash: nothing readable is stored, and no key outgrows the index.
 */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

export const throttleKeys = {
  signInAccount: (username: string) => `sign-in:account:${digest(username.toLowerCase())}`,
  signInIp: (ip: string) => `sign-in:ip:${digest(ip)}`,
  resetAccount: (email: string) => `reset:account:${digest(email.toLowerCase())}`,
  resetIp: (ip: string) => `reset:ip:${digest(ip)}`,
};
