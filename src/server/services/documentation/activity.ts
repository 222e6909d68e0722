/**
 * Activity events, written in the same transaction as the change they record: those of the documentation
 * tree, and the admin area's (users and roles, accounts §3), which only the activity log shows. They feed
 * the activity log, notifications and the dashboard (their own issues).
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
  | 'DocumentACLUpdated'
  | 'DataSubmitted';

/** The admin area's events (accounts §3): they name their user or role in `context`. */
export type AdminActivity = 'UserCreated' | 'UserUpdated' | 'UserDeleted' | 'RoleCreated' | 'RoleUpdated' | 'RoleDeleted';

export interface ActivityRecord {
  type: DocumentationActivity | AdminActivity;
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
