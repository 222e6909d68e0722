/**
 * The folder browser (documentation §2 "Folder browser"): breadcrumbs, the folder's tiles, the item
 * menu, the folder's own menu (Favourite, Subscribe, Assign), the sort menu, paste, the trash bin for org admins, the speed dial and the dialogs. The folder
 * comes from the address: /documentation/browse is the root, /documentation/browse/{folderId} a folder.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { problemText } from '../../src/client/api.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import { navigate } from '../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../src/client/stores/alerts.ts';
import { $clipboard, copyToClipboard, type ClipboardItem } from '../../src/client/stores/clipboard.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import { ROOT, type Folder } from '../../src/shared/api/documentation.ts';
import { useItemDrops, type DraggedItem, type DropTarget } from './item-drag.ts';
import { browsePath, trashPath } from '../../src/shared/page-addresses.ts';
import { formatDateTime } from '../../src/client/time-format.ts';
import { dateTimeText } from '../../src/shared/date-time.ts';
import type { DateText } from '../../src/shared/first-paint/folder.ts';
import { ItemMenu } from './ItemMenu.tsx';
import { useFollowed } from './follow.ts';
import { canPasteInto } from './offered-actions.ts';
import { folderLabel, messages } from './messages.ts';
import { DEFAULT_SORT, rememberedSort, rememberSort, type SortOrder } from './sort-orders.ts';
import { useFolder, type FolderState } from './use-folder.ts';
import { folderIdFromAddress, type OpenedFolder } from './folder-open.ts';
import { FolderPage, type FolderPageActions } from './FolderPage.tsx';
import { addShoelaceTheme } from '../shared/shoelace-theme.ts';
import { FolderDialogs, type Dialog } from './FolderDialogs.tsx';
import { folderEntries, folderEntryAction, itemAction } from './folder-actions.ts';
import { useItemMenu } from './use-item-menu.ts';
import { useTrashCount } from './use-trash-count.ts';

// Shoelace's theme before the island's first render (the server's drawing needs none).
addShoelaceTheme();

const failureText = (error: unknown) => problemText(error, messages.folderAccessFailed);


/** The folder the server drew, and who for: the island's first render draws the same (./mount.ts hydrates it). */
export interface DrawnFolder {
  user: CurrentUser;
  opened: OpenedFolder;
}

/** The dates as the server writes them (UTC: it does not know the reader's zone), until the island has taken the page over. */
const serverDateText: DateText = (iso) => dateTimeText(iso, 'UTC');

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

/** The sort: the server drew the default, this browser's own once the drawing is taken over. */
function useSort(drawn: boolean) {
  const [sort, setSort] = useState<SortOrder>(() => (drawn ? DEFAULT_SORT : rememberedSort()));
  useEffect(() => {
    if (drawn) setSort(rememberedSort());
  }, [drawn]);
  return [sort, setSort] as const;
}

/**
 * A folder that cannot be opened sends the user to the root with the reason (§8); the root itself failing has
 * nowhere to go, so it says so in place.
 */
function useLeaveUnopenable(state: FolderState, folderId: string) {
  useEffect(() => {
    if (state.status !== 'failed' || folderId === ROOT) return;
    showAlertAfterNavigation('warning', failureText(state.error));
    navigate(browsePath(), { replace: true });
  }, [state, folderId]);
}

/** An item dropped on a folder tile or a breadcrumb: copied, and the paste dialog asks where it goes. */
function useFolderDrops(root: RefObject<HTMLDivElement | null>, folder: Folder | undefined, open: (dialog: Dialog) => void) {
  const onDrop = useCallback(
    (item: DraggedItem, destination: DropTarget) => {
      if (!folder) return;
      const copied: ClipboardItem = { ...item, originId: folder.id, originName: folderLabel(folder) };
      copyToClipboard(copied);
      open({ type: 'paste', item: copied, destination });
    },
    [folder, open],
  );
  useItemDrops(root, onDrop);
}

function FolderBrowser({ user, folderId, drawn }: { user: CurrentUser; folderId: string; drawn?: OpenedFolder }) {
  const takenOver = useTakenOver(drawn !== undefined);
  const [sort, setSort] = useSort(drawn !== undefined);
  const { state, reload } = useFolder(folderId, sort.ordering, drawn);
  const clipboard = useStore($clipboard);
  const followed = useFollowed();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const { menu, openMenu, closeMenu, leaveMenu } = useItemMenu();
  const root = useRef<HTMLDivElement>(null);
  const folder = state.status === 'ready' ? state.folder : undefined;
  useLeaveUnopenable(state, folderId);
  const { trashCount, changed } = useTrashCount(user, folder, reload);
  useFolderDrops(root, folder, setDialog);
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
  const atRoot = folder.parent_id === null;
  const actions: FolderPageActions = {
    onSort: (order) => {
      rememberSort(order);
      setSort(order);
    },
    onPaste: () => pastable && setDialog({ type: 'paste', item: pastable, destination: { id: folder.id, name: folderLabel(folder) } }),
    onFolderEntry: (value) => folderEntryAction(value, folder, setDialog),
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
      folderEntries={folderEntries(folder, followed)}
      actions={actions}
      rootRef={root}
    >
      {menu && (
        <ItemMenu
          item={menu.item}
          anchor={menu.anchor}
          onSelect={(action, item) => {
            leaveMenu();
            itemAction(action, item, folder, setDialog);
          }}
          onClose={closeMenu}
        />
      )}
      <FolderDialogs dialog={dialog} folderId={folder.id} onChanged={changed} onClosed={closeDialog} />
    </FolderPage>
  );
}
