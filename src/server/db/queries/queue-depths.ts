/**
 * How much work waits (/metrics): mail not yet taken by the mail server (failed for good excluded) and
 * webhook deliveries pending, each with the age of its oldest in seconds (0 when empty).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../connection.ts';
import { rows } from '../rows.ts';

export interface QueueDepth {
  depth: number;
  oldestSeconds: number;
}

type Raw = { depth: number | string; oldest: number | string | null };

const depthOf = (r: Raw | undefined): QueueDepth => ({ depth: Number(r?.depth ?? 0), oldestSeconds: Math.max(0, Number(r?.oldest ?? 0)) });

export async function queueDepths(db: Database): Promise<{ mail: QueueDepth; webhooks: QueueDepth }> {
  const [mail] = await rows<Raw>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest from mail_queue where failed_at is null`,
  );
  const [webhooks] = await rows<Raw>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest from webhook_deliveries where status = 'pending'`,
  );
  return { mail: depthOf(mail), webhooks: depthOf(webhooks) };
}
