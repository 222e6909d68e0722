/**
 * How the activity log looks in the API's answers (ActivityEntry, shared/api/activity.ts): what each event
 * is about (`target`), where (`folder`) and who did it (`actor`), as those things are now.
 *
 * What an event names, by type (the recordActivity / activityRow calls of src/server/services):
 * - Folder*: the folder is the row's `folder_id`; where it is: `context.to_folder_id` (moved, copied) or
 *   `context.folder_id` (created, deleted, restored: its parent or the place it came back to); updates and
 *   ACL changes record no place.
 * - Document*: the document is the row's `document_id`; where: the row's `folder_id` (its folder, or the
 *   destination of a move or copy), named in `context.to_folder_name` / `context.folder_name`.
 * - DataSubmitted: the checklist is `document_id` (`context.sheet_id`, `sheet_name`), in `folder_id`;
 *   through a share link it has no actor, and `context.share_link_name` says who: `share: {name}`.
 * - ShareLink*: like Document* — the checklist whose link was made or revoked (`context.share_link_name`).
 * - User*: `context.user_id` (`username`); Role*: `context.role_id` (`name`).
 * - ApiToken* (issue #34): the token's owner, `context.user_id` (`username`); the token `context.token_name`.
 * - Invitation*: `context.email` (the address invited); InvitationAccepted also the user who joined
 *   (`context.user_id`, `username`); the actor of Accepted and Declined is the invitee.
 * The names an event recorded are shown only for what is gone; what still exists shows its name now.
 */
import type { ActivityEntry, ActivityTarget, ActivityType } from '../../shared/api/activity.ts';
import type { Doctype } from '../../shared/api/documentation.ts';
import { isUuid } from '../../shared/ids.ts';
import { shareAuthorOf } from '../../shared/api/share-links.ts';
import type { EventRow, ItemNow, PartyNow } from '../db/queries/activity-log.ts';

type Kind = ActivityTarget['kind'];

/** A thing an event names: its id and the name it had when the event was recorded. */
export interface Reference {
  kind: Kind;
  id: string;
  recordedName: string;
  recordedDoctype: Doctype | null;
}

export interface References {
  actor: Reference | null;
  target: Reference | null;
  folder: Reference | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): string | null => (typeof value === 'string' && isUuid(value) ? value : null);
const doctypeOf = (value: unknown): Doctype | null =>
  value === 'presentation' || value === 'form' || value === 'sheet' || value === 'report' ? value : null;

function reference(kind: Kind, rawId: unknown, recordedName: unknown, recordedDoctype: unknown = null): Reference | null {
  const found = id(rawId);
  return found === null ? null : { kind, id: found, recordedName: text(recordedName), recordedDoctype: doctypeOf(recordedDoctype) };
}

/** What one event names (ids and the names it recorded), by its type. */
export function referencesOf(event: EventRow): References {
  const c = event.context ?? {};
  const actor = reference('user', event.actor_id, null);
  const type = event.type;
  if (type.startsWith('Folder')) {
    const place = c.to_folder_id !== undefined ? reference('folder', c.to_folder_id, c.to_folder_name) : reference('folder', c.folder_id, c.folder_name);
    return { actor, target: reference('folder', event.folder_id, c.name), folder: place };
  }
  if (type.startsWith('Document') || type.startsWith('ShareLink')) {
    return {
      actor,
      target: reference('document', event.document_id, c.name, c.doctype),
      folder: reference('folder', event.folder_id, c.to_folder_name ?? c.folder_name),
    };
  }
  if (type === 'DataSubmitted') {
    return {
      actor,
      target: reference('document', event.document_id ?? c.sheet_id, c.sheet_name, 'form'),
      folder: reference('folder', event.folder_id ?? c.folder_id, c.folder_name),
    };
  }
  if (type.startsWith('User')) return { actor, target: reference('user', c.user_id, c.username), folder: null };
  if (type.startsWith('Invitation')) return { actor, target: reference('user', c.user_id, c.username), folder: null };
  // ApiToken*: the token's owner (context.user_id, username; the token itself is context.token_name).
  if (type.startsWith('ApiToken')) return { actor, target: reference('user', c.user_id, c.username), folder: null };
  if (type.startsWith('Role')) return { actor, target: reference('role', c.role_id, c.name), folder: null };
  return { actor, target: null, folder: null };
}

/** What the page's references are now, keyed by `${kind}:${id}`. */
export interface Now {
  items: Map<string, ItemNow>;
  parties: Map<string, PartyNow>;
}

export const keyOf = (kind: Kind, itemId: string) => `${kind}:${itemId}`;

function targetNow(ref: Reference | null, now: Now): ActivityTarget | null {
  if (ref === null) return null;
  const key = keyOf(ref.kind, ref.id);
  switch (ref.kind) {
    case 'document':
    case 'folder': {
      const item = now.items.get(key);
      const state = item === undefined ? 'gone' : item.trashed ? 'trashed' : 'live';
      const name = item?.name ?? ref.recordedName;
      const folderId = item === undefined ? null : item.trashed ? item.trashed_from : item.parent_id;
      if (ref.kind === 'folder') return { kind: 'folder', id: ref.id, name, state, folder_id: folderId };
      const doctype = item === undefined ? ref.recordedDoctype : doctypeOf(item.doctype);
      return { kind: 'document', id: ref.id, name, doctype, state, folder_id: folderId };
    }
    case 'user':
    case 'role': {
      const party = now.parties.get(key);
      return { kind: ref.kind, id: ref.id, name: party?.name ?? ref.recordedName, state: party?.live ? 'live' : 'gone' };
    }
  }
}

export function presentActivity(event: EventRow, refs: References, now: Now): ActivityEntry {
  const actorAccount = refs.actor === null ? undefined : now.parties.get(keyOf('user', refs.actor.id));
  return {
    id: event.id,
    activity_type: event.type as ActivityType,
    activity_time: event.at.toISOString(),
    // A submission through a share link has no actor: its link says who (`share: {name}`).
    username: actorAccount?.name ?? (refs.actor === null ? shareAuthorOf(event.context) : null),
    // The actor as they are now: null once their account is gone; `gone` once they left the organisation.
    actor: actorAccount === undefined ? null : targetNow(refs.actor, now),
    target: targetNow(refs.target, now),
    folder: targetNow(refs.folder, now),
    context_data: event.context ?? {},
  };
}
