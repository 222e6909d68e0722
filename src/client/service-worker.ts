/**
 * Registers the service worker (/sw.js, scope `/`; src/client/offline/worker.ts) once the page has
 * loaded and `after` has settled: the signed-in layout passes `mountSignedInChrome`'s promise (the page
 * has painted what it read), so a new worker's precache (about 3 MB) does not take a slow phone's
 * connections before the page has asked for what it loads next. The layouts call it in production builds only (`import.meta.env.PROD`):
 * `astro dev` serves pages that no precache list describes.
 *
 * Two duties of the page side:
 * - Nobody signed in (the sign-in page after a logout, a signed-out visit): the kept API answers are
 *   deleted, so a shared kiosk keeps nothing of the last user's (they are keyed per login session too).
 * - The first time a worker takes control of this page, the API reads the page already made before it
 *   had a worker are read once more through it, so the page is kept for offline use from this visit on.
 */
import { API_CACHE, isKeptApiRead, isKeptShareRead } from './offline/api-cache.ts';
import { hasLoginFlag, storedToken } from './storage.ts';

const apiBase = (): string => new URL(import.meta.env.PUBLIC_API_BASE ?? '/api/v1', location.href).href;

export function registerServiceWorker(after: Promise<unknown> = Promise.resolve()): void {
  if (!('serviceWorker' in navigator)) return;
  if (!hasLoginFlag() && 'caches' in window) void caches.delete(API_CACHE).catch(() => undefined);
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepThisPageOffline, { once: true });
  }
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, after.catch(() => undefined)]).then(() => {
    keepHtmlAnswersOffline();
    return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('The service worker could not be registered', err);
    });
  });
}

/**
 * The answers the server wrote into the HTML (issue #31) never passed through the worker, so it did not
 * keep them for offline use: once the page has painted, a worker that controls it reads them again, at low
 * priority, and keeps them as it keeps every read it sees.
 */
function keepHtmlAnswersOffline(): void {
  const addresses = window.__rbPageDataTaken;
  const token = storedToken();
  if (!addresses?.length || !token || !navigator.serviceWorker.controller) return;
  const authorization = `Bearer ${token}`;
  const base = apiBase();
  for (const address of new Set(addresses)) {
    const url = new URL(address, location.href).href;
    if (isKeptApiRead({ method: 'GET', url, authorization }, base)) void fetch(url, { headers: { Authorization: authorization }, priority: 'low' }).catch(() => undefined);
  }
}

/** Reads again, through the worker that just took control, the kept API reads this page made (or took from its HTML) without one. */
function keepThisPageOffline(): void {
  const token = storedToken();
  if (!token || !hasLoginFlag()) return;
  const authorization = `Bearer ${token}`;
  const base = apiBase();
  const made = performance
    .getEntriesByType('resource')
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch')
    .map((entry) => entry.name)
    // …and those it took from its HTML (issue #31), which it never sent at all.
    .concat((window.__rbPageDataTaken ?? []).map((address) => new URL(address, location.href).href))
    .filter((url) => isKeptApiRead({ method: 'GET', url, authorization }, base));
  for (const url of new Set(made)) void fetch(url, { headers: { Authorization: authorization } }).catch(() => undefined);
}

/**
 * A kiosk on a share link (`/fill/{token}?kiosk=1`, issue #43): its checklist, kept by the worker from the
 * FIRST online load on. That load had no worker yet (and its read came in the HTML), so once a worker
 * controls the page — at once, or when it takes control — the link's checklist is read once through it,
 * unless the page already read it through that worker.
 */
export function keepShareReadOffline(token: string): void {
  if (!('serviceWorker' in navigator) || !token.startsWith('share_')) return;
  const url = new URL(`${apiBase().replace(/\/+$/, '')}/share/checklist`, location.href).href;
  const authorization = `Bearer ${token}`;
  if (!isKeptShareRead({ method: 'GET', url, authorization }, apiBase())) return;
  const read = () => void fetch(url, { headers: { Authorization: authorization }, priority: 'low' }).catch(() => undefined);
  const controlledFromStart = !!navigator.serviceWorker.controller;
  if (!controlledFromStart) {
    navigator.serviceWorker.addEventListener('controllerchange', read, { once: true });
    return;
  }
  const readThroughWorker = performance.getEntriesByType('resource').some((entry) => entry.name === url && (entry as PerformanceResourceTiming).initiatorType === 'fetch');
  if (!readThroughWorker) read();
}
