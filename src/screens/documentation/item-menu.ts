/**
 * A document page's item menu, the entries of its toolbar menu (documentation §2 "Toolbar menu on a
 * document page"): 'QR Link', Favourite/Unfavourite, Subscribe/Unsubscribe, Assign, and for checklists
 * 'Reset Questions'. Favourite and Subscribe read what they say from $favourites and $subscriptions
 * (src/client/stores/favourites.ts; ./document-toolbar.ts reads the lists after the paint and has the menu
 * read its entries again as they change); Subscribe opens the subscription preferences dialog,
 * Unsubscribe unsubscribes at once; Assign (offered with the action table's `assign`, Write) opens the
 * assign dialog. Loaded when the menu is first opened (./toolbar-menu.ts), beside `<rb-item-menu>`.
 */
import type { Doctype, Document, ItemKind } from '../../shared/api/documentation.ts';
import { allows } from '../../shared/permissions/index.ts';
import { followLabels, loadSubscriptions, subscriptionOf, toggleFavourite, unsubscribe } from '../../client/stores/favourites.ts';
import { openQrDialog } from './qr-dialog.ts';
import { resultsPath } from '../../shared/page-addresses.ts';
import { navigate } from '../../client/navigation.ts';
import type { MenuAction } from './toolbar-menu.ts';

export interface MenuItemSubject {
  kind: ItemKind;
  id: string;
  name: string;
  doctype: Doctype | null;
  /** The caller's permission bits on it. */
  user_permissions: number;
}

/**
 * The following entries, in the spec's order, saying what they do now; `opener` is the menu's button (a
 * dialog gives the focus back to it).
 */
export function followActions(item: MenuItemSubject, opener: () => HTMLElement | null): MenuAction[] {
  const labels = followLabels(item);
  // The dialogs load when first asked for: nobody opens them to read the page.
  const subscriptionDialog = () => void import('./subscription-dialog.ts').then((m) => m.openSubscriptionDialog(item, opener()));
  const actions: MenuAction[] = [
    { label: labels.favourite, run: () => void toggleFavourite(item) },
    {
      label: labels.subscribe,
      run: () =>
        void loadSubscriptions().then(
          (list) => (subscriptionOf(list.results, item) ? void unsubscribe(item) : subscriptionDialog()),
          () => subscriptionDialog(),
        ),
    },
  ];
  if (allows(item.user_permissions, 'assign')) actions.push({ label: 'Assign', run: () => void import('./assign-dialog.ts').then((m) => m.openAssignDialog(item, opener())) });
  return actions;
}

/** The document page's menu, in the spec's order; `opener` is its button (a dialog gives the focus back to it). */
export function documentMenuActions(doc: Document, options: { qrAddress: string; resetQuestions?: () => void }, opener: () => HTMLElement | null): MenuAction[] {
  const actions: MenuAction[] = [
    { label: 'QR Link', run: () => void openQrDialog(options.qrAddress, doc.name, opener()) },
    ...followActions({ kind: 'document', id: doc.id, name: doc.name, doctype: doc.doctype, user_permissions: doc.user_permissions }, opener),
  ];
  // A checklist's submissions, charted (issue #45): in the menu, so the toolbar the server drew keeps its size.
  if (doc.doctype === 'form' && allows(doc.user_permissions, 'viewResults')) actions.push({ label: 'Results', run: () => navigate(resultsPath(doc.id)) });
  const reset = options.resetQuestions;
  if (doc.doctype === 'form' && reset) actions.push({ label: 'Reset Questions', run: reset });
  return actions;
}
