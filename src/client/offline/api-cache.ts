/**
 * The API answers the service worker keeps for offline use, as pure functions of addresses: which reads
 * are kept, and the cache key that ties a kept answer to the login session that asked for it. The pages
 * import this too (src/client/service-worker.ts), so it stays free of the route table and the API client.
 */
import * as paths from '../../shared/api/paths.ts';
import { ROOT } from '../../shared/api/documentation.ts';

/** The runtime cache of kept API answers (the pages delete it whenever nobody is signed in). */
export const API_CACHE = 'rb-api';

/**
 * The API reads kept for offline use, as paths below the API base. Network first, so these are only
 * answered from the cache when the network fails:
 * - `auth/me`: the signed-in pages' guard loads the user before anything shows;
 * - `documentation/folders/root`: the breadcrumbs leave out the root by its id;
 * - `documentation/documents/{id}`: an opened checklist (or any document) can be reopened offline.
 * Everything else (lists, rows, media, versions, writes) always goes to the network.
 */
const KEPT_API_READS: readonly ((path: string) => boolean)[] = [
  (path) => path === paths.auth.me,
  (path) => path === paths.documentation.folder(ROOT),
  (path) => new RegExp(`^${paths.documentation.documents}/[^/]+$`).test(path),
];

/**
 * Whether a request is one of the kept API reads: a GET to the API base (an absolute address, e.g.
 * `http://host/api/v1`), with a bearer token — the answers are the token owner's.
 */
export function isKeptApiRead(request: { method: string; url: string; authorization: string | null }, apiBase: string): boolean {
  if (request.method !== 'GET' || !request.authorization) return false;
  const url = new URL(request.url);
  const base = new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return false;
  const path = url.pathname.slice(base.pathname.length);
  return KEPT_API_READS.some((kept) => kept(path));
}

/**
 * The runtime cache of a share link's checklist (#29), apart from the signed-in reads: a kiosk station on
 * a share link (`/fill/{token}?kiosk=1`) has nobody signed in, and the pages empty API_CACHE whenever
 * nobody is. Keyed per token like the signed-in reads (apiCacheKey).
 */
export const SHARE_CACHE = 'rb-share';

/** Whether a request is a share link's checklist read (`GET share/checklist` with a `share_…` bearer) on the API base. */
export function isKeptShareRead(request: { method: string; url: string; authorization: string | null }, apiBase: string): boolean {
  if (request.method !== 'GET' || !request.authorization?.startsWith('Bearer share_')) return false;
  const url = new URL(request.url);
  const base = new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`);
  return url.origin === base.origin && url.pathname === `${base.pathname}${paths.share.checklist}`;
}

/** Query parameter of the cache key that names the login session (a hash of its token). */
export const SESSION_KEY_PARAM = 'rb-session';

/**
 * The cache key of a kept API answer: its address plus a hash of the bearer token. Another login (another
 * user on a shared kiosk, or the same user signed in again) never reads an answer kept for this one.
 */
export function apiCacheKey(url: string, sessionHash: string): string {
  const key = new URL(url);
  key.searchParams.set(SESSION_KEY_PARAM, sessionHash);
  return key.href;
}

