/**
 * Above the tiles: the sort menu (documentation §2), the paste button while something is on the
 * clipboard and the folder may receive it, and for org admins the trash bin with the number of items
 * deleted from this folder.
 */
import SlBadge from '@shoelace-style/shoelace/dist/react/badge/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import SlIcon from '@shoelace-style/shoelace/dist/react/icon/index.js';
import SlMenu from '@shoelace-style/shoelace/dist/react/menu/index.js';
import SlMenuItem from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
import type SlMenuItemElement from '@shoelace-style/shoelace/dist/components/menu-item/menu-item.component.js';
import type { ClipboardItem } from '../../src/client/stores/clipboard.ts';
import { SORT_ORDERS, type SortOrder } from './sort-orders.ts';

interface Props {
  sort: SortOrder;
  onSort: (order: SortOrder) => void;
  /** The item waiting to be pasted here, if this folder may receive it. */
  pastable: ClipboardItem | null;
  onPaste: () => void;
  /** Items in the trash from this folder; undefined hides the bin (not an org admin). */
  trashCount: number | undefined;
  trashHref: string;
}

export function FolderToolbar({ sort, onSort, pastable, onPaste, trashCount, trashHref }: Props) {
  return (
    <div className="folder-toolbar" role="toolbar" aria-label="Folder">
      <SlDropdown>
        <SlButton slot="trigger" caret size="small">
          <SlIcon slot="prefix" name="sort-down" />
          Sort: {sort.label}
        </SlButton>
        <SlMenu
          aria-label="Sort by"
          onSlSelect={(event) => {
            const order = SORT_ORDERS.find((o) => o.key === (event.detail.item as SlMenuItemElement).value);
            if (order) onSort(order);
          }}
        >
          {SORT_ORDERS.map((order) => (
            <SlMenuItem key={order.key} type="checkbox" value={order.key} checked={order.key === sort.key}>
              {order.label}
            </SlMenuItem>
          ))}
        </SlMenu>
      </SlDropdown>
      {pastable && (
        <SlButton size="small" variant="primary" onClick={onPaste}>
          <SlIcon slot="prefix" name="clipboard-check" />
          Paste {pastable.name}
        </SlButton>
      )}
      {trashCount !== undefined && (
        <a className="trash-link" href={trashHref} aria-label={`Trash, ${trashCount} ${trashCount === 1 ? 'item' : 'items'}`}>
          <SlIcon name="trash" />
          <SlBadge variant={trashCount > 0 ? 'danger' : 'neutral'} pill aria-hidden="true">
            {trashCount}
          </SlBadge>
        </a>
      )}
    </div>
  );
}
