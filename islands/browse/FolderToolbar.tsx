/**
 * Above the tiles: the sort menu (documentation §2), the paste button while something is on the
 * clipboard and the folder may receive it, and for org admins the trash bin with the number of items
 * deleted from this folder; then the folder's own menu (Favourite/Unfavourite, Subscribe/Unsubscribe,
 * Assign: ./follow.ts; Print QR Labels: the folder's QR label sheets). Plain buttons: the menus' Shoelace
 * parts load when one is first opened.
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { ClipboardItem } from '../../src/client/stores/clipboard.ts';
import type { MenuEntry } from './PopupMenu.tsx';
import { SORT_ORDERS, type SortOrder } from './sort-orders.ts';

const PopupMenu = lazy(() => import('./PopupMenu.tsx'));

interface Props {
  sort: SortOrder;
  onSort: (order: SortOrder) => void;
  /** The item waiting to be pasted here, if this folder may receive it. */
  pastable: ClipboardItem | null;
  onPaste: () => void;
  /** Items in the trash from this folder; undefined hides the bin (not an org admin). */
  trashCount: number | undefined;
  trashHref: string;
  /** The folder shown, as its own menu names it. */
  folderName: string;
  /** The folder's own menu (Favourite, Subscribe, Assign, Print QR Labels, Properties: ./BrowseFolder.tsx). */
  folderEntries: readonly MenuEntry[];
  onFolderEntry: (value: string) => void;
}

export function FolderToolbar({ sort, onSort, pastable, onPaste, trashCount, trashHref, folderName, folderEntries, onFolderEntry }: Props) {
  return (
    <div className="folder-toolbar" role="toolbar" aria-label="Folder">
      <SortMenu sort={sort} onSort={onSort} />
      {pastable && (
        <button type="button" className="button small" onClick={onPaste}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M5 2.5h6M4 3H3v11h10V3h-1M5.5 9l2 2 3-4" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Paste {pastable.name}
        </button>
      )}
      {trashCount !== undefined && <TrashLink count={trashCount} href={trashHref} />}
      {folderEntries.length > 0 && <FolderMenu folderName={folderName} entries={folderEntries} onEntry={onFolderEntry} />}
    </div>
  );
}

/**
 * A toolbar button that opens its menu (loaded on first use). Choosing an entry or closing the menu gives the
 * button the focus back, before the entry is acted on, so a dialog the entry opens returns the focus there.
 */
function MenuButton(props: { className: string; label?: string; menuLabel: string; entries: readonly MenuEntry[]; onEntry: (value: string) => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button type="button" className={props.className} ref={button} aria-label={props.label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {props.children}
      </button>
      {open && button.current && (
        <Suspense fallback={null}>
          <PopupMenu
            label={props.menuLabel}
            anchor={button.current}
            entries={props.entries}
            onSelect={(value) => {
              close();
              props.onEntry(value);
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}

function SortMenu({ sort, onSort }: { sort: SortOrder; onSort: (order: SortOrder) => void }) {
  return (
    <MenuButton
      className="button secondary small"
      menuLabel="Sort by"
      entries={SORT_ORDERS.map((order) => ({ value: order.key, label: order.label, checked: order.key === sort.key }))}
      onEntry={(key) => {
        const order = SORT_ORDERS.find((o) => o.key === key);
        if (order) onSort(order);
      }}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M4 2v11M1.5 10.5 4 13l2.5-2.5M8 4h7M8 8h5M8 12h3" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
      </svg>
      Sort: {sort.label}
    </MenuButton>
  );
}

/** For org admins: the trash bin with the number of items deleted from this folder. */
function TrashLink({ count, href }: { count: number; href: string }) {
  return (
    <a className="trash-link" href={href} aria-label={`Trash, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="trash-count" data-empty={count === 0} aria-hidden="true">
        {count}
      </span>
    </a>
  );
}

function FolderMenu({ folderName, entries, onEntry }: { folderName: string; entries: readonly MenuEntry[]; onEntry: (value: string) => void }) {
  const label = `Folder menu of ${folderName}`;
  return (
    <MenuButton className="button secondary small folder-menu-button" label={label} menuLabel={label} entries={entries} onEntry={onEntry}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="5" r="2" fill="currentColor" />
        <circle cx="12" cy="12" r="2" fill="currentColor" />
        <circle cx="12" cy="19" r="2" fill="currentColor" />
      </svg>
    </MenuButton>
  );
}
