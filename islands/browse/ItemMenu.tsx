/**
 * The item menu: the options button's menu and the right-click menu are this one popup, anchored at
 * the button or at the pointer. It offers only what the action table allows on the item
 * (./offered-actions.ts); Favourite, Subscribe and Assign say what they will do now (./follow.ts).
 */
import { lazy } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { followEntries, isFollowAction, useFollowed } from './follow.ts';
import { itemActions, type FollowAction, type ItemAction } from './offered-actions.ts';
import type { MenuAnchor, MenuEntry } from './PopupMenu.tsx';

const PopupMenu = lazy(() => import('./PopupMenu.tsx'));

export type { FollowAction, ItemAction };

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
  onSelect: (action: ItemAction | FollowAction, item: ListedItem) => void;
  onClose: () => void;
}

export function ItemMenu({ item, anchor, onSelect, onClose }: Props) {
  const followed = useFollowed();
  const entries: MenuEntry[] = [];
  for (const action of itemActions(item)) {
    // Following and assigning come before Delete, which stays last.
    if (action === 'delete') entries.push(...followEntries(item, followed));
    entries.push({ value: action, label: labels[action], danger: action === 'delete' });
  }
  if (!entries.some((e) => e.value === 'favourite')) entries.push(...followEntries(item, followed));
  return (
    <PopupMenu
      label={`Options for ${item.name}`}
      anchor={anchor}
      entries={entries}
      onSelect={(value) => onSelect(isFollowAction(value) ? value : (value as ItemAction), item)}
      onClose={onClose}
    />
  );
}
