/**
 * What the folder browser's menus do (documentation §2): an item menu's action, the folder's own menu (Favourite,
 * Subscribe, Assign, Print QR Labels, Properties at the root), each as a navigation, a clipboard copy or a dialog.
 */
import { navigate } from '../../src/client/navigation.ts';
import { copyToClipboard } from '../../src/client/stores/clipboard.ts';
import { loadSubscriptions, subscriptionOf, toggleFavourite, unsubscribe } from '../../src/client/stores/favourites.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import { editPath, historyPath, itemPath, qrSheetPath } from '../../src/shared/page-addresses.ts';
import type { Dialog } from './FolderDialogs.tsx';
import { followEntries, isFollowAction, type Followed, type FollowSubject } from './follow.ts';
import type { FollowAction, ItemAction } from './ItemMenu.tsx';
import { folderLabel } from './messages.ts';

type Open = (dialog: Dialog) => void;

const PRINT_QR_LABELS = 'print-qr-labels';
const PROPERTIES = 'properties';

/** The root folder as the Properties dialog takes an item (its own menu opens it: the root is never a tile). */
function rootAsListed(folder: Folder): ListedItem {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    kind: 'folder',
    doctype: null,
    version: folder.version,
    created_at: folder.created,
    modified_at: folder.modified,
    created_by_username: folder.created_by_username,
    modified_by_username: folder.modified_by_username,
    subscription_options: { validation_errors_only: false, email_notifications: false },
    user_permissions: folder.user_permissions,
  };
}

/** Favourite or unfavourite at once; Subscribe opens the preferences, Unsubscribe does it at once; Assign opens its dialog. */
function follow(action: FollowAction, subject: FollowSubject, open: Open) {
  switch (action) {
    case 'favourite':
      return void toggleFavourite(subject);
    case 'subscribe':
      return void loadSubscriptions().then(
        (list) => (subscriptionOf(list.results, subject) ? void unsubscribe(subject) : open({ type: 'subscribe', item: subject })),
        () => open({ type: 'subscribe', item: subject }),
      );
    case 'assign':
      return open({ type: 'assign', item: subject });
  }
}

/** An item menu's action on `item`, a tile of `folder`. */
export function itemAction(action: ItemAction | FollowAction, item: ListedItem, folder: Folder | undefined, open: Open) {
  switch (action) {
    case 'favourite':
    case 'subscribe':
    case 'assign':
      return follow(action, item, open);
    case 'open':
      return navigate(itemPath(item));
    case 'edit':
      return navigate(editPath(item.id));
    case 'history':
      return navigate(historyPath(item.id));
    case 'copy':
      if (!folder) return;
      return copyToClipboard({
        kind: item.kind,
        id: item.id,
        name: item.name,
        permissions: item.user_permissions,
        originId: folder.id,
        originName: folderLabel(folder),
      });
    case 'properties':
    case 'delete':
    case 'qr-code':
      return open({ type: action, item });
  }
}

/** The folder as its own menu follows it. */
function folderSubject(folder: Folder): FollowSubject {
  return { kind: 'folder', id: folder.id, name: folderLabel(folder), doctype: null, user_permissions: folder.user_permissions };
}

/** The folder's own menu. Print QR Labels (issue #29): the folder's QR label sheets, on a page of their own; Read is enough. */
export function folderEntries(folder: Folder, followed: Followed) {
  return [
    ...followEntries(folderSubject(folder), followed),
    { value: PRINT_QR_LABELS, label: 'Print QR Labels' },
    ...(folder.parent_id === null ? [{ value: PROPERTIES, label: 'Properties' }] : []),
  ];
}

/** One entry of the folder's own menu chosen. */
export function folderEntryAction(value: string, folder: Folder, open: Open) {
  if (isFollowAction(value)) follow(value, folderSubject(folder), open);
  else if (value === PRINT_QR_LABELS) navigate(qrSheetPath(folder.id));
  else if (value === PROPERTIES) open({ type: 'properties', item: rootAsListed(folder), root: true });
}
