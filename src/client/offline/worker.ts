/**
 * The service worker (DESIGN: kiosk checklist stations keep working offline), served as /sw.js with scope
 * `/`. scripts/build-service-worker.mjs bundles this file and lets workbox-build (injectManifest) put the
 * precache list in place of `self.__WB_MANIFEST`: every shell of the route table, the hashed /_astro/
 * scripts and styles, the standalone element bundles (the rb-checklist filler among them) and the icon.
 *
 * - Page addresses: network first, so online answers keep the server's status and headers; when the
 *   network fails (or hangs past NAVIGATION_TIMEOUT_MS) the precached shell of the address's route
 *   answers, as the server would pick it (./routing.ts) — the not-found shell with status 404 otherwise.
 * - Precached files: from the precache (cache first; the list carries a revision per file).
 * - Kept API reads (./api-cache.ts): network first, the kept answer when the network fails, keyed per
 *   login session; a share link's checklist the same way in a cache of its own (a kiosk on a share link
 *   has no login). Every other API call goes to the network untouched.
 * - Shoelace's assets: cache first as they are used (about 2,000 icons stay out of the precache).
 *
 * A new worker takes over at once (skipWaiting, clientsClaim), so kiosks that never close their tab
 * still get new builds.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_CACHE, apiCacheKey, isKeptApiRead, isKeptShareRead, SHARE_CACHE } from './api-cache.ts';
import { ICON_CACHE, isShoelaceAsset, notFoundShellAddress, offlineShellFor, type OfflineShell } from './routing.ts';

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript has the DOM library, not WebWorker). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
}
const scope = self as unknown as WorkerScope;

/** How long a page address waits for the network before the precached shell answers. */
const NAVIGATION_TIMEOUT_MS = 8_000;
const DAY_SECONDS = 24 * 60 * 60;

/** The API base of this build (PUBLIC_API_BASE at build time), as an absolute address. */
const apiBase = new URL(import.meta.env.PUBLIC_API_BASE ?? '/api/v1', scope.location.origin).href;

scope.addEventListener('install', () => void scope.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();

// ─── Page addresses ──────────────────────────────────────────────────────────────────────────────

// A page address's request leaves while the worker starts (navigation preload): the server's answer — the
// HTML with the page's first data (issue #31) — does not wait for the worker to boot.
enableNavigationPreload();

/** The network's answer to a page address: the preloaded one when there is one, else a fetch; `ms` at most. */
function fetchWithin(request: Request, ms: number, preloaded?: Promise<Response | undefined>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    Promise.resolve(preloaded)
      .then((answer) => answer ?? fetch(request))
      .then(
        (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
  });
}

/** The precached shell of a page address, with the status the server would answer (a route whose shell is not built: not found). */
async function offlineShell(path: string): Promise<Response> {
  let shell: OfflineShell = offlineShellFor(path);
  let cached = await matchPrecache(shell.url);
  if (!cached && shell.status === 200) {
    shell = notFoundShellAddress();
    cached = await matchPrecache(shell.url);
  }
  if (!cached) return Response.error();
  if (shell.status === 200) return cached;
  return new Response(cached.body, { status: 404, statusText: 'Not Found', headers: cached.headers });
}

// Registered before the precache's route, so page addresses never get a precached file without asking the network.
registerRoute(
  new NavigationRoute(async ({ request, url, event }) => {
    try {
      const preloaded = (event as Event & { preloadResponse?: Promise<Response | undefined> }).preloadResponse;
      return await fetchWithin(request, NAVIGATION_TIMEOUT_MS, preloaded);
    } catch {
      return offlineShell(url.pathname);
    }
  }),
);

// ─── Precached files ─────────────────────────────────────────────────────────────────────────────

// Spelled out: injectManifest looks for the text `self.__WB_MANIFEST`.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);

// ─── Kept API reads ──────────────────────────────────────────────────────────────────────────────

/** A short hash of the bearer token: the cache key names the session without holding its token. */
async function sessionHash(authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const perSession: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, await sessionHash(request.headers.get('Authorization') ?? '')),
};

registerRoute(
  ({ request }) =>
    isKeptApiRead({ method: request.method, url: request.url, authorization: request.headers.get('Authorization') }, apiBase),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [perSession, new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// A share link's checklist (a kiosk on /fill/{token}?kiosk=1 reopens offline): the same rule, its own cache.
registerRoute(
  ({ request }) =>
    isKeptShareRead({ method: request.method, url: request.url, authorization: request.headers.get('Authorization') }, apiBase),
  new NetworkFirst({
    cacheName: SHARE_CACHE,
    plugins: [perSession, new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// ─── Shoelace's assets ───────────────────────────────────────────────────────────────────────────

registerRoute(
  ({ url }) => isShoelaceAsset(url.href, scope.location.origin),
  new CacheFirst({
    cacheName: ICON_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);
