/**
 * The body of a checklist (doctype form) on the document page: the `rb-checklist` filler, loaded only
 * here (the element and Lit are a chunk of their own, never part of the view route's first load). The
 * page hands it the loaded checklist, the API base, the token, and the user and organisation ids that key
 * its autosaved draft; `?kiosk=1` in the address makes it a kiosk station (README "Kiosk stations").
 *
 * After a submission: in the app the page goes to the checklist's folder with 'Answers Successfully
 * Submitted.'; on a kiosk, and when the answers wait for the network, the page stays and the element is
 * ready for the next person. Older versions (and a checklist without questions) show their description
 * and question count only ('No Questions Found In Checklist'): submissions are judged against the latest
 * version.
 *
 * The body is THE template of ./checklist-body.ts. A page whose HTML the server filled (issue #31) already
 * shows it, the questions drawn by the server with the element's own templates, the filler waiting with
 * `defer-hydration`: the viewer hands it the same checklist (the page data's) and its settings, then lets
 * it hydrate (#42): the element takes over the server's shadow root in place — the same nodes, nothing
 * drawn again, so nothing moves and the focus stays. Lit's hydrate support is loaded before this module and
 * Lit (./registry.ts `hydrateSupport`), only then.
 *
 * A token the API refuses (the session was ended elsewhere) reaches the page as `rb-unauthorized`, after
 * the element has kept the answers on this device for this user: it is reported like a 401 of the app's
 * own calls, so the session store signs out ('Could not validate credentials', /login). Once signed in
 * again, the filler on a checklist page sends the kept answers, exactly once (their Idempotency-Key).
 */
import { render } from 'lit';
import '../../../elements/rb-checklist/rb-checklist.ts';
import type { RbChecklist } from '../../../elements/rb-checklist/rb-checklist.ts';
import { readAnswersBeforeHydration, SUBMITTED } from '../../../elements/rb-checklist/rb-checklist.element.ts';
import { answersOnControls } from '../../../elements/rb-checklist/drawn-answers.ts';
import type { Document } from '../../shared/api/documentation.ts';
import { API_BASE, ApiError, reportApiError } from '../../client/api.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { navigate } from '../../client/navigation.ts';
import { storedToken } from '../../client/storage.ts';
import { showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { browsePath } from '../../shared/page-addresses.ts';
import { checklistBody, fillsIn } from './checklist-body.ts';
import { mount as mountSummary } from './form-description.ts';

// The server's drawing is hydrated here: what a person answered on it before the modules ran is kept (#43).
readAnswersBeforeHydration(answersOnControls);

/** Whether the address asks for kiosk mode (`?kiosk=1`, also `true` or `yes`). */
export function isKioskAddress(search: string = location.search): boolean {
  const flag = new URLSearchParams(search).get('kiosk');
  return flag !== null && ['1', 'true', 'yes', ''].includes(flag.toLowerCase());
}

export async function mount(container: HTMLElement, doc: Document): Promise<void> {
  if (!fillsIn(doc)) return mountSummary(container, doc);
  const user = await signedInUser();
  const filler = serverDrawn(container) ?? drawBody(container, doc);
  filler.setAttribute('api-base', API_BASE);
  filler.setAttribute('document-id', doc.id);
  filler.setAttribute('user-id', user.id);
  if (user.org) filler.setAttribute('org-id', user.org.id);
  const kiosk = isKioskAddress();
  filler.kiosk = kiosk;
  filler.token = storedToken() ?? '';
  filler.form = doc;
  filler.addEventListener('rb-submitted', (event) => {
    if (event.detail.status !== 'sent' || kiosk) return; // the element shows the outcome and is ready again
    showAlertAfterNavigation('success', SUBMITTED);
    navigate(browsePath(doc.folder_id));
  });
  filler.addEventListener('rb-unauthorized', (event) => reportApiError(new ApiError(event.detail.status, event.detail.detail)));
  // The server's filler now has the same checklist and settings: it hydrates (its first update draws what the server drew).
  filler.removeAttribute('defer-hydration');
}

/**
 * The server's filler, when the page's HTML came with it (drawn from the same page data as `doc`; the body
 * around it is the same template's, so it stays as it is); undefined otherwise.
 */
function serverDrawn(container: HTMLElement): RbChecklist | undefined {
  return container.querySelector<RbChecklist>(':scope > rb-checklist[defer-hydration]') ?? undefined;
}

/** The body drawn here (a page served without its first data). */
function drawBody(container: HTMLElement, doc: Document): RbChecklist {
  container.replaceChildren();
  render(checklistBody(doc, false), container);
  return container.querySelector('rb-checklist')!;
}
