/**
 * What the dashboard's panels say and link to (accounts §2 Home: checklists in progress, assignments to
 * claim, favourites, recent activity) — pure, no DOM: the local checklist drafts found in storage, where an
 * assignment leads and which of Claim / Unclaim / Complete it offers. (A notification as one line is
 * src/screens/chrome/notification-words.ts: the bell's panel says it too.)
 */
import type { Assignment } from '../../shared/api/assignments.ts';
import { DRAFT_KEY_PREFIX } from '../../../elements/rb-checklist/draft-key.ts';

/** The spec's failure texts (accounts §8, documentation §8), and ours for completing. */
export const CLAIM_FAILED = 'Something went wrong claiming this assignment...';
export const UNCLAIM_FAILED = 'Something went wrong unclaiming this assignment...';
export const COMPLETE_FAILED = 'Something went wrong completing this assignment...';

/** At most this many drafts are listed (their names are read from the server, one call each). */
export const MAX_DRAFTS = 10;
/** How many notifications the recent activity panel shows. */
export const RECENT_ACTIVITY_LIMIT = 20;

/** A checklist the filler (rb-checklist) autosaved in this browser: `rb-checklist:draft:{org}:{user}:{document}`. */
export interface LocalDraft {
  orgId: string;
  userId: string;
  documentId: string;
  savedAt: string | null;
}

/** Whether a local-storage key is a checklist draft's (the filler's autosave). */
export const isDraftKey = (key: string): boolean => key.startsWith(`${DRAFT_KEY_PREFIX}:`);

/** The drafts among local-storage entries, newest first (unparseable entries are left out). */
export function localDrafts(entries: Iterable<[string, string | null]>): LocalDraft[] {
  const drafts: LocalDraft[] = [];
  for (const [key, value] of entries) {
    if (!key.startsWith(`${DRAFT_KEY_PREFIX}:`)) continue;
    const parts = key.slice(DRAFT_KEY_PREFIX.length + 1).split(':');
    if (parts.length !== 3 || parts.some((p) => p === '-' || p === '')) continue;
    let savedAt: string | null = null;
    try {
      const parsed: unknown = JSON.parse(value ?? '');
      const at = typeof parsed === 'object' && parsed !== null ? (parsed as { savedAt?: unknown }).savedAt : undefined;
      savedAt = typeof at === 'string' && Number.isFinite(Date.parse(at)) ? at : null;
    } catch {
      continue;
    }
    try {
      const [orgId, userId, documentId] = parts.map(decodeURIComponent) as [string, string, string];
      drafts.push({ orgId, userId, documentId, savedAt });
    } catch {
      continue;
    }
  }
  return drafts.sort((a, b) => (b.savedAt ?? '').localeCompare(a.savedAt ?? ''));
}

/** Where an assignment leads: a folder to the browser, a document to its viewer, a correction to the submitted row. */
export function assignmentHref(a: Pick<Assignment, 'kind' | 'object_id' | 'submission_id'>): string {
  const seg = encodeURIComponent;
  if (a.kind === 'folder') return `/documentation/browse/${seg(a.object_id)}`;
  if (a.kind === 'correction' && a.submission_id) return `/documentation/view/${seg(a.object_id)}/${seg(a.submission_id)}`;
  return `/documentation/view/${seg(a.object_id)}`;
}

export type AssignmentAction = 'claim' | 'unclaim' | 'complete';

/**
 * What the dashboard offers on an assignment: Claim while unclaimed; Unclaim to its claimer (and to org
 * admins, as the API allows); Complete to the claimer of a correction (corrections are closed this way).
 */
export function offeredActions(a: Pick<Assignment, 'kind' | 'claimed' | 'claimed_by_username' | 'completed'>, me: { username: string; isOrgAdmin: boolean }): AssignmentAction[] {
  if (a.completed) return [];
  if (!a.claimed) return ['claim'];
  const mine = a.claimed_by_username === me.username;
  const actions: AssignmentAction[] = [];
  if (mine || me.isOrgAdmin) actions.push('unclaim');
  if (mine && a.kind === 'correction') actions.push('complete');
  return actions;
}

/** 'Checklist', 'Folder', 'Correction' …: the kind of an assignment as a word. */
export function assignmentKindWord(a: Pick<Assignment, 'kind' | 'doctype'>): string {
  if (a.kind === 'correction') return 'Corrective action';
  if (a.kind === 'folder') return 'Folder';
  switch (a.doctype) {
    case 'form':
      return 'Checklist';
    case 'sheet':
      return 'Result Sheet';
    case 'report':
      return 'Report';
    case 'presentation':
      return 'Presentation';
    default:
      return 'Document';
  }
}
