/** Whether any enabled endpoint of an organisation receives one of some webhook event types (a read before a write decides its shape). */
import { and, arrayOverlaps, eq } from 'drizzle-orm';
import type { WebhookEventType } from '../../../shared/api/webhooks.ts';
import type { Queryable } from '../../db/connection.ts';
import { webhookEndpoints } from '../../db/schema.ts';

export async function webhooksListen(db: Queryable, orgId: string, types: readonly WebhookEventType[]): Promise<boolean> {
  if (types.length === 0) return false;
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.enabled, true), arrayOverlaps(webhookEndpoints.events, [...types])))
    .limit(1);
  return row !== undefined;
}
