/**
 * Subscribe in the folder browser (an item's menu or the current folder's): THE subscription preferences
 * dialog, `<rb-subscription-dialog>` (the light document pages show the same one). This adapter gives it
 * the store's subscribe (src/client/stores/favourites.ts), which says how it went and reads both lists
 * again. `onClosed` runs once it has closed.
 */
import type { RbSubscriptionDialog } from '../../../elements/rb-subscription-dialog/subscription-dialog.ts';
import { subscribe } from '../../../src/client/stores/favourites.ts';
import { useElementDialog } from '../../shared/use-element-dialog.ts';
import type { FollowSubject } from '../follow.ts';

export function SubscriptionDialog({ item, onClosed }: { item: FollowSubject; onClosed: () => void }) {
  const dialog = useElementDialog<RbSubscriptionDialog>(
    () => import('../../../elements/rb-subscription-dialog/subscription-dialog.ts'),
    (element) => (element.subscribe = (options) => subscribe(item, options)),
    onClosed,
  );
  return <rb-subscription-dialog ref={dialog as React.Ref<HTMLElement>} name={item.name} kind={item.kind} doctype={item.doctype ?? undefined} />;
}
