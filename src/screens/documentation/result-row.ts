/**
 * One submitted row of a document's results (documentation §2): `/documentation/results/{document_id}/{id}`.
 * `{document_id}` is the document whose results list the row — a result sheet, a report, or the checklist
 * itself; the way back is `backFromRow` (submitted-row.ts: a sheet's or report's results grid). The title is
 * 'Result of {name}', the breadcrumbs Home > Documentation > folders > the document (its viewer).
 * 'Download PDF' (issue #13) saves the row as a printable PDF (GET …/documentdata/{id}/export.pdf, read
 * with the bearer token through the transport, then saved from a Blob).
 */
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { exportFileName } from '../../shared/api/sheets.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { viewPath } from '../../shared/page-addresses.ts';
import { pathSegment } from '../../client/addresses.ts';
import { folderCrumbs, HOME_CRUMBS, renderBreadcrumbs } from './breadcrumbs.ts';
import { backFromRow, readSubmittedRow, renderSubmittedRow } from './submitted-row.ts';
import { element, saveBlob } from '../../client/dom.ts';

export const resultTitle = (name: string): string => `Result of ${name}`;

/** The page's first reads (its page data's `document`, which may fail, and `row`, settled). */
export const resultRowReads = (documentId: string, rowId: string) =>
  Promise.all([api.documentation.document(documentId, 'document').catch(() => undefined), readSubmittedRow(rowId, 'row')]);

export async function mountResultRow(): Promise<void> {
  const documentId = pathSegment(2); // /documentation/results/{document_id}/{id}
  const rowId = pathSegment(3);
  // The listing document (with the root's id) and the row leave together with auth/me (one API level).
  const {
    data: [doc, row],
  } = await signedInPage(() => resultRowReads(documentId, rowId));
  if (doc) {
    const title = resultTitle(doc.name);
    setPageName(title);
    element('result-heading').textContent = title;
    renderBreadcrumbs(element('breadcrumbs'), [...folderCrumbs(doc.path, doc.root_id), { label: doc.name, href: viewPath(doc.id) }]);
  } else {
    renderBreadcrumbs(element('breadcrumbs'), HOME_CRUMBS);
  }
  // The row is shown even when the listing document cannot be read: the row's own checklist decides.
  const container = element('result-row');
  const shown = await renderSubmittedRow(container, rowId, { back: backFromRow(documentId, doc?.name, doc?.doctype), loaded: doc, row });
  if (shown) container.querySelector('.submitted-row-head')?.append(downloadPdfButton(rowId, doc?.name ?? 'Result'));
}

export const DOWNLOAD_PDF = 'Download PDF';

/** 'Download PDF': the row's PDF, named after the document the row is listed in. */
function downloadPdfButton(rowId: string, name: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button secondary submitted-row-pdf';
  button.textContent = DOWNLOAD_PDF;
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Downloading…';
    api.documentation
      .rowPdf(rowId)
      .then((blob) => saveBlob(blob, exportFileName(name, 'pdf')))
      .catch((err: unknown) => showAlert('warning', problemText(err, SOMETHING_WENT_WRONG)))
      .finally(() => {
        button.disabled = false;
        button.textContent = DOWNLOAD_PDF;
      });
  });
  return button;
}
