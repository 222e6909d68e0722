/**
 * The item menu: the options button's menu and the right-click menu are this one popup, anchored at
 * the button or at the pointer. It offers only what the action table allows on the item
 * (./offered-actions.ts).
 */
import { lazy } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { itemActions, type ItemAction } from './offered-actions.ts';
import type { MenuAnchor } from './PopupMenu.tsx';

const PopupMenu = lazy(() => import('./PopupMenu.tsx'));

export type { ItemAction };

const labels: Record<ItemAction, string> = {
  open: 'Open',
  edit: 'Edit',
  copy: 'Copy',
  properties: 'Properties',
  history: 'History',
  'qr-code': 'QR Code',
  delete: 'Delete',
};

interface Props {
  item: ListedItem;
  anchor: MenuAnchor;
  onSelect: (action: ItemAction, item: ListedItem) => void;
  onClose: () => void;
}

export function ItemMenu({ item, anchor, onSelect, onClose }: Props) {
  return (
    <PopupMenu
      label={`Options for ${item.name}`}
      anchor={anchor}
      entries={itemActions(item).map((action) => ({ value: action, label: labels[action], danger: action === 'delete' }))}
      onSelect={(value) => onSelect(value as ItemAction, item)}
      onClose={onClose}
    />
  );
}
