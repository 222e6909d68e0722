/**
 * The fill page's first read (#29 "its one data read runs beside its modules"): the inline script of
 * ./share-read-bootstrap.js sends `GET share/checklist` with the address's token while the modules load;
 * rb-checklist's transport takes that answer once through `takeShareRead` (its `earlyRead`) instead of
 * asking again. So the page paints after one level beside the HTML: HTML → (modules ∥ checklist) → paint.
 */
import { inlineCall } from '../../client/inline-call.ts';

interface ShareRead {
  /** The address the read was sent to (the API base as the page was built with, + '/share/checklist'). */
  address: string;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __rbShareRead?: ShareRead;
  }
}

/** The share token of a fill page's address (`/fill/{token}`, `/embed/fill/{token}`): its last segment. */
export function shareTokenOfPath(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The inline script's text: the bootstrap's function called with the API base (THE inline call, src/shared/inline-call.ts). */
export function shareReadScript(bootstrapSource: string, base: string): string {
  return inlineCall(bootstrapSource, base.replace(/\/+$/, ''));
}

/**
 * Takes the kept read for a call, once: a GET of the same address (both resolved against `page`) with
 * the same bearer. Undefined when there is none, or the call is another.
 */
export function takeFrom(holder: { __rbShareRead?: ShareRead | undefined }, page: string, address: string, init: RequestInit): Promise<Response> | undefined {
  const read = holder.__rbShareRead;
  if (!read) return undefined;
  if ((init.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  if (new URL(address, page).href !== new URL(read.address, page).href) return undefined;
  if (new Headers(init.headers).get('Authorization') !== `Bearer ${read.token}`) return undefined;
  delete holder.__rbShareRead;
  return read.response;
}

/** rb-checklist's `earlyRead` on the fill pages. */
export const takeShareRead = (address: string, init: RequestInit): Promise<Response> | undefined => takeFrom(window, location.href, address, init);
