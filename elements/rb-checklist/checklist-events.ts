/**
 * The events `<rb-checklist>` emits (through elements/events.ts `emit`), typed in
 * `GlobalEventHandlersEventMap`: the checklist loaded or not, the answers submitted or refused.
 */
import type { ChecklistDocument, SharedChecklist } from './checklist-api.ts';

/** `rb-submitted`: the answers reached the server (`sent`, with the stored row) or wait on this device (`queued`). */
export type RbSubmittedDetail =
  | { status: 'sent'; key: string; documentId: string; row: unknown }
  | { status: 'queued'; key: string; documentId: string };

/** `rb-loaded`: the checklist the element loaded itself (with a share token: its link and organisation too). */
export interface RbLoadedDetail {
  checklist: ChecklistDocument | SharedChecklist;
}

/** `rb-load-failed`: the checklist could not be loaded; `words` is what the element shows instead. */
export interface RbLoadFailedDetail {
  status: number;
  detail: string;
  words: string;
}

export interface RbSubmitFailedDetail {
  documentId: string;
  /** The server's detail (or the error's message). */
  detail: string;
  status?: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rb-submitted': CustomEvent<RbSubmittedDetail>;
    'rb-submit-failed': CustomEvent<RbSubmitFailedDetail>;
    'rb-loaded': CustomEvent<RbLoadedDetail>;
    'rb-load-failed': CustomEvent<RbLoadFailedDetail>;
  }
}
