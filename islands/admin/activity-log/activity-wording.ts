/**
 * What the activity log says for each event (accounts §2 Activity Log: "links lead to item, folder,
 * trash, history, user or role pages"): '{username} {what happened}', as parts — plain text and links —
 * so the grid renders links without building HTML. Pure: the event in, the parts out.
 *
 * Links follow the target's state now (src/shared/api/activity.ts): a live document → its view page
 * (plus its history for DocumentUpdated, its results for DataSubmitted: issue #45); a live folder → the browser; something in the
 * trash → the trash of the folder it was deleted from; a live user or role → its admin page; gone →
 * its name as plain text.
 */
import { browsePath, historyPath, resultsPath, trashPath, viewPath } from '../../../src/shared/page-addresses.ts';
import type { ActivityEntry, ActivityTarget, ActivityType } from '../../../src/shared/api/activity.ts';
import type { Doctype } from '../../../src/shared/api/documentation.ts';
import { rolePath, userPath } from '../shared/admin-paths.ts';

export type ActivityPart = string | { text: string; href: string; label?: string };

/** Who did it when the account is gone. */
export const FORMER_MEMBER = 'A former member';

const DOCTYPE_WORDS: Record<Doctype, string> = { presentation: 'presentation', form: 'checklist', sheet: 'result sheet', report: 'report' };

/** 'the checklist', 'the folder', 'the user' … */
function kindWord(target: ActivityTarget | null, fallback: string): string {
  if (!target) return fallback;
  if (target.kind === 'document') return target.doctype ? DOCTYPE_WORDS[target.doctype] : 'document';
  return target.kind;
}

/** Where a target links to now; undefined when it is gone (plain text). */
export function targetHref(target: ActivityTarget): string | undefined {
  if (target.state === 'gone') return undefined;
  switch (target.kind) {
    case 'document':
      return target.state === 'live' ? viewPath(target.id) : target.folder_id ? trashPath(target.folder_id) : trashPath();
    case 'folder':
      return target.state === 'live' ? browsePath(target.id) : target.folder_id ? trashPath(target.folder_id) : trashPath();
    case 'user':
      return userPath(target.id);
    case 'role':
      return rolePath(target.id);
  }
}

