/**
 * The transport of an element that calls the API itself (standalone on other sites, or inside the app):
 * the one transport (src/shared/transport) with the element's `api-base` and `token` as they are at each
 * call. A refused token (401) is told to the page as `rb-unauthorized` (bubbling, composed): the app signs
 * out, another site may sign in again and hand the element a new token.
 */
import type { PageReadName } from '../../src/shared/page-data.ts';
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
  /** The page data's answer to a call that names its first read (src/client/page-data.ts: `takePageData`), taken once. */
  earlyRead?: ((name: PageReadName, address: string, init: RequestInit) => Promise<Response> | undefined) | undefined;
}

/**
 * The API base an element calls: its `api-base` as given, except that a relative one (the default
 * '/api/v1', or none) names the API beside this script when the page is on another origin — a page of a
 * CMS that loads /elements/ringbinder.js from https://ringbinder.example calls https://ringbinder.example/api/v1
 * without saying so (issue #29). In the app, and on the /fill/ pages, script and page share the origin
 * and the base stays as it is. `script` is this module's address (a chunk served beside the elements).
 */
export function apiBaseOf(apiBase: string, script: string = import.meta.url, page: string | undefined = globalThis.location?.href): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(apiBase)) return apiBase;
  let scriptUrl: URL;
  try {
    scriptUrl = new URL(script);
  } catch {
    return apiBase;
  }
  if (!/^https?:$/.test(scriptUrl.protocol) || !page || new URL(page).origin === scriptUrl.origin) return apiBase;
  return new URL(apiBase || '/api/v1', scriptUrl).href;
}

/**
 * The element's transport. `holdUnauthorized` answers true while the element will tell of a 401 itself,
 * later (rb-checklist keeps a refused submission on the device first).
 */
export function elementTransport(host: ElementCaller, holdUnauthorized: () => boolean = () => false): Transport {
  return createTransport({
    base: () => apiBaseOf(host.apiBase),
    token: () => host.shareToken || host.token,
    early: (name, address, init) => host.earlyRead?.(name, address, init),
    onUnauthorized: (error) => {
      if (!holdUnauthorized()) emitUnauthorized(host, error);
    },
  });
}
