/**
 * One item of the folder (documentation §2): an `<li>` around THE tile `<rb-item-tile>`
 * (elements/rb-item-tile/), its parts drawn with THE tile markup on the server and in the browser alike. The name opens it; the options button and a
 * right-click open the item menu. Folders are drop targets, and items the action table lets the user
 * drag can be dragged onto them.
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import type { DateText } from '../../src/shared/first-paint/folder.ts';
import { itemTileMarkup } from '../../src/shared/first-paint/item-tile.ts';
import { dragProps } from './item-drag.ts';
import { canDrag } from './offered-actions.ts';
import { tileAttributes } from '../../src/shared/first-paint/folder.ts';
import type { MenuAnchor } from './PopupMenu.tsx';

interface Props {
  item: ListedItem;
  dateText: DateText;
  onMenu: (item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => void;
}

export const ItemTile = memo(function ItemTile({ item, dateText, onMenu }: Props) {
  const tile = useRef<HTMLElement>(null);
  const attributes = tileAttributes(item, dateText);
  // Its parts as they are first drawn (on the server too): later the element redraws them from its attributes in place.
  const [parts] = useState(() => ({ __html: itemTileMarkup(attributes) }));
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
      <rb-item-tile ref={tile} {...attributes} dangerouslySetInnerHTML={parts} />
    </li>
  );
});