/** A target as a part: a link while it can be reached, else its name. */
function named(target: ActivityTarget | null, fallbackName: string): ActivityPart {
  if (!target) return fallbackName;
  const href = targetHref(target);
  return href ? { text: target.name, href } : target.name;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What happened, per type: the verb phrase before the target, and what follows it. */
interface Phrase {
  verb: string;
  /** The kind of thing when the event names no target any more. */
  kind: string;
  /** 'in {folder}', 'to {folder}' — the event's folder, when it has one. */
  where?: 'in' | 'to' | 'from';
}

const PHRASES: Record<ActivityType, Phrase> = {
  FolderCreated: { verb: 'created', kind: 'folder', where: 'in' },
  FolderUpdated: { verb: 'updated', kind: 'folder' },
  FolderDeleted: { verb: 'deleted', kind: 'folder', where: 'from' },
  FolderRestored: { verb: 'restored', kind: 'folder', where: 'to' },
  FolderMoved: { verb: 'moved', kind: 'folder', where: 'to' },
  FolderCopied: { verb: 'copied', kind: 'folder', where: 'to' },
  FolderACLUpdated: { verb: 'changed the permissions of', kind: 'folder' },
  DocumentCreated: { verb: 'created', kind: 'document', where: 'in' },
  DocumentUpdated: { verb: 'updated', kind: 'document' },
  DocumentDeleted: { verb: 'deleted', kind: 'document', where: 'from' },
  DocumentRestored: { verb: 'restored', kind: 'document', where: 'to' },
  DocumentMoved: { verb: 'moved', kind: 'document', where: 'to' },
  DocumentCopied: { verb: 'copied', kind: 'document', where: 'to' },
  DocumentACLUpdated: { verb: 'changed the permissions of', kind: 'document' },
  DataSubmitted: { verb: 'submitted', kind: 'checklist' },
  FolderAssigned: { verb: 'assigned', kind: 'folder' },
  FolderLabelsPrinted: { verb: 'made the QR label sheet of', kind: 'folder' },
  DocumentAssigned: { verb: 'assigned', kind: 'document' },
  AssignmentCompleted: { verb: 'completed the assignment of', kind: 'document' },
  AssignmentOverdue: { verb: 'assigned, now overdue,', kind: 'document' },
  OccurrenceMissed: { verb: 'scheduled a check that was missed:', kind: 'checklist' },
  ScheduleCreated: { verb: 'scheduled', kind: 'checklist' },
  ScheduleUpdated: { verb: 'changed the schedule of', kind: 'checklist' },
  ScheduleDeleted: { verb: 'deleted the schedule of', kind: 'checklist' },
  ShareLinkCreated: { verb: 'made a share link to', kind: 'checklist' },
  ShareLinkRevoked: { verb: 'revoked a share link to', kind: 'checklist' },
  UserCreated: { verb: 'created', kind: 'user' },
  UserUpdated: { verb: 'updated', kind: 'user' },
  UserDeleted: { verb: 'removed', kind: 'user' },
  RoleCreated: { verb: 'created', kind: 'role' },
  RoleUpdated: { verb: 'updated', kind: 'role' },
  RoleDeleted: { verb: 'deleted', kind: 'role' },
  // Said whole by INVITATION_WORDS below.
  InvitationSent: { verb: 'invited', kind: 'user' },
  InvitationAccepted: { verb: 'accepted', kind: 'user' },
  InvitationDeclined: { verb: 'declined', kind: 'user' },
  // Said whole by TOKEN_WORDS below.
  ApiTokenCreated: { verb: 'created an API token of', kind: 'user' },
  ApiTokenUsed: { verb: 'used an API token of', kind: 'user' },
  ApiTokenRevoked: { verb: 'revoked an API token of', kind: 'user' },
  // Said whole by SSO_WORDS below.
  SsoConnectionCreated: { verb: 'connected single sign-on', kind: 'organization' },
  SsoConnectionUpdated: { verb: 'changed single sign-on', kind: 'organization' },
  SsoConnectionDeleted: { verb: 'disconnected single sign-on', kind: 'organization' },
  SsoAccountCreated: { verb: 'signed in through single sign-on', kind: 'user' },
  SsoAccountLinked: { verb: 'linked single sign-on to', kind: 'user' },
  // Said whole in describeActivity.
  OrganisationExported: { verb: 'exported the data of', kind: 'organization' },
};

/** Single sign-on (issue #48): the sentence after the actor's name; `issuer` is the provider's address. */
const SSO_WORDS: Partial<Record<ActivityType, (issuer: string) => string>> = {
  SsoConnectionCreated: (issuer) => ` connected the organization to the identity provider ${issuer}.`,
  SsoConnectionUpdated: (issuer) => ` changed the single sign-on connection (${issuer}).`,
  SsoConnectionDeleted: (issuer) => ` disconnected the organization from the identity provider ${issuer}.`,
  SsoAccountCreated: (issuer) => ` joined the organization, signed in by ${issuer}.`,
  SsoAccountLinked: (issuer) => ` linked their account to ${issuer}.`,
};

/** Who came and went (issue #32): the sentence after the actor's name. */
const INVITATION_WORDS: Partial<Record<ActivityType, (email: string) => string>> = {
  InvitationSent: (email) => ` invited ${email} to the organization.`,
  InvitationAccepted: () => ' accepted an invitation and joined the organization.',
  InvitationDeclined: () => ' declined an invitation to the organization.',
};

/**
 * Personal API tokens (issue #34): the sentence after the actor's name. `owner` is the token's user when
 * someone else (an admin) revoked it.
 */
const TOKEN_WORDS: Partial<Record<ActivityType, (name: string, owner: string | undefined) => string>> = {
  ApiTokenCreated: (name) => ` created the API token “${name}”.`,
  ApiTokenUsed: (name) => `’s API token “${name}” was used for the first time.`,
  ApiTokenRevoked: (name, owner) => (owner ? ` revoked ${owner}’s API token “${name}”.` : ` revoked the API token “${name}”.`),
};

/** The name an assignment's event recorded for its assignee (FolderAssigned, DocumentAssigned). */
function assigneeName(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? str((value as { name?: unknown }).name) : undefined;
}

/** The events whose document also links to its history. */
const WITH_HISTORY: ReadonlySet<ActivityType> = new Set(['DocumentUpdated']);

/**
 * The log's sentence for one event, e.g. ['ann', ' created the role ', {text: 'Auditors', href:
 * '/admin/roles/…'}, '.'] — the first part is who did it (a link to their user page while they are a
 * member). An unknown type still reads as a sentence.
 */
export function describeActivity(entry: ActivityEntry): ActivityPart[] {
  const actorName = entry.username ?? FORMER_MEMBER;
  const actor: ActivityPart = entry.actor && entry.actor.state === 'live' && entry.username ? { text: actorName, href: userPath(entry.actor.id) } : actorName;
  const phrase = PHRASES[entry.activity_type] as Phrase | undefined;
  const context = entry.context_data ?? {};
  const invitation = INVITATION_WORDS[entry.activity_type];
  if (invitation) return [actor, invitation(str(context.email) ?? 'someone')];
  if (entry.activity_type === 'OrganisationExported') return [actor, ' exported the organization’s data.'];
  const sso = SSO_WORDS[entry.activity_type];
  if (sso) return [actor, sso(str(context.issuer) ?? 'the identity provider')];
  const token = TOKEN_WORDS[entry.activity_type];
  if (token) {
    const owner = str(context.user_id) !== undefined && context.user_id !== entry.actor?.id ? (entry.target?.name ?? str(context.username)) : undefined;
    return [actor, token(str(context.token_name) ?? 'API token', owner)];
  }
  const fallbackName = str(context.name) ?? str(context.sheet_name) ?? str(context.username) ?? '';
  if (!phrase) return [actor, ` ${entry.activity_type}`, ...(fallbackName ? [' ', named(entry.target, fallbackName)] : []), '.'];

  const target = entry.target;
  const parts: ActivityPart[] = [actor, ` ${phrase.verb} the ${kindWord(target, phrase.kind)} `, named(target, fallbackName || `(${phrase.kind})`)];

  const previous = str(context.previous_name);
  if ((entry.activity_type === 'FolderUpdated' || entry.activity_type === 'RoleUpdated') && previous && target && previous !== target.name) {
    parts.push(` (formerly ${previous})`);
  }
  if (entry.activity_type === 'UserDeleted') parts.push(' from the organization');
  const assignee = assigneeName(context.assigned_to);
  if (assignee) parts.push(` to ${assignee}`);
  if (phrase.where && entry.folder) parts.push(` ${phrase.where} `, named(entry.folder, entry.folder.name));
  if (entry.activity_type === 'DataSubmitted') {
    const errors = context.validation_errors;
    const count = Array.isArray(errors) ? errors.length : typeof errors === 'number' ? errors : 0;
    if (count > 0) parts.push(count === 1 ? ' with 1 validation error' : ` with ${count} validation errors`);
  }
  parts.push('.');
  if (WITH_HISTORY.has(entry.activity_type) && target?.kind === 'document' && target.state === 'live') {
    parts.push(' ', { text: 'History', href: historyPath(target.id), label: `History of ${target.name}` });
  }
  // A submission links to its checklist's results (issue #45): every submission, charted.
  if (entry.activity_type === 'DataSubmitted' && target?.kind === 'document' && target.state === 'live') {
    parts.push(' ', { text: 'Results', href: resultsPath(target.id), label: `Results of ${target.name}` });
  }
  return parts;
}

/** The sentence as plain text (for tests and for the link-free reading). */
export function activityText(entry: ActivityEntry): string {
  return describeActivity(entry)
    .map((part) => (typeof part === 'string' ? part : part.text))
    .join('');
}
