/**
 * The folder browser (documentation §2 "Folder browser"): breadcrumbs, the folder's tiles, the item
 * menu, the folder's own menu (Favourite, Subscribe, Assign), the sort menu, paste, the trash bin for org admins, the speed dial and the dialogs. The folder
 * comes from the address: /documentation/browse is the root, /documentation/browse/{folderId} a folder.
 */
import { useStore } from '@nanostores/react';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import { announceFoldersChanged } from '../../src/client/folders-changed.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import { navigate } from '../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../src/client/stores/alerts.ts';
import { $clipboard, copyToClipboard, type ClipboardItem } from '../../src/client/stores/clipboard.ts';
import { loadSubscriptions, subscriptionOf, toggleFavourite, unsubscribe } from '../../src/client/stores/favourites.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import { ROOT, type Folder, type ListedItem } from '../../src/shared/api/documentation.ts';
import { useItemDrops, type DraggedItem, type DropTarget } from './item-drag.ts';
import { browsePath, editPath, historyPath, itemPath, qrSheetPath, trashPath } from '../../src/shared/page-addresses.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import { dateTimeText } from '../../src/shared/date-time.ts';
import type { DateText } from '../../src/shared/first-paint/folder.ts';
import { ItemMenu, type FollowAction, type ItemAction } from './ItemMenu.tsx';
import { followEntries, isFollowAction, useFollowed, type FollowSubject } from './follow.ts';
import { canPasteInto } from './offered-actions.ts';
import type { MenuAnchor } from './PopupMenu.tsx';
import { folderLabel, messages } from './messages.ts';
import { DEFAULT_SORT, rememberedSort, rememberSort, type SortOrder } from './sort-orders.ts';
import { useFolder } from './use-folder.ts';
import { folderIdFromAddress, type OpenedFolder } from './folder-open.ts';
import { FolderPage, type FolderPageActions } from './FolderPage.tsx';
import { addShoelaceTheme } from '../shared/shoelace-theme.ts';

// Shoelace's theme before the island's first render (the server's drawing needs none).
addShoelaceTheme();

// The dialogs (and the Shoelace form controls they use) load when one is first opened.
const DeleteDialog = lazy(() => import('./dialogs/DeleteDialog.tsx').then((m) => ({ default: m.DeleteDialog })));
const NewDocumentDialog = lazy(() => import('./dialogs/NewDocumentDialog.tsx').then((m) => ({ default: m.NewDocumentDialog })));
const NewFolderDialog = lazy(() => import('./dialogs/NewFolderDialog.tsx').then((m) => ({ default: m.NewFolderDialog })));
const PasteDialog = lazy(() => import('./dialogs/PasteDialog.tsx').then((m) => ({ default: m.PasteDialog })));
const PropertiesDialog = lazy(() => import('./dialogs/PropertiesDialog.tsx').then((m) => ({ default: m.PropertiesDialog })));
const QrCodeDialog = lazy(() => import('../shared/QrCodeDialog.tsx').then((m) => ({ default: m.QrCodeDialog })));
const SubscriptionDialog = lazy(() => import('./dialogs/SubscriptionDialog.tsx').then((m) => ({ default: m.SubscriptionDialog })));
const AssignDialog = lazy(() => import('./dialogs/AssignDialog.tsx').then((m) => ({ default: m.AssignDialog })));

type Dialog =
  | { type: 'new-folder' }
  | { type: 'new-document' }
  | { type: 'delete'; item: ListedItem }
  | { type: 'properties'; item: ListedItem; root?: boolean }
  | { type: 'paste'; item: ClipboardItem; destination: DropTarget }
  | { type: 'qr-code'; item: ListedItem }
  | { type: 'subscribe'; item: FollowSubject }
  | { type: 'assign'; item: FollowSubject };

interface Menu {
  item: ListedItem;
  anchor: MenuAnchor;
  trigger: HTMLElement | null;
}

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

const failureText = (error: unknown) => problemText(error, messages.folderAccessFailed);


