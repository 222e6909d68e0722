/**
 * Activity events: every area records its changes here, in the same transaction as the change, into one
 * table (activity_events). They feed the activity log, notifications (in-app and e-mail) and the dashboard.
 * Each event carries in `context` what a reader of the log needs without looking anything up: names,
 * from/to folders, versions.
 */
import type { ActivityType } from '../../shared/api/activity.ts';
import { uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { writeActivityEvent, type ActivityEventRow } from '../db/queries/activity-events.ts';
import { notifySubscribers } from './notifications/fan-out.ts';
import { queueWebhooks } from './webhooks/events.ts';

/** Every event type (named once, in the API's shapes: the activity log and notifications answer them). */
export type { ActivityType };

export interface ActivityRecord {
  type: ActivityType;
  orgId: string;
  /** Who did it; null for a submission through a share link (its context names the link: share_link_name). */
  actorId: string | null;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  /** What a reader of the log needs without looking anything up (DataSubmitted: DataSubmittedContext). */
  context: Record<string, unknown>;
}

/** What DataSubmitted's `context` holds: notifications for "validation errors only" subscriptions read `validation_errors`. */
export interface DataSubmittedContext {
  /** The checklist filled in (the spec's "sheet"): its id and name. */
  sheet_id: string;
  sheet_name: string;
  /** How many answers are not valid. */
  validation_errors: number;
  submission_id: string;
  version: number;
  folder_id: string;
  folder_name: string;
  /** Submitted through a share link (issue #29): no actor; the link's id and name ('share: {name}' is the author). */
  share_link_id?: string;
  share_link_name?: string;
}

/** The activity_events row of one event (for a statement that writes it together with its change). */
export function activityRow(record: ActivityRecord): ActivityEventRow {
  return {
    id: uuidv7(record.at.getTime()),
    orgId: record.orgId,
    type: record.type,
    actorId: record.actorId,
    at: record.at,
    folderId: record.folderId ?? null,
    documentId: record.documentId ?? null,
    context: record.context,
  };
}

/**
 * Writes one event, its subscribers' notifications (services/notifications/fan-out.ts) and its webhook
 * deliveries (services/webhooks/events.ts); `tx` is the transaction of the change it records. A caller
 * that writes an event with a fan-out of its own (assignments) or in its change's statement (a submission)
 * writes it with the same writer (db/queries/activity-events.ts), then calls `eventRecorded`.
 */
export async function recordActivity(tx: Queryable, record: ActivityRecord): Promise<void> {
  const row = activityRow(record);
  await writeActivityEvent(tx, row);
  await notifySubscribers(tx, row);
  await eventRecorded(tx, row);
}

/** What follows every recorded event in its transaction, wherever it was written: its webhook deliveries (issue #34). */
export async function eventRecorded(tx: Queryable, row: ReturnType<typeof activityRow>): Promise<void> {
  await queueWebhooks(tx, { ...row, type: row.type as ActivityType, actorId: row.actorId ?? null, context: row.context ?? {} });
}
