/**
 * Outgoing webhooks (issue #34; docs/webhooks.md): the endpoints an org admin registers under
 * /admin/webhooks, the events they receive and the delivery log. Zod-free shapes; the request schemas are
 * in ./webhooks-schemas.ts.
 */

/** Every event an endpoint may receive, as its `type` is sent (Standard Webhooks: `{type, timestamp, data}`). */
export const WEBHOOK_EVENT_TYPES = [
  'checklist.submitted',
  'checklist.validation_failed',
  'document.published',
  'assignment.created',
  'assignment.claimed',
  'assignment.completed',
  'assignment.due',
  'occurrence.missed',
  'member.joined',
  'member.left',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The words of each event in the admin area. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'checklist.submitted': 'A checklist submitted',
  'checklist.validation_failed': 'A submission that failed validation',
  'document.published': 'A document published',
  'assignment.created': 'An assignment created',
  'assignment.claimed': 'An assignment claimed',
  'assignment.completed': 'An assignment completed',
  'assignment.due': 'A scheduled check due',
  'occurrence.missed': 'A scheduled check missed',
  'member.joined': 'A member joined',
  'member.left': 'A member left',
};

/** The test event (POST webhooks/{id}/test): sent whatever the endpoint's events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** How much of an answer's body the delivery log keeps. */
export const WEBHOOK_RESPONSE_HEAD_BYTES = 1024;

/** An endpoint as its admins see it (never its secret, but once: WebhookEndpointWithSecret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** Only items in this folder's subtree; null: the whole organisation. */
  folder_id: string | null;
  folder_name: string | null;
  /** False once it has failed for a day (the admins were told); saving it with enabled: true switches it on. */
  enabled: boolean;
  disabled_at: string | null;
  /** The first failed attempt since its last success; null while it is not failing. */
  failing_since: string | null;
  /**
   * After a rotation, until when the old secret still signs beside the new one (two signatures in
   * webhook-signature; WEBHOOK_SECRET_OVERLAP_HOURS); null when it signs no more (or was never rotated).
   */
  previous_secret_expires_at: string | null;
  created_at: string;
  /** Who registered it: deliveries carry only what they may read at the time. */
  created_by_username: string | null;
}

/** POST webhooks and POST webhooks/{id}/rotate-secret answer the secret, this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: string;
}

/** One attempt of one delivery, newest first in GET webhooks/{id}/deliveries. */
export interface WebhookAttempt {
  id: string;
  delivery_id: string;
  event_type: string;
  /** When the attempt started (ISO). */
  at: string;
  duration_ms: number;
  /** The answer's status; null when there was none (refused address, no connection, timeout). */
  status_code: number | null;
  ok: boolean;
  error: string | null;
  /** The first KB of the answer. */
  response_head: string;
  /** Where the delivery stands now: pending (a retry is due), delivered, failed (given up). */
  delivery_status: 'pending' | 'delivered' | 'failed';
}

/** POST webhooks / PUT webhooks/{id}. */
export interface WebhookEndpointBody {
  url: string;
  events: WebhookEventType[];
  folder_id?: string | null;
  /** PUT only: switch a disabled endpoint back on (or off). */
  enabled?: boolean;
}
