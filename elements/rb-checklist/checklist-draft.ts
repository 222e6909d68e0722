/**
 * The local draft of a checklist in local storage (documentation §4: answers autosaved per user,
 * organisation and document, restored on reopen; Reset Questions clears them), and when queued
 * submissions were last sent. Small on purpose: the document page imports it for Reset Questions
 * without loading the element or the answers' logic. Storage that is unavailable (private mode, a
 * sandboxed frame) is treated as empty.
 */
import type { Draft } from './answer-state.ts';
import { draftKey, type DraftOwner } from './draft-key.ts';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(owner: DraftOwner): string | null {
  try {
    return storage()?.getItem(draftKey(owner)) ?? null;
  } catch {
    return null;
  }
}

/** Writes the draft; none (an untouched form's) removes it instead. */
export function writeDraft(owner: DraftOwner, draft: Draft | undefined): void {
  try {
    if (!draft) storage()?.removeItem(draftKey(owner));
    else storage()?.setItem(draftKey(owner), JSON.stringify(draft));
  } catch {
    // full or unavailable: the answers stay on screen, only the draft is lost
  }
}

export function clearDraft(owner: DraftOwner): void {
  try {
    storage()?.removeItem(draftKey(owner));
  } catch {
    // unavailable: nothing was saved
  }
}

const SENT_AT_KEY = 'rb-checklist:sent-at';

/** When waiting submissions were last sent from this browser, or undefined. */
export function readSentAt(): Date | undefined {
  try {
    const raw = storage()?.getItem(SENT_AT_KEY);
    const at = raw ? new Date(raw) : undefined;
    return at && Number.isFinite(at.getTime()) ? at : undefined;
  } catch {
    return undefined;
  }
}

export function writeSentAt(at: Date): void {
  try {
    storage()?.setItem(SENT_AT_KEY, at.toISOString());
  } catch {
    // unavailable: the time shows until the page is left
  }
}
