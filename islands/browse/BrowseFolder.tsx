/**
 * The folder browser (documentation §2 "Folder browser"): breadcrumbs, the folder's tiles, the item
 * menu, the folder's own menu (Favourite, Subscribe, Assign), the sort menu, paste, the trash bin for org admins, the speed dial and the dialogs. The folder
 * comes from the address: /documentation/browse is the root, /documentation/browse/{folderId} a folder.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import { announceFoldersChanged } from '../../src/client/folders-changed.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import { navigate } from '../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../src/client/stores/alerts.ts';
import { $clipboard, copyToClipboard, type ClipboardItem } from '../../src/client/stores/clipboard.ts';
import { loadSubscriptions, subscriptionOf, toggleFavourite, unsubscribe } from '../../src/client/stores/favourites.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import { ROOT, type Folder, type ListedItem } from '../../src/shared/api/documentation.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { FolderToolbar } from './FolderToolbar.tsx';
import { useItemDrops, type DraggedItem, type DropTarget } from './item-drag.ts';
import { browsePath, editPath, historyPath, itemPath, trashPath } from '../../src/shared/page-addresses.ts';
import { ItemMenu, type FollowAction, type ItemAction } from './ItemMenu.tsx';
import type { FollowSubject } from './follow.ts';
import { canPasteInto, speedDialOffers } from './offered-actions.ts';
import { ItemTile } from './ItemTile.tsx';
import type { MenuAnchor } from './PopupMenu.tsx';
import { folderLabel, messages } from './messages.ts';
import { rememberedSort, rememberSort, type SortOrder } from './sort-orders.ts';
import { SpeedDial } from './SpeedDial.tsx';
import { EmptyFolder } from './EmptyFolder.tsx';
import { useFolder } from './use-folder.ts';
import { folderIdFromAddress } from './folder-open.ts';
import { removeFolderPreview } from './folder-preview.ts';
import { addShoelaceTheme } from '../shared/shoelace-theme.ts';

// Shoelace's theme before the island's first render (the picture before it needs none).
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


export default function BrowseFolder() {
  const [user, setUser] = useState<CurrentUser | undefined>();
  useEffect(() => void signedInUser().then(setUser), []);
  return user ? <FolderBrowser user={user} folderId={folderIdFromAddress()} /> : null;
}

function FolderBrowser({ user, folderId }: { user: CurrentUser; folderId: string }) {
  const [sort, setSort] = useState<SortOrder>(rememberedSort);
  const { state, reload } = useFolder(folderId, sort.ordering);
  const clipboard = useStore($clipboard);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [menu, setMenu] = useState<Menu | undefined>();
  const [trashCount, setTrashCount] = useState<number | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const folder = state.status === 'ready' ? state.folder : undefined;

  // The first paint drawn before React (folder-preview.ts) goes in the same task as the island's own.
  useLayoutEffect(() => {
    if (state.status !== 'loading') removeFolderPreview();
  }, [state.status]);

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

  const pastable = clipboard && folder && canPasteInto(folder.user_permissions, clipboard.kind) ? clipboard : null;
  const dial = speedDialOffers(folder?.user_permissions ?? 0);
  const items = state.status === 'ready' ? state.items : undefined;
  const tiles = useMemo(() => items?.map((item) => <ItemTile key={item.id} item={item} onMenu={openMenu} />), [items, openMenu]);
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

  return (
    <div className="browse" ref={root}>
      <Breadcrumbs folder={folder} rootId={state.rootId} />
      <div className="browse-head">
        <h1 className="page-heading">{folderLabel(folder)}</h1>
        <FolderToolbar
          sort={sort}
          onSort={(order) => {
            rememberSort(order);
            setSort(order);
          }}
          pastable={pastable}
          onPaste={() => pastable && setDialog({ type: 'paste', item: pastable, destination: { id: folder.id, name: folderLabel(folder) } })}
          trashCount={user.is_org_admin ? trashCount : undefined}
          trashHref={trashPath(folder.parent_id === null ? ROOT : folder.id)}
          folder={{ kind: 'folder', id: folder.id, name: folderLabel(folder), doctype: null, user_permissions: folder.user_permissions }}
          onFollow={follow}
          onProperties={folder.parent_id === null ? () => setDialog({ type: 'properties', item: rootAsListed(folder), root: true }) : undefined}
        />
      </div>
      {folder.description && <p className="folder-description">{folder.description}</p>}
      {state.items.length === 0 ? (
        <EmptyFolder
          canCreateFolder={dial.newFolder}
          canCreateDocument={dial.newDocument}
          onNewFolder={() => setDialog({ type: 'new-folder' })}
          onNewDocument={() => setDialog({ type: 'new-document' })}
        />
      ) : (
        <ul className="item-grid" aria-label={`Contents of ${folderLabel(folder)}`} aria-busy={!state.complete}>
          {tiles}
        </ul>
      )}
      {(dial.newDocument || dial.newFolder) && (
        <SpeedDial
          canCreateDocument={dial.newDocument}
          canCreateFolder={dial.newFolder}
          onNewDocument={() => setDialog({ type: 'new-document' })}
          onNewFolder={() => setDialog({ type: 'new-folder' })}
        />
      )}
      <Suspense fallback={null}>
      {menu && <ItemMenu item={menu.item} anchor={menu.anchor} onSelect={act} onClose={closeMenu} />}
      {dialog?.type === 'new-folder' && <NewFolderDialog parentId={folder.id} onCreated={() => changed()} onClosed={closeDialog} />}
      {dialog?.type === 'new-document' && <NewDocumentDialog folderId={folder.id} onClosed={closeDialog} />}
      {dialog?.type === 'delete' && <DeleteDialog item={dialog.item} onChanged={changed} onClosed={closeDialog} />}
      {dialog?.type === 'properties' && <PropertiesDialog item={dialog.item} root={dialog.root} onSaved={changed} onClosed={closeDialog} />}
      {dialog?.type === 'paste' && <PasteDialog item={dialog.item} destination={dialog.destination} onPasted={changed} onClosed={closeDialog} />}
      {dialog?.type === 'qr-code' && <QrCodeDialog name={dialog.item.name} address={itemPath(dialog.item)} onClosed={closeDialog} />}
      {dialog?.type === 'subscribe' && <SubscriptionDialog item={dialog.item} onClosed={closeDialog} />}
      {dialog?.type === 'assign' && <AssignDialog item={dialog.item} onClosed={closeDialog} />}
      </Suspense>
    </div>
  );
}
