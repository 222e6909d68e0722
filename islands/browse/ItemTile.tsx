/**
 * One item of the folder (documentation §2): an `<li>` around THE tile `<rb-item-tile>`
 * (elements/rb-item-tile/, which the first paint draws too). The name opens it; the options button and a
 * right-click open the item menu. Folders are drop targets, and items the action table lets the user
 * drag can be dragged onto them.
 */
import { memo, useEffect, useRef } from 'react';
import '../../elements/rb-item-tile/item-tile.ts';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { dragProps } from './item-drag.ts';
import { canDrag } from './offered-actions.ts';
import { tileAttributes } from './folder-parts.ts';
import type { MenuAnchor } from './PopupMenu.tsx';

interface Props {
  item: ListedItem;
  onMenu: (item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => void;
}

export const ItemTile = memo(function ItemTile({ item, onMenu }: Props) {
  const tile = useRef<HTMLElement>(null);
  const folder = item.kind === 'folder';
  useEffect(() => {
    const element = tile.current;
    const options = (event: CustomEvent<{ button: HTMLButtonElement }>) => onMenu(item, event.detail.button, event.detail.button);
    element?.addEventListener('rb-item-options', options);
    return () => element?.removeEventListener('rb-item-options', options);
  }, [item, onMenu]);
  return (
    <li
      className="item-tile"
      {...(folder ? { 'data-drop-folder-id': item.id, 'data-drop-folder-name': item.name } : {})}
      {...dragProps({ kind: item.kind, id: item.id, name: item.name, permissions: item.user_permissions }, canDrag(item))}
      onContextMenu={(event) => {
        event.preventDefault();
        const { clientX: x, clientY: y } = event;
        onMenu(item, { getBoundingClientRect: () => new DOMRect(x, y, 0, 0) }, event.currentTarget.querySelector('a'));
      }}
    >
      <rb-item-tile ref={tile} {...tileAttributes(item)} />
    </li>
  );
});
