/** The activity log's copies of an erased person's name and address (services/account-erasure.ts). */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { activityEvents } from '../schema.ts';

/** Overwrites, in every event whose context names `userId` as its `user_id`, the keys `erased` holds. */
export async function eraseFromActivityLog(db: Queryable, userId: string, erased: Record<string, string>): Promise<void> {
  await db
    .update(activityEvents)
    .set({ context: sql`${activityEvents.context} || ${JSON.stringify(erased)}::jsonb` })
    .where(sql`${activityEvents.context}->>'user_id' = ${userId}`);
}
