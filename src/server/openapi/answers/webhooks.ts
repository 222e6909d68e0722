/** The webhooks calls' answers (issue #34; shared/api/webhooks.ts, presenters/webhooks.ts; docs/webhooks.md). */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/api/webhooks.ts';
import { dateTime } from './list.ts';

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  folder_id: z.uuid().nullable(),
  folder_name: z.string().nullable(),
  enabled: z.boolean(),
  disabled_at: dateTime.nullable(),
  failing_since: dateTime.nullable(),
  /** After a rotation: until when the old secret still signs beside the new one (docs/webhooks.md); null otherwise. */
  previous_secret_expires_at: dateTime.nullable(),
  created_at: dateTime,
  created_by_username: z.string().nullable(),
}).meta({ id: 'WebhookEndpoint' });

/** POST webhooks and rotate-secret: the secret, this once. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string().regex(/^whsec_/) }).meta({ id: 'WebhookEndpointWithSecret' });

export const webhookAttempt = z.object({
  id: z.uuid(),
  delivery_id: z.uuid(),
  event_type: z.string(),
  at: dateTime,
  duration_ms: z.number().min(0),
  status_code: z.int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  response_head: z.string(),
  delivery_status: z.enum(['pending', 'delivered', 'failed']),
}).meta({ id: 'WebhookAttempt' });

/** A delivery queued (a re-send, a test event). */
export const queuedDelivery = z.object({ delivery_id: z.uuid() }).meta({ id: 'QueuedDelivery' });
