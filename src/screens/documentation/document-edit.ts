/**
 * The editor page (documentation §2 "Editors"): `/documentation/edit/{id}`, one shell for every
 * doctype. Without Write the page is left for the viewer with 'You need permission to Edit this
 * document.' (documentation §4). With Write: the top bar names the document (then the organisation),
 * breadcrumbs Home > Documentation > folders, the toolbar (back to View, History, QR Link), the name
 * and description, and the doctype's editor from the doctype registry (src/screens/doctypes/registry.ts) when it has one.
 */
import type { Document } from '../../shared/api/documentation.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { publicAddressOf } from '../../client/public-address.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { viewPath } from '../../shared/page-addresses.ts';
import { pathSegment } from '../../client/addresses.ts';
import { folderCrumbs, renderBreadcrumbs } from './breadcrumbs.ts';
import { leaveDocument, readDocument } from './document-load.ts';
import { canEdit } from './document-actions.ts';
import { renderDocumentToolbar } from './document-toolbar.ts';
import { failureText } from './failure.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { doctypes } from '../doctypes/registry.ts';
import { element } from '../../client/dom.ts';

export const NEEDS_WRITE = 'You need permission to Edit this document.';

export async function mountDocumentEdit(): Promise<void> {
  const id = pathSegment(2); // /documentation/edit/{id}
  // The document (with the root's id) leaves together with auth/me (one API level).
  const page = await signedInPage(() => readDocument(id)).catch((err: unknown) => leaveDocument(id, undefined, err));
  const doc = page.data;
  if (!canEdit(doc)) {
    showAlertAfterNavigation('warning', NEEDS_WRITE);
    return navigate(viewPath(doc.id), { replace: true });
  }

  setPageName(doc.name);
  element('document-heading').textContent = doc.name;
  const description = element('document-description');
  description.textContent = doc.description;
  description.hidden = doc.description.trim() === '';
  renderBreadcrumbs(element('breadcrumbs'), folderCrumbs(doc.path, doc.root_id));
  // A printed code is for the people who use the document: it leads to the viewer, under PUBLIC_URL.
  renderDocumentToolbar(element('document-toolbar'), doc, { mode: 'edit', qrAddress: publicAddressOf(page.user.public_url, viewPath(doc.id)) });
  element('document-status').textContent = '';
  element('document-frame').hidden = false;
  await mountEditor(element('document-editor'), doc);
}

async function mountEditor(container: HTMLElement, doc: Document): Promise<void> {
  const load = doctypes[doc.doctype].editor;
  if (!load) return;
  try {
    await (await load()).mount(container, doc);
  } catch (err) {
    container.replaceChildren(failureText(err));
  }
}
