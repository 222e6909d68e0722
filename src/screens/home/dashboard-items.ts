/**
 * What the dashboard knows in the browser alone (accounts §2 Home) — pure, no DOM: the local checklist
 * drafts found in storage, how many are listed, the failure texts of its buttons. (What its panels draw,
 * where an assignment leads and which of Claim / Unclaim / Complete it offers is markup shared with the
 * server: src/shared/first-paint/dashboard-panels.ts.)
 */
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
    let savedAt: string | null;
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
