/**
 * Where a checklist's local draft is kept: one local-storage key per organisation, user and document.
 * Apart from the answers' logic (answer-state.ts), so the pages that find or remove drafts (home, the
 * document page's Reset Questions) load none of it.
 */
/** Who and what a draft belongs to (§4: per user, organisation and document). Empty parts are allowed (demo pages). */
export interface DraftOwner {
  userId?: string | null | undefined;
  orgId?: string | null | undefined;
  documentId?: string | null | undefined;
}

export const DRAFT_KEY_PREFIX = 'rb-checklist:draft';

/** The local-storage key of a draft: `rb-checklist:draft:{org}:{user}:{document}` ('-' for a part not known). */
export function draftKey(owner: DraftOwner): string {
  const part = (value: string | null | undefined) => (value ? encodeURIComponent(value) : '-');
  return `${DRAFT_KEY_PREFIX}:${part(owner.orgId)}:${part(owner.userId)}:${part(owner.documentId)}`;
}