/** The folder the server drew, and who for: the island's first render draws the same (./mount.ts hydrates it). */
export interface DrawnFolder {
  user: CurrentUser;
  opened: OpenedFolder;
}

/** The dates as the server writes them (UTC: it does not know the reader's zone), until the island has taken the page over. */
const serverDateText: DateText = (iso) => dateTimeText(iso, 'UTC');

const PRINT_QR_LABELS = 'print-qr-labels';
const PROPERTIES = 'properties';

export default function BrowseFolder({ drawn }: { drawn?: DrawnFolder }) {
  const [user, setUser] = useState<CurrentUser | undefined>(drawn?.user);
  useEffect(() => void signedInUser().then(setUser), []);
  return user ? <FolderBrowser user={user} folderId={folderIdFromAddress()} drawn={drawn?.opened} /> : null;
}

/**
 * Whether the island has taken the server's drawing over: until then it draws what the server drew (the
 * default sort, UTC dates, nothing pasteable), then what this browser knows (the remembered sort, its zone, its clipboard).
 */
function useTakenOver(drawn: boolean): boolean {
  const [taken, setTaken] = useState(!drawn);
  useEffect(() => setTaken(true), []);
  return taken;
}

function FolderBrowser({ user, folderId, drawn }: { user: CurrentUser; folderId: string; drawn?: OpenedFolder }) {
  const takenOver = useTakenOver(drawn !== undefined);
  const [sort, setSort] = useState<SortOrder>(() => (drawn ? DEFAULT_SORT : rememberedSort()));
  const { state, reload } = useFolder(folderId, sort.ordering, drawn);
  const clipboard = useStore($clipboard);
  const followed = useFollowed();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [menu, setMenu] = useState<Menu | undefined>();
  const [trashCount, setTrashCount] = useState<number | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const folder = state.status === 'ready' ? state.folder : undefined;

  // The server drew the default sort: this browser's own, once the drawing is taken over.
  useEffect(() => {
    if (drawn) setSort(rememberedSort());
  }, [drawn]);

  useEffect(() => {
    // A folder that cannot be opened sends the user to the root with the reason (§8); the root itself
    // failing has nowhere to go, so it says so in place.
    if (state.status !== 'failed' || folderId === ROOT) return;
    showAlertAfterNavigation('warning', failureText(state.error));
    navigate(browsePath(), { replace: true });
  }, [state, folderId]);

  const refreshTrash = useCallback(() => {
    if (!user.is_org_admin || !folder) return;
    api.documentation
      .trash(folder.parent_id === null ? ROOT : folder.id, { limit: 1 })
      .then((page) => setTrashCount(page.total))
      .catch(() => setTrashCount(undefined));
  }, [user.is_org_admin, folder]);
  useEffect(refreshTrash, [refreshTrash]);

  const changed = useCallback(
    (item?: { kind: string }) => {
      reload();
      refreshTrash();
      if (!item || item.kind === 'folder') announceFoldersChanged();
    },
    [reload, refreshTrash],
  );

  const onDrop = useCallback(
    (item: DraggedItem, destination: DropTarget) => {
      if (!folder) return;
      const copied: ClipboardItem = { ...item, originId: folder.id, originName: folderLabel(folder) };
      copyToClipboard(copied);
      setDialog({ type: 'paste', item: copied, destination });
    },
    [folder],
  );
  useItemDrops(root, onDrop);

  const openMenu = useCallback((item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => setMenu({ item, anchor, trigger }), []);
  const closeMenu = useCallback(() => {
    setMenu((current) => {
      current?.trigger?.focus();
      return undefined;
    });
  }, []);

  /** Favourite or unfavourite at once; Subscribe opens the preferences, Unsubscribe does it at once; Assign opens its dialog. */
  function follow(action: FollowAction, subject: FollowSubject) {
    switch (action) {
      case 'favourite':
        return void toggleFavourite(subject);
      case 'subscribe':
        return void loadSubscriptions().then(
          (list) => (subscriptionOf(list.results, subject) ? void unsubscribe(subject) : setDialog({ type: 'subscribe', item: subject })),
          () => setDialog({ type: 'subscribe', item: subject }),
        );
      case 'assign':
        return setDialog({ type: 'assign', item: subject });
    }
  }

  function act(action: ItemAction | FollowAction, item: ListedItem) {
    // The menu's button takes the focus back first, so a dialog the action opens returns it there.
    menu?.trigger?.focus();
    setMenu(undefined);
    switch (action) {
      case 'favourite':
      case 'subscribe':
      case 'assign':
        return follow(action, item);
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
        return setDialog({ type: action, item });
    }
  }

  const closeDialog = useCallback(() => setDialog(undefined), []);

  if (state.status === 'failed' && folderId === ROOT) {
    return (
      <p className="error-text" role="alert">
        {failureText(state.error)}
      </p>
    );
  }
  if (state.status !== 'ready' || !folder) {
    return <p className="browse-loading" role="status">{state.status === 'loading' ? 'Loading…' : ''}</p>;
  }

  const pastable = takenOver && clipboard && canPasteInto(folder.user_permissions, clipboard.kind) ? clipboard : null;
  const subject: FollowSubject = { kind: 'folder', id: folder.id, name: folderLabel(folder), doctype: null, user_permissions: folder.user_permissions };
  const atRoot = folder.parent_id === null;
  // Print QR Labels (issue #29): the folder's QR label sheets, on a page of their own; Read is enough.
  const folderEntries = [
    ...followEntries(subject, followed),
    { value: PRINT_QR_LABELS, label: 'Print QR Labels' },
    ...(atRoot ? [{ value: PROPERTIES, label: 'Properties' }] : []),
  ];
  const actions: FolderPageActions = {
    onSort: (order) => {
      rememberSort(order);
      setSort(order);
    },
    onPaste: () => pastable && setDialog({ type: 'paste', item: pastable, destination: { id: folder.id, name: folderLabel(folder) } }),
    onFolderEntry: (value) => {
      if (isFollowAction(value)) follow(value, subject);
      else if (value === PRINT_QR_LABELS) navigate(qrSheetPath(folder.id));
      else if (value === PROPERTIES) setDialog({ type: 'properties', item: rootAsListed(folder), root: true });
    },
    onMenu: openMenu,
    onNewFolder: () => setDialog({ type: 'new-folder' }),
    onNewDocument: () => setDialog({ type: 'new-document' }),
  };

  return (
    <FolderPage
      folder={folder}
      rootId={state.rootId}
      items={state.items}
      complete={state.complete}
      sort={sort}
      dateText={takenOver ? formatDateTime : serverDateText}
      pastable={pastable}
      trash={user.is_org_admin && trashCount !== undefined ? { count: trashCount, href: trashPath(atRoot ? ROOT : folder.id) } : undefined}
      folderEntries={folderEntries}
      actions={actions}
      rootRef={root}
    >
      {menu && <ItemMenu item={menu.item} anchor={menu.anchor} onSelect={act} onClose={closeMenu} />}
      {dialog?.type === 'new-folder' && <NewFolderDialog parentId={folder.id} onCreated={() => changed()} onClosed={closeDialog} />}
      {dialog?.type === 'new-document' && <NewDocumentDialog folderId={folder.id} onClosed={closeDialog} />}
      {dialog?.type === 'delete' && <DeleteDialog item={dialog.item} onChanged={changed} onClosed={closeDialog} />}
      {dialog?.type === 'properties' && <PropertiesDialog item={dialog.item} root={dialog.root} onSaved={changed} onClosed={closeDialog} />}
      {dialog?.type === 'paste' && <PasteDialog item={dialog.item} destination={dialog.destination} onPasted={changed} onClosed={closeDialog} />}
      {dialog?.type === 'qr-code' && <QrCodeDialog name={dialog.item.name} address={itemPath(dialog.item)} onClosed={closeDialog} />}
      {dialog?.type === 'subscribe' && <SubscriptionDialog item={dialog.item} onClosed={closeDialog} />}
      {dialog?.type === 'assign' && <AssignDialog item={dialog.item} onClosed={closeDialog} />}
    </FolderPage>
  );
}
