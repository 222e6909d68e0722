/**
 * `GET activity` (accounts §2 Activity Log, §3): the organisation's events, newest first, each with what
 * the log needs to say what happened and to link to it without another request.
 */
import type { Doctype } from './documentation.ts';

export type ActivityType =
  | 'FolderCreated'
  | 'FolderUpdated'
  | 'FolderDeleted'
  | 'FolderRestored'
  | 'FolderMoved'
  | 'FolderCopied'
  | 'FolderLabelsPrinted'
  | 'FolderACLUpdated'
  | 'DocumentCreated'
  | 'DocumentUpdated'
  | 'DocumentDeleted'
  | 'DocumentRestored'
  | 'DocumentMoved'
  | 'DocumentCopied'
  | 'DocumentACLUpdated'
  | 'DocumentAssigned'
  | 'FolderAssigned'
  // issue #44: context assignment_id, kind, assigned_to, username (Completed), due_at; schedules: schedule_id, name
  | 'AssignmentCompleted'
  | 'AssignmentOverdue'
  | 'OccurrenceMissed'
  | 'ScheduleCreated'
  | 'ScheduleUpdated'
  | 'ScheduleDeleted'
  | 'DataSubmitted'
  | 'ShareLinkCreated'
  | 'ShareLinkRevoked'
  | 'UserCreated'
  | 'UserUpdated'
  | 'UserDeleted'
  | 'RoleCreated'
  | 'RoleUpdated'
  | 'RoleDeleted'
  // who came and went (issue #32): context invitation_id, email; Accepted (the invitee joining) also user_id, username
  | 'InvitationSent'
  | 'InvitationAccepted'
  | 'InvitationDeclined'
  // personal API tokens (issue #34): context token_id, token_name, scope, user_id, username (the owner)
  | 'ApiTokenCreated'
  | 'ApiTokenUsed'
  | 'ApiTokenRevoked'
  // single sign-on (issue #48): context issuer, domains; Account* also user_id, username, email
  | 'SsoConnectionCreated'
  | 'SsoConnectionUpdated'
  | 'SsoConnectionDeleted'
  | 'SsoAccountCreated'
  | 'SsoAccountLinked'
  // an organisation's data to take away (issue #47, GDPR Art. 20): no context
  | 'OrganisationExported';

/**
 * What an event is about, as it is now: `live` links to it (document → its view page, and its history for
 * updates and submissions; folder → browse; user → /admin/users/{id}; role → /admin/roles/{id}),
 * `trashed` links to the trash of `folder_id` (the folder it was deleted from), `gone` is plain text.
 * `name` is the name now, or the one the event recorded when it is gone.
 */
export type ActivityTarget =
  | { kind: 'document'; id: string; name: string; doctype: Doctype | null; state: 'live' | 'trashed' | 'gone'; folder_id: string | null }
  | { kind: 'folder'; id: string; name: string; state: 'live' | 'trashed' | 'gone'; folder_id: string | null }
  | { kind: 'user'; id: string; name: string; state: 'live' | 'gone' }
  | { kind: 'role'; id: string; name: string; state: 'live' | 'gone' };

export interface ActivityEntry {
  id: string;
  activity_type: ActivityType;
  /** ISO date-time. */
  activity_time: string;
  /** Who did it: their username, or null when the account is gone. */
  username: string | null;
  /** The actor as a link target (a user page) while they are a member. */
  actor: ActivityTarget | null;
  /** What it is about (the item, user or role). */
  target: ActivityTarget | null;
  /** Where: the folder the item is in (or moved/copied to), when the event has one. */
  folder: ActivityTarget | null;
  /** The event's own record (names before and after, versions, validation_errors …). */
  context_data: Record<string, unknown>;
}

/**
 * How far past the page `GET activity`'s `total` counts exactly: an organisation with more events answers
 * `skip + limit + ACTIVITY_COUNT_AHEAD` — "at least that many" (src/server/services/activity-log.ts).
 */
export const ACTIVITY_COUNT_AHEAD = 1_000;

/** Whether a `total` of `GET activity` is a lower bound ("1,100+") rather than the exact count. */
export function activityTotalIsAtLeast(total: number, skip: number, limit: number): boolean {
  return total >= skip + limit + ACTIVITY_COUNT_AHEAD;
}

/** The log pages through events; `total` counts them (see ACTIVITY_COUNT_AHEAD). */
export interface ListActivityQuery {
  skip?: number;
  limit?: number;
}
