/**
 * The toolbar of a document page, viewer and editor alike (documentation §2 "Toolbar menu on a
 * document page"): the View/Edit switch (only when the action table allows `edit`), History, and the toolbar menu with
 * 'QR Link', Favourite/Unfavourite, Subscribe/Unsubscribe and Assign, and for checklists 'Reset Questions'
 * (when the page gives `resetQuestions`): ./item-menu.ts, loaded with the menu when it is first opened.
 */
import type { Document } from '../../shared/api/documentation.ts';
import { canEdit } from './document-actions.ts';
import { editPath, historyPath, viewPath } from '../../shared/page-addresses.ts';
import { $favourites, $subscriptions, loadFavourites, loadSubscriptions } from '../../client/stores/favourites.ts';
import { afterPaint } from '../../client/dom.ts';
import { createToolbarMenu } from './toolbar-menu.ts';

export type DocumentPageMode = 'view' | 'edit';

export interface DocumentToolbarOptions {
  mode: DocumentPageMode;
  /** The address the QR code holds. */
  qrAddress: string;
  /** Clears the checklist's saved progress (documentation §2: 'Reset Questions', forms only). */
  resetQuestions?: () => void;
}

function link(label: string, href: string, className: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.className = className;
  a.href = href;
  a.textContent = label;
  return a;
}

/** View and Edit as a pair of links; the page's own is marked current. */
function modeSwitch(doc: Document, mode: DocumentPageMode): HTMLElement {
  const group = document.createElement('div');
  group.className = 'mode-switch';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'View or edit');
  const view = link('View', mode === 'view' ? location.pathname : viewPath(doc.id), 'mode-switch-link');
  const edit = link('Edit', editPath(doc.id), 'mode-switch-link');
  (mode === 'view' ? view : edit).setAttribute('aria-current', 'page');
  group.append(view, edit);
  return group;
}

export function renderDocumentToolbar(container: HTMLElement, doc: Document, options: DocumentToolbarOptions): void {
  const parts: HTMLElement[] = [];
  if (canEdit(doc)) parts.push(modeSwitch(doc, options.mode));
  parts.push(link('History', historyPath(doc.id), 'button secondary'));
  const menu = createToolbarMenu('Document menu', async () => (await import('./item-menu.ts')).documentMenuActions(doc, options, () => menu.button));
  // Favourite and Subscribe say what they do: both lists, read once per page, and the menu reads its
  // entries again as they change. The reads leave after the next paint: the menu is drawn with the page's
  // heading, and on a slow phone the two requests cost that paint about 15 ms of main thread (4× CPU) for
  // entries nobody reads before it.
  $favourites.listen(menu.refresh);
  $subscriptions.listen(menu.refresh);
  void afterPaint().then(() => {
    loadFavourites().catch(() => undefined); // an entry then offers to favourite; the toggle reads again
    loadSubscriptions().catch(() => undefined);
  });
  parts.push(menu.area);
  container.replaceChildren(...parts);
  container.hidden = false;
}
