/**
 * Why rb-checklist could not load its checklist, in words (rb-checklist.element.ts shows them instead of
 * the checklist): a page on an origin the server does not list in EMBED_ORIGINS is told which origin to add
 * (issue #43: only a load that got no answer can be one; those words load then, ./cors-refusal.ts); a share
 * link refused says why (./share-refusal.ts); else 'Something went wrong when retrieving your checklist.'.
 */
import { ApiError } from '../../src/shared/transport/index.ts';
import { apiBaseOf } from '../shared/element-transport.ts';
import { LOAD_FAILED } from './messages.ts';
import { shareRefusal } from './share-refusal.ts';

/** The words shown instead of the checklist after `error`. */
export async function loadFailureWords(error: unknown, apiBase: string, shareToken: string): Promise<string> {
  const refusedHere =
    error instanceof ApiError && error.network
      ? await import('./cors-refusal.ts').then(({ corsRefusal }) => corsRefusal(error, apiBaseOf(apiBase))).catch(() => undefined)
      : undefined;
  return refusedHere ?? (shareToken ? shareRefusal(error) : LOAD_FAILED);
}
