/**
 * The document page (documentation §2 "Viewer"), one shell for every doctype and three kinds of address
 * (DESIGN decisions): `/documentation/view/{id}` the latest version, `/{id}/version/{n}` and `/{id}/{n}`
 * version n, `/{id}/{rowId}` one submitted row. The frame: title 'View {name}' (plus '(Version: n)'),
 * breadcrumbs Home > Documentation > folders, the not-most-recent warning with a link to the latest,
 * and the toolbar; inside it the doctype's viewer from the doctype registry (../doctypes/registry.ts), or the submitted row.
 */
import { clearDraft } from '../../../elements/rb-checklist/checklist-draft.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import type { Document, SubmittedRow } from '../../shared/api/documentation.ts';
import { api } from '../../client/api.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { publicAddressOf } from '../../client/public-address.ts';
import { signedInPage, signedInUser } from '../../client/signed-in-user.ts';
import { browsePath, viewPath } from '../../shared/page-addresses.ts';
import { viewTarget, type ViewTarget } from '../../client/addresses.ts';
import { folderCrumbs, renderBreadcrumbs } from './breadcrumbs.ts';
import { leaveDocument, readDocument } from './document-load.ts';
import { renderDocumentToolbar } from './document-toolbar.ts';
import { failureText } from './failure.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { doctypes, type DocumentScreen } from '../doctypes/registry.ts';
import { afterPaint, element } from '../../client/dom.ts';
import { viewTitle } from '../../shared/first-paint/document-head.ts';

export { viewTitle };

/** The version a view address names (`null`: one it cannot name), undefined for the latest. */
const versionOf = (target: ViewTarget) => (target.kind === 'version' ? target.version : target.kind === 'bad-version' ? null : undefined);

/** The page's first reads: the document (its page data's `document` or `version`) and, on a row's address, the row (`row`, settled). */
export const viewReads = (target: ViewTarget) =>
  Promise.all([
    readDocument(target.id, versionOf(target)),
    target.kind === 'row' ? Promise.allSettled([api.documentation.submittedRow(target.rowId, 'row')]).then(([row]) => row) : undefined,
  ]);

export async function mountDocumentView(): Promise<void> {
  const target = viewTarget();
  if (!target) {
    await signedInUser();
    return navigate(browsePath(), { replace: true }); // the route table sends no other address here
  }
  const version = versionOf(target);
  // A submitted row's renderer is the page's main content whatever the document: asked for beside the reads.
  const rowRenderer = target.kind === 'row' ? loadRowRenderer() : undefined;
  // The document (with the root's id) and a submitted row leave together with auth/me (one API level).
  const page = await signedInPage(() => viewReads(target)).catch((err: unknown) => leaveDocument(target.id, version, err));
  const {
    user,
    data: [doc, row],
  } = page;

  // The doctype's code and its first reads (the registry) leave with the document's arrival; the heading
  // and toolbar paint first, the body once that paint is done and its code is in.
  const body = target.kind === 'row' ? undefined : loadBody(doc);
  const title = viewTitle(doc.name, target.kind === 'version' ? doc.version : undefined);
  setPageName(title);
  element('document-heading').textContent = title;
  renderBreadcrumbs(element('breadcrumbs'), folderCrumbs(doc.path, doc.root_id));
  if (doc.version < doc.latest_version) {
    element<HTMLAnchorElement>('latest-version-link').href = viewPath(doc.id);
    element('version-warning').hidden = false;
  }
  renderDocumentToolbar(element('document-toolbar'), doc, {
    mode: 'view',
    // Under PUBLIC_URL: a code printed from an internal host name still opens for everyone.
    qrAddress: publicAddressOf(user.public_url, location.pathname),
    ...(doc.doctype === 'form' ? { resetQuestions: () => resetQuestions(doc, user) } : {}),
  });
  element('document-status').textContent = '';
  element('document-frame').hidden = false;

  await afterPaint();
  if (body) await mountBody(element('document-body'), doc, body);
  else if (target.kind === 'row' && rowRenderer) await mountSubmittedRow(element('document-row'), doc, target.rowId, rowRenderer, row);
}

/** Starts loading the doctype's viewer and its first reads (the doctype registry). */
function loadBody(doc: Document): Promise<DocumentScreen> {
  const { viewer, pageReads } = doctypes[doc.doctype];
  const loading = viewer();
  loading.catch(() => undefined); // mountBody shows the failure
  pageReads?.(doc, 'viewer');
  return loading;
}

export const QUESTIONS_RESET = 'Questions have been reset';

/**
 * Reset Questions (documentation §4): the filler on the page clears its answers and its local draft; with
 * no filler (an older version) the draft is removed all the same.
 */
function resetQuestions(doc: Document, user: CurrentUser): void {
  // The server's picture of the filler (data-server-drawn) has no answers yet: there is only the draft to clear.
  const filler = element('document-body').querySelector<HTMLElementTagNameMap['rb-checklist']>('rb-checklist:not([data-server-drawn])');
  if (filler) filler.reset();
  else clearDraft({ userId: user.id, orgId: user.org?.id, documentId: doc.id });
  showAlert('success', QUESTIONS_RESET);
}

/** The doctype's body, imported on demand. */
async function mountBody(container: HTMLElement, doc: Document, loading: Promise<DocumentScreen>): Promise<void> {
  try {
    const body = await loading;
    await body.mount(container, doc);
  } catch (err) {
    container.replaceChildren(failureText(err));
  }
}

type RowRenderer = typeof import('./submitted-row.ts');

/** Starts loading the submitted row's renderer (on demand, so a checklist's page carries none of it). */
function loadRowRenderer(): Promise<RowRenderer> {
  const loading = import('./submitted-row.ts');
  loading.catch(() => undefined); // mountSubmittedRow shows the failure
  return loading;
}

/**
 * The single submitted row of `/documentation/view/{id}/{rowId}` (documentation §2: read-only, with
 * 'Back to Results'), inside the frame of document `{id}` — the checklist itself, or a result sheet or
 * report that shows its rows. The way back is `backFromRow` (submitted-row.ts).
 */
async function mountSubmittedRow(
  container: HTMLElement,
  doc: Document,
  rowId: string,
  renderer: Promise<RowRenderer>,
  row?: PromiseSettledResult<SubmittedRow>,
): Promise<void> {
  container.dataset.rowId = rowId;
  try {
    const { backFromRow, renderSubmittedRow } = await renderer;
    await renderSubmittedRow(container, rowId, { back: backFromRow(doc.id, doc.name, doc.doctype), loaded: doc, row });
  } catch (err) {
    container.replaceChildren(failureText(err));
  }
}
