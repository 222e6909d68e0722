/**
 * Which activity events a webhook hears (docs/webhooks.md "Events"), and the body sent for each:
 * Standard Webhooks' `{type, timestamp, data}`, `data` being the event's own record (names, versions,
 * validation errors…) with the ids of the organisation, the actor and the item. Queued by `queueWebhooks`
 * in the event's own transaction (services/activity.ts calls it for every event it records).
 */
import type { ActivityType } from '../../../shared/api/activity.ts';
import type { WebhookEventType } from '../../../shared/api/webhooks.ts';
import type { Queryable } from '../../db/connection.ts';
import { queueDeliveries, type QueuedEvent } from '../../db/queries/webhooks.ts';

/** An event as it is recorded (an activity_events row, or an assignment's claim or completion). */
export interface WebhookSource {
  id: string;
  type: ActivityType | 'AssignmentClaimed' | 'AssignmentCompleted';
  orgId: string;
  actorId: string | null;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  context: Record<string, unknown>;
}

/** The webhook events of one recorded event (a failing submission is both submitted and validation_failed). */
export function webhookTypesOf(source: { type: string; context?: Record<string, unknown> }): WebhookEventType[] {
  switch (source.type as WebhookSource['type']) {
    case 'DataSubmitted':
      return Number(source.context?.validation_errors ?? 0) > 0 ? ['checklist.submitted', 'checklist.validation_failed'] : ['checklist.submitted'];
    case 'DocumentCreated':
    case 'DocumentUpdated':
      return ['document.published'];
    case 'DocumentAssigned':
    case 'FolderAssigned':
      return ['assignment.created'];
    case 'AssignmentClaimed':
      return ['assignment.claimed'];
    case 'AssignmentCompleted':
      return ['assignment.completed'];
    case 'OccurrenceMissed':
      return ['occurrence.missed'];
    case 'UserCreated':
    case 'InvitationAccepted':
      return ['member.joined'];
    case 'UserDeleted':
      return ['member.left'];
    default:
      return [];
  }
}

/** The `data` of an event's webhooks: its own record with the ids of the organisation, the actor and the item. */
export function webhookData(source: Omit<WebhookSource, 'type' | 'at'>): Record<string, unknown> {
  return {
    event_id: source.id,
    organization_id: source.orgId,
    actor_id: source.actorId,
    document_id: source.documentId ?? null,
    folder_id: source.folderId ?? null,
    ...source.context,
  };
}

/** The body of one webhook event: `{type, timestamp, data}` (the submission's statement builds the same in SQL). */
export function webhookPayload(type: string, source: WebhookSource): Record<string, unknown> {
  return { type, timestamp: source.at.toISOString(), data: webhookData(source) };
}

/**
 * Queues the deliveries of one event inside its transaction: one statement per webhook event type it is
 * (none for the others), writing a row for each enabled endpoint of the organisation that receives it.
 */
export async function queueWebhooks(tx: Queryable, source: WebhookSource): Promise<void> {
  for (const type of webhookTypesOf(source)) {
    const event: QueuedEvent = {
      type,
      orgId: source.orgId,
      documentId: source.documentId ?? null,
      folderId: source.folderId ?? null,
      payload: webhookPayload(type, source),
      at: source.at,
    };
    await queueDeliveries(tx, event);
  }
}
