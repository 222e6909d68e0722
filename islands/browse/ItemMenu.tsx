/**
 * The item menu: the options button's menu and the right-click menu are this one popup, anchored at
 * the button or at the pointer. It offers only what the user's permissions on the item allow
 * (documentation §4: Write for edit and copy, Delete for delete).
 */
import { lazy } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { hasPermission, Permission } from '../../src/shared/permissions/index.ts';
import type { MenuAnchor } from './PopupMenu.tsx';

const PopupMenu = lazy(() => import('./PopupMenu.tsx'));

export type ItemAction = 'open' | 'edit' | 'copy' | 'properties' | 'history' | 'qr-code' | 'delete';

const labels: Record<ItemAction, string> = {
  open: 'Open',
  edit: 'Edit',
  copy: 'Copy',
  properties: 'Properties',
  history: 'History',
  'qr-code': 'QR Code',
  delete: 'Delete',
};

export function actionsFor(item: ListedItem): ItemAction[] {
  const can = (bit: number) => hasPermission(item.user_permissions, bit);
  const document = item.kind === 'document';
  return [
    'open',
    ...(document && can(Permission.Write) ? (['edit'] as const) : []),
    ...(can(Permission.Write) ? (['copy'] as const) : []),
    'properties',
    ...(document ? (['history'] as const) : []),
    'qr-code',
    ...(can(Permission.Delete) ? (['delete'] as const) : []),
  ];
}

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
      entries={actionsFor(item).map((action) => ({ value: action, label: labels[action], danger: action === 'delete' }))}
      onSelect={(value) => onSelect(value as ItemAction, item)}
      onClose={onClose}
    />
  );
}
