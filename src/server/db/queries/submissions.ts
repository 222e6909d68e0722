/** Storing checklist submissions once per Idempotency-Key. */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { checklistSubmissions } from '../schema.ts';

type NewSubmission = typeof checklistSubmissions.$inferInsert;

/**
 * Inserts a submission that carries an idempotency key, unless the same organisation, user and key already
 * have one (the partial unique index): the new row, or undefined when an earlier one holds the key. A
 * concurrent insert with the same key makes this wait for it to commit.
 */
export async function insertSubmissionOnce(tx: Queryable, values: NewSubmission): Promise<typeof checklistSubmissions.$inferSelect | undefined> {
  const [inserted] = await tx
    .insert(checklistSubmissions)
    .values(values)
    .onConflictDoNothing({
      target: [checklistSubmissions.orgId, checklistSubmissions.createdBy, checklistSubmissions.idempotencyKey],
      where: sql`idempotency_key is not null`,
    })
    .returning();
  return inserted;
}
