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
 * A token the API refuses (the session was ended elsewhere) reaches the page as `rb-unauthorized`, after
 * the element has kept the answers on this device for this user: it is reported like a 401 of the app's
 * own calls, so the session store signs out ('Could not validate credentials', /login). Once signed in
 * again, the filler on a checklist page sends the kept answers, exactly once (their Idempotency-Key).
 */
import '../../../elements/rb-checklist/rb-checklist.ts';
import { SUBMITTED } from '../../../elements/rb-checklist/rb-checklist.element.ts';
import type { Document } from '../../shared/api/documentation.ts';
import { API_BASE, ApiError, reportApiError } from '../../client/api.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { navigate } from '../../client/navigation.ts';
import { storedToken } from '../../client/storage.ts';
import { showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { browsePath } from '../../client/addresses.ts';
import { descriptionOf } from './description.ts';
import { mount as mountSummary, questionCount } from './form-description.ts';

/** Whether the address asks for kiosk mode (`?kiosk=1`, also `true` or `yes`). */
export function isKioskAddress(search: string = location.search): boolean {
  const flag = new URLSearchParams(search).get('kiosk');
  return flag !== null && ['1', 'true', 'yes', ''].includes(flag.toLowerCase());
}

export async function mount(container: HTMLElement, doc: Document): Promise<void> {
  if (doc.version < doc.latest_version || questionCount(doc) === 0) return mountSummary(container, doc);
  const user = await signedInUser();
  const filler = document.createElement('rb-checklist');
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
  const count = questionCount(doc);
  const summary = document.createElement('p');
  summary.className = 'document-question-count';
  summary.textContent = count === 1 ? '1 question' : `${count} questions`;
  container.replaceChildren(...descriptionOf(doc), summary, filler);
}
