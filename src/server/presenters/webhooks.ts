/** How webhook endpoints and their delivery log look in the API's answers (shapes in shared/api/webhooks.ts). */
import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '../../shared/api/webhooks.ts';
import type { webhookAttempts, webhookEndpoints } from '../db/schema.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface EndpointView {
  row: EndpointRow;
  folderName: string | null;
  createdByUsername: string | null;
}

/** An endpoint as it is at `now` (the old secret's overlap shown only while it lasts). */
export function presentWebhook({ row, folderName, createdByUsername }: EndpointView, now: Date): WebhookEndpoint {
  const overlap = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    folder_id: row.folderId,
    folder_name: row.folderId ? folderName : null,
    enabled: row.enabled,
    disabled_at: row.disabledAt ? row.disabledAt.toISOString() : null,
    failing_since: row.failingSince ? row.failingSince.toISOString() : null,
    previous_secret_expires_at: overlap ? overlap.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    created_by_username: createdByUsername,
  };
}

/** The endpoint with its secret as it is: answered once, when it is made or rotated. */
export function presentWebhookWithSecret(view: EndpointView, now: Date, secret: string): WebhookEndpointWithSecret {
  return { ...presentWebhook(view, now), secret };
}

export function presentWebhookAttempt(row: AttemptRow, delivery: { eventType: string; status: string }): WebhookAttempt {
  return {
    id: row.id,
    delivery_id: row.deliveryId,
    event_type: delivery.eventType,
    at: row.at.toISOString(),
    duration_ms: row.durationMs,
    status_code: row.statusCode,
    ok: row.ok,
    error: row.error,
    response_head: row.responseHead,
    delivery_status: delivery.status === 'delivered' || delivery.status === 'failed' ? delivery.status : 'pending',
  };
}
