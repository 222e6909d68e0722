/**
 * One item of the folder: its kind, name, description and date (documentation §2). The name opens
 * it; the options button and a right-click open the item menu. Folders are drop targets, and items the
 * action table lets the user drag can be dragged onto them.
 */
import { memo } from 'react';
import { formatDate } from '../../src/client/time-format.ts';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { dragProps } from './item-drag.ts';
import { canDrag } from './offered-actions.ts';
import { itemPath } from '../../src/client/addresses.ts';
import { KindIcon } from './KindIcon.tsx';
import { ITEM_KIND_LABELS } from '../../src/shared/item-kinds.ts';
import type { MenuAnchor } from './PopupMenu.tsx';


interface Props {
  item: ListedItem;
  onMenu: (item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => void;
}

export const ItemTile = memo(function ItemTile({ item, onMenu }: Props) {
  const modified = item.modified_at !== item.created_at;
  const date = modified ? item.modified_at : item.created_at;
  const folder = item.kind === 'folder';
  return (
    <li
      className="item-tile"
      data-kind={item.doctype ?? 'folder'}
      {...(folder ? { 'data-drop-folder-id': item.id, 'data-drop-folder-name': item.name } : {})}
      {...dragProps({ kind: item.kind, id: item.id, name: item.name, permissions: item.user_permissions }, canDrag(item))}
      onContextMenu={(event) => {
        event.preventDefault();
        const { clientX: x, clientY: y } = event;
        onMenu(item, { getBoundingClientRect: () => new DOMRect(x, y, 0, 0) }, event.currentTarget.querySelector('a'));
      }}
    >
      <KindIcon doctype={item.doctype} />
      <div className="item-text">
        <a className="item-name" href={itemPath(item)}>
          {item.name}
          <span className="visually-hidden">, {ITEM_KIND_LABELS[item.doctype ?? 'folder']}</span>
        </a>
        {item.description && <p className="item-description">{item.description}</p>}
        <p className="item-date">
          {modified ? 'Modified ' : 'Created '}
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
      </div>
      <button
        type="button"
        className="item-options"
        aria-label={`Options for ${item.name}`}
        aria-haspopup="menu"
        onClick={(event) => onMenu(item, event.currentTarget, event.currentTarget)}
      >
        <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
          <circle cx="8" cy="3" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="8" cy="13" r="1.5" />
        </svg>
      </button>
    </li>
  );
});
