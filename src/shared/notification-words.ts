/**
 * A notification as one line (accounts §2 Notifications panel, Home's Recent Activity): who, what happened,
 * and the item's name. THE wording: the bell's panel and the dashboard say it this way (the dashboard's
 * markup, src/shared/first-paint/dashboard-panels.ts, is drawn by the server too). Pure, no DOM.
 */
import type { Notification } from './api/notifications.ts';

const WHAT_HAPPENED: Partial<Record<Notification['activity_type'], string>> = {
  FolderCreated: 'created the folder',
  FolderUpdated: 'edited the folder',
  FolderDeleted: 'deleted the folder',
  FolderRestored: 'restored the folder',
  FolderMoved: 'moved the folder',
  FolderCopied: 'copied the folder',
  FolderACLUpdated: 'changed the permissions of the folder',
  DocumentCreated: 'created',
  DocumentUpdated: 'edited',
  DocumentDeleted: 'deleted',
  DocumentRestored: 'restored',
  DocumentMoved: 'moved',
  DocumentCopied: 'copied',
  DocumentACLUpdated: 'changed the permissions of',
  DataSubmitted: 'submitted',
  AssignmentOverdue: 'assigned, now overdue,',
  OccurrenceMissed: 'scheduled a check that was missed:',
};

/** Who an assignment's event says it was handed to (FolderAssigned, DocumentAssigned: `context.assigned_to`). */
function assignedTo(context: Record<string, unknown>): { type?: unknown; name?: unknown } {
  const value = context.assigned_to;
  return value !== null && typeof value === 'object' ? (value as { type?: unknown; name?: unknown }) : {};
}

/** One notification as '{username} {what happened}' and the item's name (linked by the caller when `item` is set). */
export function notificationWords(n: Pick<Notification, 'activity_type' | 'username' | 'context_data' | 'item'>): { who: string; what: string; name: string } {
  const who = n.username ?? 'A former member';
  const what = WHAT_HAPPENED[n.activity_type] ?? n.activity_type;
  const context = n.context_data;
  const fromContext = [context.name, context.sheet_name, context.folder_name].find((v): v is string => typeof v === 'string');
  const name = n.item?.name ?? fromContext ?? '';
  if (n.activity_type === 'DataSubmitted') {
    const errors = typeof context.validation_errors === 'number' ? context.validation_errors : 0;
    return { who, what: errors > 0 ? `submitted (${errors} invalid)` : what, name };
  }
  if (n.activity_type === 'FolderAssigned' || n.activity_type === 'DocumentAssigned') {
    // Told to the assignees: 'ann assigned you: Fire drill', 'ann assigned Inspectors: Fire drill'.
    const to = assignedTo(context);
    const whom = to.type === 'user' || typeof to.name !== 'string' ? 'you' : to.name;
    return { who, what: `assigned ${whom}:`, name };
  }
  return { who, what, name };
}
