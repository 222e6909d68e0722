/**
 * Activity events of checklists, written in the same transaction as the change they record (the same
 * table and shape as the documentation tree's events, services/documentation/activity.ts).
 */
import { uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { activityEvents } from '../../db/schema.ts';

export interface DataSubmittedEvent {
  orgId: string;
  actorId: string;
  at: Date;
  documentId: string;
  folderId: string;
  context: {
    /** The checklist filled in (the spec's "sheet"): its id and name. */
    sheet_id: string;
    sheet_name: string;
    /** How many answers are not valid: notifications for "validation errors only" subscriptions look at this. */
    validation_errors: number;
    submission_id: string;
    version: number;
    folder_id: string;
    folder_name: string;
  };
}

export async function recordDataSubmitted(tx: Queryable, event: DataSubmittedEvent): Promise<void> {
  await tx.insert(activityEvents).values({
    id: uuidv7(event.at.getTime()),
    orgId: event.orgId,
    type: 'DataSubmitted',
    actorId: event.actorId,
    at: event.at,
    folderId: event.folderId,
    documentId: event.documentId,
    context: event.context,
  });
}
