/**
 * The transport of an element that calls the API itself (standalone on other sites, or inside the app):
 * the one transport (src/shared/transport) with the element's `api-base` and `token` as they are at each
 * call. A refused token (401) is told to the page as `rb-unauthorized` (bubbling, composed): the app signs
 * out, another site may sign in again and hand the element a new token.
 */
import { createTransport, type ApiError, type Transport } from '../../src/shared/transport/index.ts';
import { emit } from '../events.ts';

/** `rb-unauthorized`: the API refused the element's token (status 401, with the server's detail). */
export interface RbUnauthorizedDetail {
  status: number;
  detail: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rb-unauthorized': CustomEvent<RbUnauthorizedDetail>;
  }
}

/** Tells the page that the element's token was refused. */
export function emitUnauthorized(host: HTMLElement, error: ApiError): void {
  emit(host, 'rb-unauthorized', { status: error.status, detail: error.detail });
}

export interface ElementCaller extends HTMLElement {
  apiBase: string;
  token: string;
  /** A share link's token (rb-checklist's `share-token`): when set, it is the bearer instead of `token`. */
  shareToken?: string;
  /** An answer the page's HTML already asked for (its first read), taken once by the call it matches. */
  earlyRead?: ((address: string, init: RequestInit) => Promise<Response> | undefined) | undefined;
}

/**
 * The element's transport. `holdUnauthorized` answers true while the element will tell of a 401 itself,
 * later (rb-checklist keeps a refused submission on the device first).
 */
export function elementTransport(host: ElementCaller, holdUnauthorized: () => boolean = () => false): Transport {
  return createTransport({
    base: () => host.apiBase,
    token: () => host.shareToken || host.token,
    early: (address, init) => host.earlyRead?.(address, init),
    onUnauthorized: (error) => {
      if (!holdUnauthorized()) emitUnauthorized(host, error);
    },
  });
}
