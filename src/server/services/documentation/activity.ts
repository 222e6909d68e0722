/**
 * Activity events of the documentation tree, written in the same transaction as the change they
 * record. They feed the activity log, notifications and the dashboard (their own issues).
 */
import { uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { activityEvents } from '../../db/schema.ts';

export type DocumentationActivity =
  | 'FolderCreated'
  | 'FolderUpdated'
  | 'FolderDeleted'
  | 'FolderRestored'
  | 'FolderMoved'
  | 'FolderCopied'
  | 'FolderACLUpdated'
  | 'DocumentCreated'
  | 'DocumentUpdated'
  | 'DocumentDeleted'
  | 'DocumentRestored'
  | 'DocumentMoved'
  | 'DocumentCopied'
  | 'DocumentACLUpdated';

export interface ActivityRecord {
  type: DocumentationActivity;
  orgId: string;
  actorId: string;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  /** What a reader of the log needs without looking anything up: names, from/to folders, versions. */
  context: Record<string, unknown>;
}

export async function recordActivity(tx: Queryable, record: ActivityRecord): Promise<void> {
  await tx.insert(activityEvents).values({
    id: uuidv7(record.at.getTime()),
    orgId: record.orgId,
    type: record.type,
    actorId: record.actorId,
    at: record.at,
    folderId: record.folderId ?? null,
    documentId: record.documentId ?? null,
    context: record.context,
  });
}
