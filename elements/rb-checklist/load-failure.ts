/**
 * Why rb-checklist could not load its checklist, in words (rb-checklist.element.ts shows them instead of
 * the checklist): a page on an origin the server does not list in EMBED_ORIGINS is told which origin to add
 * (issue #43: only a load that got no answer can be one; those words load then, ./cors-refusal.ts); a share
 * link refused says why (./share-refusal.ts); else 'The checklist could not be loaded'. A load that got no
 * answer (`offline`) is tried again by the element.
 */
import { ApiError } from '../../src/shared/transport/index.ts';
import { apiBaseOf } from '../shared/element-transport.ts';
import { LOAD_FAILED } from './messages.ts';
import { shareRefusal } from './share-refusal.ts';

interface LoadFailure {
  words: string;
  /** No answer came (the network): tried again. */
  offline: boolean;
  status: number;
  detail: string;
}

export async function loadFailure(error: unknown, apiBase: string, shareToken: string): Promise<LoadFailure> {
  const offline = error instanceof ApiError && error.network;
  const refusedHere = offline
    ? await import('./cors-refusal.ts').then(({ corsRefusal }) => corsRefusal(error, apiBaseOf(apiBase))).catch(() => undefined)
    : undefined;
  return {
    words: refusedHere ?? (shareToken ? shareRefusal(error) : LOAD_FAILED),
    offline,
    status: error instanceof ApiError ? error.status : 0,
    detail: error instanceof ApiError ? error.detail : String(error),
  };
}
