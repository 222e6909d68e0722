/**
 * The fill page's first read (#29 "its one data read runs beside its modules"): the inline script of
 * ./share-read-bootstrap.js sends `GET share/checklist` with the address's token while the modules load;
 * rb-checklist's transport takes that answer once through `takeShareRead` (its `earlyRead`) instead of
 * asking again. So the page paints after one level beside the HTML: HTML → (modules ∥ checklist) → paint.
 */

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

/** The inline script's text: the bootstrap's function, its comments and indentation left out, called with the API base. */
export function shareReadScript(bootstrapSource: string, base: string): string {
  const code = bootstrapSource
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return `(${code})(${JSON.stringify(base.replace(/\/+$/, '')).replace(/</g, '\\u003c')});`;
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
