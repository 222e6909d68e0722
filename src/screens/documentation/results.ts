/**
 * The results grid of a document (documentation §2: `/documentation/results/{id}`, "Results grid of a
 * sheet"; issue #13): title 'Results of {name}', breadcrumbs Home > Documentation > folders > the
 * document (its viewer), then the doctype registry's `results` (islands/sheet-results: the grid). The
 * document and the root's id leave with auth/me (src/client/page-data-script.ts); a document that cannot be
 * read takes the viewer's failure path (its detail as a warning, then its folder's browser). A checklist's
 * is its submissions' charts and grid (issue #45: islands/checklist-results). A doctype without a results
 * grid (a presentation) says so and links to the document.
 */
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { viewPath } from '../../shared/page-addresses.ts';
import { pathSegment } from '../../client/addresses.ts';
import { element } from '../../client/dom.ts';
import { folderCrumbs, renderBreadcrumbs } from './breadcrumbs.ts';
import { leaveDocument, readDocument } from './document-load.ts';
import { failureText } from './failure.ts';
import { doctypes } from '../doctypes/registry.ts';

export const resultsTitle = (name: string): string => `Results of ${name}`;

export async function mountResults(): Promise<void> {
  const id = pathSegment(2); // /documentation/results/{id}
  const { data: doc } = await signedInPage(() => readDocument(id)).catch((err: unknown) => leaveDocument(id, undefined, err));
  const title = resultsTitle(doc.name);
  setPageName(title);
  element('results-heading').textContent = title;
  renderBreadcrumbs(element('breadcrumbs'), [...folderCrumbs(doc.path, doc.root_id), { label: doc.name, href: viewPath(doc.id) }]);
  const status = element('results-status');
  const body = element('results-body');
  const load = doctypes[doc.doctype].results;
  if (!load) {
    status.textContent = '';
    const link = document.createElement('a');
    link.href = viewPath(doc.id);
    link.textContent = `Open ${doc.name}`;
    const note = document.createElement('p');
    note.append('This document has no results grid. ', link);
    body.replaceChildren(note);
    return;
  }
  doctypes[doc.doctype].pageReads?.(doc, 'results'); // beside the grid's code, not after it
  try {
    const grid = await load();
    status.textContent = '';
    await grid.mount(body, doc);
  } catch (err) {
    status.textContent = '';
    body.replaceChildren(failureText(err));
  }
}
