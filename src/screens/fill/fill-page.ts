/**
 * The share link's fill pages (#29): `/fill/{token}` (its own page: the organisation's and the checklist's
 * name above rb-checklist) and `/embed/fill/{token}` (only the checklist, for another site's frame; it
 * reports its height to that page). No sign-in: the address's token is rb-checklist's `share-token`, and
 * the link's checklist came with the HTML (its page data block, src/client/page-data.ts). Light: the element, Lit and the transport;
 * no React, no app chrome.
 *
 * Offline: an open page keeps working (answers wait on the device and are sent exactly once when the
 * network returns, rb-checklist's queue). `?kiosk=1` makes it a kiosk station without an account: ready
 * for the next person after each submission, and the page registers the service worker, which precaches
 * the app (the fill shell among it) and keeps the link's checklist from the first online load on, so the
 * station reopens offline; a station that could not load its checklist loads it when the network returns. A
 * phone opening a printed code downloads only the page, not the app's precache.
 */
import '../../../elements/rb-checklist/rb-checklist.ts';
import type { SharedChecklist } from '../../../elements/rb-checklist/checklist-api.ts';
import { keepShareReadOffline, registerServiceWorker } from '../../client/service-worker.ts';
import { fillTitle, isKioskAddress, NOT_AVAILABLE_HEADING } from './fill-address.ts';
import { reportFrameHeight } from './frame-height.ts';
import { takePageData } from '../../client/page-data.ts';
import { shareTokenOfPath } from './fill-address.ts';

/** The API base the pages were built with. */
const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1';

export function mountFill({ frame }: { frame: boolean }): void {
  const filler = document.querySelector('rb-checklist');
  if (!filler) return;
  const kiosk = !frame && isKioskAddress(location.search);
  // The link's checklist the server wrote into the page; a kiosk station with a worker asks through it all
  // the same, so the worker keeps the link's checklist and the station reopens offline.
  if (!navigator.serviceWorker?.controller) filler.earlyRead = takePageData;
  filler.kiosk = kiosk;
  filler.setAttribute('api-base', API_BASE);
  filler.setAttribute('share-token', shareTokenOfPath(location.pathname));
  filler.addEventListener('rb-loaded', (event) => {
    const checklist = event.detail.checklist as SharedChecklist;
    document.title = fillTitle(checklist);
    showHeading(checklist.name ?? '', checklist.organization_name ?? '', checklist.description ?? '');
  });
  filler.addEventListener('rb-load-failed', () => showHeading(NOT_AVAILABLE_HEADING, '', ''));
  // The whole of the embedded page's content, its padding included: the frame is sized to it.
  const content = document.getElementById('main');
  if (frame && content) reportFrameHeight(content);
  if (kiosk && import.meta.env.PROD) {
    registerServiceWorker();
    // The station reopens offline from its first online load on (issue #43).
    keepShareReadOffline(shareTokenOfPath(location.pathname));
  }
  // Issue #44: a kiosk's schedule (Due now, Next, Done today) above the checklist.
  // Loaded by kiosks only: a visitor's phone does not carry it.
  if (kiosk) void import('./due-now.ts').then(({ mountDueNow }) => mountDueNow(filler, API_BASE, shareTokenOfPath(location.pathname)));
}

/** Fills the page's heading (the embedded page has none: the element shows the checklist's own). */
function showHeading(title: string, organisation: string, description: string): void {
  const set = (id: string, text: string) => {
    const node = document.getElementById(id);
    if (!node) return;
    node.textContent = text;
    node.hidden = text === '';
  };
  set('fill-org', organisation);
  set('fill-title', title);
  set('fill-description', description);
}
