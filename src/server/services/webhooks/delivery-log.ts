/**
 * The delivery log's writer of successes (issue #46): the successful attempts of every endpoint's group
 * are logged and marked delivered together, in ONE transaction for all that finished while the previous
 * one was being written (a group commit), instead of a transaction per endpoint group. A group waits
 * until its own successes are committed (its slots stay taken until then, so `idle()` still means logged);
 * a group that finished during a write is in the next one, so a slow endpoint never holds another's log.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { ClaimedDelivery } from '../../db/queries/webhooks.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** Successes one transaction logs at most (its INSERT's parameters stay far below PostgreSQL's 65,535). */
const WRITE_AT_MOST = 500;

/** A successful attempt to log: its delivery, its endpoint as the sender read it, and its attempt row. */
export interface Success {
  d: ClaimedDelivery;
  endpoint: EndpointRow;
  attempt: typeof webhookAttempts.$inferInsert;
}

interface Waiting {
  successes: Success[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class SuccessLog {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  /** Resolves once `successes` are committed (with whatever else waited beside them); rejects when that write failed. */
  write(successes: Success[]): Promise<void> {
    if (successes.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ successes, resolve, reject });
      this.next();
    });
  }

  /** Writes everything waiting in one transaction, unless a write is under way (it starts the next when done). */
  private next(): void {
    if (this.writing || this.waiting.length === 0) return;
    // Whole groups, oldest first, up to WRITE_AT_MOST successes (one group at least); the rest wait for the next.
    let taken = 0;
    let count = 0;
    while (taken < this.waiting.length && (taken === 0 || count + this.waiting[taken]!.successes.length <= WRITE_AT_MOST)) {
      count += this.waiting[taken]!.successes.length;
      taken += 1;
    }
    const batch = this.waiting.splice(0, taken);
    this.writing = true;
    this.commit(batch.flatMap((w) => w.successes))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.writing = false;
        this.next();
      });
  }

  /**
   * Only deliveries still there (an endpoint deleted meanwhile took its own away), held until the commit:
   * endpoints first, then deliveries, the order a delete's cascade takes them in; the attempts in one
   * INSERT, the deliveries marked in one UPDATE, endpoints that were failing forgotten in id order.
   */
  private async commit(successes: Success[]): Promise<void> {
    const endpointIds = [...new Set(successes.map((s) => s.endpoint.id))].sort();
    await this.db.transaction(async (tx) => {
      await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)).for('key share');
      const still = new Set(
        (
          await tx
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(inArray(webhookDeliveries.id, successes.map((s) => s.d.id)))
            .for('key share')
        ).map((r) => r.id),
      );
      const kept = successes.filter((s) => still.has(s.d.id));
      if (kept.length === 0) return;
      await tx.insert(webhookAttempts).values(kept.map((s) => s.attempt));
      await tx
        .update(webhookDeliveries)
        .set({ status: 'delivered' })
        .where(inArray(webhookDeliveries.id, kept.map((s) => s.d.id)));
      const recovered = [...new Set(kept.filter((s) => s.endpoint.failingSince !== null || s.endpoint.retryAt !== null).map((s) => s.endpoint.id))].sort();
      for (const id of recovered) await tx.update(webhookEndpoints).set({ failingSince: null, retryAt: null }).where(eq(webhookEndpoints.id, id));
    });
  }
}
