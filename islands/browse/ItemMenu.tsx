/**
 * The item menu: the options button's menu and the right-click menu are this one popup, anchored at
 * the button or at the pointer. It offers only what the user's permissions on the item allow
 * (documentation §4: Write for edit and copy, Delete for delete). Escape or a click outside closes it
 * and focus goes back where it came from.
 */
import SlMenu from '@shoelace-style/shoelace/dist/react/menu/index.js';
import SlMenuItem from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
import SlPopup from '@shoelace-style/shoelace/dist/react/popup/index.js';
import type SlMenuElement from '@shoelace-style/shoelace/dist/components/menu/menu.component.js';
import type SlMenuItemElement from '@shoelace-style/shoelace/dist/components/menu-item/menu-item.component.js';
import { useEffect, useRef } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import { hasPermission, Permission } from '../../src/shared/permissions.ts';
import type { MenuAnchor } from './ItemTile.tsx';

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
  const menu = useRef<SlMenuElement>(null);

  useEffect(() => {
    // Focus the first entry once the popup has rendered it.
    const frame = requestAnimationFrame(() => menu.current?.querySelector<HTMLElement>('sl-menu-item')?.focus());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') {
        event.preventDefault();
        onClose();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [onClose]);

  return (
    <SlPopup anchor={anchor as Element} active placement="bottom-start" flip shift strategy="fixed" distance={4} className="item-menu-popup">
      <SlMenu
        ref={menu}
        aria-label={`Options for ${item.name}`}
        onSlSelect={(event) => onSelect((event.detail.item as SlMenuItemElement).value as ItemAction, item)}
      >
        {actionsFor(item).map((action) => (
          <SlMenuItem key={action} value={action} className={action === 'delete' ? 'danger' : undefined}>
            {labels[action]}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlPopup>
  );
}
