/**
 * General Settings' "Export organisation data" (issue #47, GDPR Art. 20): the link downloads the
 * organisation's ZIP (`GET settings/export.zip`, org admins). The API answers only with the bearer token,
 * so the click reads the file through the transport and saves it (`saveBlob`), as the CSV and PDF exports
 * do; the link's address stays the API's for what a person sees on hover. While it is read the link says so
 * (aria-busy, a polite status line); a refusal shows its {detail}.
 */
import { api, problemText } from '../../client/api.ts';
import { saveBlob } from '../../client/dom.ts';
import { exportFileName } from '../../shared/api/sheets.ts';

/** The saved file's name: the organisation's name and today's date, as the server names it. */
export const exportZipName = (orgName: string, today: Date) => exportFileName(`${orgName} ${today.toISOString().slice(0, 10)}`, 'zip');

export function mountOrganisationExport(orgName: () => string): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-organisation-export]');
  const status = document.querySelector<HTMLElement>('[data-organisation-export-status]');
  if (!link || !status) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    if (link.getAttribute('aria-busy') === 'true') return;
    link.setAttribute('aria-busy', 'true');
    status.classList.remove('error-text');
    status.textContent = 'Preparing the export…';
    api.settings
      .exportOrganisation()
      .then((zip) => {
        saveBlob(zip, exportZipName(orgName(), new Date()));
        status.textContent = 'The export was downloaded.';
      })
      .catch((err: unknown) => {
        status.classList.add('error-text');
        status.textContent = problemText(err, 'The export could not be made.');
      })
      .finally(() => link.removeAttribute('aria-busy'));
  });
}
