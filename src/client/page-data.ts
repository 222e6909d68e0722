/**
 * THE pick-up of a page's data (issue #42): the server writes the page data block into the HTML once
 * (src/server/http/page-data.ts: the page's reads, and the answers it made for the session cookie's
 * login or the fill page's link), the inline bootstrap (./page-data-bootstrap.js) sends the reads it did
 * not answer while the modules download, and a transport — the app's (./api.ts) and rb-checklist's on the
 * fill pages — takes each answer once, instead of asking again, and reads it like any answer of its own
 * (status, `{detail}`, a 401 signs out). So a page paints after one level beside the HTML at most.
 *
 * A call takes an answer by the NAME of the read it makes (its `pageRead`), never by matching its address:
 * a written answer only with the bearer it was made for (its digest, `sessionDigest`), a read the bootstrap
 * sent only with the same token.
 */
import { PAGE_DATA_ID, sessionDigest, type PageData, type PageReadName } from '../shared/page-data.ts';

interface EarlyRead {
  /** The token the read was sent with: only a call with the same bearer takes it. */
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** The reads the bootstrap sent, by name (./page-data-bootstrap.js). */
    __rbPageReads?: Partial<Record<PageReadName, EarlyRead>>;
    /** The addresses whose answers the page took from its HTML (the service worker reads them again, ./service-worker.ts). */
    __rbPageDataTaken?: string[];
  }
}

/** The block read, by the element it was read from (read once a page). */
let written: { from: unknown; data: PageData } | undefined;

/** The page data block the server wrote (empty when it wrote none: a worker's copy, a build served as is). */
function pageData(): PageData {
  const from = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (written?.from === from) return written.data;
  let data: PageData = {};
  try {
    if (from?.textContent) data = JSON.parse(from.textContent) as PageData;
  } catch {
    // not ours to read: the page asks for everything itself
  }
  written = { from, data };
  return data;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The transports' `early`: the answer to the page's first read `name` (a GET of `address`, as the transport
 * sends it: '/api/v1/auth/me', with its query), once — the one the server wrote for this call's bearer,
 * else the one the bootstrap sent for it with the same token. Undefined when there is none (the call asks
 * the network).
 */
export function takePageData(name: PageReadName, address: string, init: RequestInit): Promise<Response> | undefined {
  if (typeof window === 'undefined' || (init.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const bearer = new Headers(init.headers).get('Authorization')?.replace(/^Bearer /, '') ?? '';
  const data = pageData();
  const answer = data.answers?.[name];
  if (answer && data.session === sessionDigest(bearer)) {
    delete data.answers![name];
    (window.__rbPageDataTaken ??= []).push(address);
    return Promise.resolve(json(answer.status, answer.body));
  }
  const kept = window.__rbPageReads;
  const read = kept?.[name];
  if (!read || read.token !== bearer) return undefined;
  delete kept[name];
  return read.response;
}

/**
 * Forgets the page's data not taken yet: it was made for the organisation current when the page loaded,
 * so after a switch (created, chosen, joined) it would answer for the old one — home's first steps read
 * after creating an organisation took the 400 sent for no organisation (issue #43 item 13).
 */
export function forgetPageData(): void {
  if (typeof window === 'undefined') return;
  const data = pageData();
  if (data.answers) for (const name of Object.keys(data.answers)) delete data.answers[name as PageReadName];
  const kept = window.__rbPageReads;
  if (kept) for (const name of Object.keys(kept)) delete kept[name as PageReadName];
}
