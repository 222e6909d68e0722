/**
 * THE drawing of an opened folder (documentation §2 "Folder browser", issue #42): breadcrumbs, heading,
 * the toolbar (sort button, paste, trash, the folder's own menu), the description, the tiles or the empty
 * folder's words, and the speed dial. Built for both sides: the server renders it with react-dom/server
 * into the browse page's first HTML (src/server/http/first-paint/folder.ts) from the page data's folder
 * and contents answers, and the browser's island (./BrowseFolder.tsx) renders it with the same props and
 * hydrates that HTML in place (./mount.ts). So it touches no `window` or `document` at import, and imports
 * no element module (./mount.ts defines `<rb-item-tile>` and `<rb-breadcrumbs>` in the browser).
 */
import { Suspense, useMemo, type ReactNode, type RefObject } from 'react';
import type { ClipboardItem } from '../../src/client/stores/clipboard.ts';
import type { Folder, ListedItem } from '../../src/shared/api/documentation.ts';
import type { DateText } from '../../src/shared/first-paint/folder.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { EmptyFolder } from './EmptyFolder.tsx';
import { FolderToolbar } from './FolderToolbar.tsx';
import { ItemTile } from './ItemTile.tsx';
import { folderLabel } from './messages.ts';
import type { MenuAnchor, MenuEntry } from './PopupMenu.tsx';
import type { SortOrder } from './sort-orders.ts';
import { SpeedDial } from './SpeedDial.tsx';
import { speedDialOffers } from './offered-actions.ts';

/** What the page does when asked (the island's; the server's drawing is never used before hydration). */
export interface FolderPageActions {
  onSort: (order: SortOrder) => void;
  onPaste: () => void;
  onFolderEntry: (value: string) => void;
  onMenu: (item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => void;
  onNewFolder: () => void;
  onNewDocument: () => void;
}

export interface FolderPageProps {
  folder: Folder;
  rootId: string;
  items: readonly ListedItem[];
  /** Every item is in (`aria-busy` while pages are still arriving). */
  complete: boolean;
  sort: SortOrder;
  /** The dates in words: UTC on the server (and while hydrating), the browser's zone after. */
  dateText: DateText;
  pastable: ClipboardItem | null;
  /** The trash bin of this folder: its count and address (an org admin's, once counted). */
  trash?: { count: number; href: string };
  folderEntries: readonly MenuEntry[];
  actions: FolderPageActions;
  rootRef?: RefObject<HTMLDivElement | null>;
  /** The menus and dialogs the island opens (none on the server). */
  children?: ReactNode;
}

export function FolderPage({ folder, rootId, items, complete, sort, dateText, pastable, trash, folderEntries, actions, rootRef, children }: FolderPageProps) {
  const dial = speedDialOffers(folder.user_permissions);
  const name = folderLabel(folder);
  const tiles = useMemo(() => items.map((item) => <ItemTile key={item.id} item={item} dateText={dateText} onMenu={actions.onMenu} />), [items, dateText, actions.onMenu]);
  return (
    <div className="browse" ref={rootRef}>
      <Breadcrumbs folder={folder} rootId={rootId} />
      <div className="browse-head">
        <h1 className="page-heading">{name}</h1>
        <FolderToolbar
          sort={sort}
          onSort={actions.onSort}
          pastable={pastable}
          onPaste={actions.onPaste}
          trashCount={trash?.count}
          trashHref={trash?.href ?? ''}
          folderName={name}
          folderEntries={folderEntries}
          onFolderEntry={actions.onFolderEntry}
        />
      </div>
      {folder.description && <p className="folder-description">{folder.description}</p>}
      {items.length === 0 ? (
        <EmptyFolder canCreateFolder={dial.newFolder} canCreateDocument={dial.newDocument} onNewFolder={actions.onNewFolder} onNewDocument={actions.onNewDocument} />
      ) : (
        <ul className="item-grid" aria-label={`Contents of ${name}`} aria-busy={!complete}>
          {tiles}
        </ul>
      )}
      {(dial.newDocument || dial.newFolder) && (
        <SpeedDial canCreateDocument={dial.newDocument} canCreateFolder={dial.newFolder} onNewDocument={actions.onNewDocument} onNewFolder={actions.onNewFolder} />
      )}
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
