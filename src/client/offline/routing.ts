/**
 * What the service worker (./worker.ts) answers, as pure functions of addresses so they are tested
 * without a browser: which precached shell a page address falls back to offline (the route table,
 * src/routes.ts, exactly as the server reads it) and which static files are cached as they are used.
 * The API reads kept for offline use are in ./api-cache.ts (the pages import that part too).
 */
import { matchRoute, notFoundShell, shellFile } from '../../routes.ts';

/** The runtime cache of Shoelace's icons (kept out of the precache: there are about 2,000 of them). */
export const ICON_CACHE = 'rb-shoelace';

/** The address a shell is precached under: its built file, which the server also answers (`/documentation/view/index.html`). */
export const shellAddress = (shell: string): string => `/${shellFile(shell)}`;

/** The precached shell that answers a page address offline, and the status the server would give it. */
export interface OfflineShell {
  url: string;
  status: 200 | 404;
}

/** Mirrors the server (src/server/http/static-site.ts): a route's shell with 200, anything else the not-found shell with 404. */
export function offlineShellFor(path: string): OfflineShell {
  const match = matchRoute(path);
  return match ? { url: shellAddress(match.route.shell), status: 200 } : notFoundShellAddress();
}

/** The not-found shell (also the answer for a route whose shell is not built, as on the server). */
export const notFoundShellAddress = (): OfflineShell => ({ url: shellAddress(notFoundShell), status: 404 });

/** Shoelace's icons and other assets (copied to /shoelace at build): cached as they are used. */
export function isShoelaceAsset(url: string, origin: string): boolean {
  const parsed = new URL(url);
  return parsed.origin === origin && parsed.pathname.startsWith('/shoelace/');
}
