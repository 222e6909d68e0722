/**
 * One submitted row of a document's results (documentation §2): `/documentation/results/{document_id}/{id}`.
 * `{document_id}` is the document whose results list the row — a result sheet, a report, or the checklist
 * itself; the way back is `backFromRow` (submitted-row.ts: its results grid once that exists). The title is
 * 'Result of {name}', the breadcrumbs Home > Documentation > folders > the document (its viewer).
 */
import { api } from '../../client/api.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { pathSegment, viewPath } from '../../client/addresses.ts';
import { folderCrumbs, HOME_CRUMBS, renderBreadcrumbs } from './breadcrumbs.ts';
import { rootFolderId } from '../../client/root-folder.ts';
import { backFromRow, readSubmittedRow, renderSubmittedRow } from './submitted-row.ts';
import { element } from '../../client/dom.ts';

export const resultTitle = (name: string): string => `Result of ${name}`;

export async function mountResultRow(): Promise<void> {
  const documentId = pathSegment(2); // /documentation/results/{document_id}/{id}
  const rowId = pathSegment(3);
  // The listing document, the row and the root's id leave together with auth/me (one API level).
  const {
    data: [doc, rootId, row],
  } = await signedInPage(() =>
    Promise.all([api.documentation.document(documentId).catch(() => undefined), rootFolderId(), readSubmittedRow(rowId)]),
  );
  if (doc) {
    const title = resultTitle(doc.name);
    setPageName(title);
    element('result-heading').textContent = title;
    renderBreadcrumbs(element('breadcrumbs'), [...folderCrumbs(doc.path, rootId), { label: doc.name, href: viewPath(doc.id) }]);
  } else {
    renderBreadcrumbs(element('breadcrumbs'), HOME_CRUMBS);
  }
  // The row is shown even when the listing document cannot be read: the row's own checklist decides.
  await renderSubmittedRow(element('result-row'), rowId, { back: backFromRow(documentId, doc?.name), loaded: doc, row });
}
