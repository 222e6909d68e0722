/**
 * Subscribe on a document page (documentation §2; accounts §9): THE subscription preferences dialog,
 * `<rb-subscription-dialog>` (the folder browser shows the same one), made once per page and loaded on
 * first use. Its Subscribe subscribes with the options chosen through the store ($subscriptions), which
 * says how it went and reads both lists again.
 */
import type { RbSubscriptionDialog } from '../../../elements/rb-subscription-dialog/subscription-dialog.ts';
import { subscribe, type FollowedItem } from '../../client/stores/favourites.ts';
import type { Doctype } from '../../shared/api/documentation.ts';

export interface SubscribedItem extends FollowedItem {
  doctype: Doctype | null;
}

let dialog: RbSubscriptionDialog | undefined;

export async function openSubscriptionDialog(item: SubscribedItem, opener: HTMLElement | null): Promise<void> {
  await import('../../../elements/rb-subscription-dialog/subscription-dialog.ts');
  if (!dialog) {
    dialog = document.createElement('rb-subscription-dialog');
    document.body.append(dialog);
  }
  dialog.name = item.name;
  dialog.kind = item.kind;
  dialog.doctype = item.doctype;
  dialog.subscribe = (choice) => subscribe(item, choice);
  await dialog.show(opener);
}
