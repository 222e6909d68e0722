/**
 * The toolbar of a document page, viewer and editor alike (documentation §2 "Toolbar menu on a
 * document page"): the View/Edit switch (only when the action table allows `edit`), History, and the toolbar menu with
 * 'QR Link', Favourite/Unfavourite, Subscribe/Unsubscribe and Assign (./item-menu.ts), and for checklists
 * 'Reset Questions' (when the page gives `resetQuestions`).
 */
import type { Document } from '../../shared/api/documentation.ts';
import { canEdit } from './document-actions.ts';
import { editPath, historyPath, viewPath } from '../../client/addresses.ts';
import { openQrDialog } from './qr-dialog.ts';
import { followActions, keepFollowLabels } from './item-menu.ts';
import { createToolbarMenu, type MenuAction } from './toolbar-menu.ts';

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
  const subject = { kind: 'document' as const, id: doc.id, name: doc.name, doctype: doc.doctype, user_permissions: doc.user_permissions };
  const menu = createToolbarMenu('Document menu', () => {
    const actions: MenuAction[] = [
      { label: 'QR Link', run: () => void openQrDialog(options.qrAddress, doc.name, menu.button) },
      ...followActions(subject, () => menu.button),
    ];
    const reset = options.resetQuestions;
    if (doc.doctype === 'form' && reset) actions.push({ label: 'Reset Questions', run: reset });
    return actions;
  });
  keepFollowLabels(menu.refresh);
  parts.push(menu.area);
  container.replaceChildren(...parts);
  container.hidden = false;
}
