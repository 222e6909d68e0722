/**
 * A menu popup anchored at an element or a point: the item menu (options button, right-click) and the
 * sort menu. The first entry takes the focus; Escape, Tab or a click outside closes it, and `onClose`
 * gives the focus back. Loaded on first use, with the Shoelace parts it needs.
 */
import '../../src/client/shoelace.ts';
import SlMenu from '@shoelace-style/shoelace/dist/react/menu/index.js';
import SlMenuItem from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
import SlPopup from '@shoelace-style/shoelace/dist/react/popup/index.js';
import type SlMenuElement from '@shoelace-style/shoelace/dist/components/menu/menu.component.js';
import type SlMenuItemElement from '@shoelace-style/shoelace/dist/components/menu-item/menu-item.component.js';
import { useEffect, useRef } from 'react';

export type MenuAnchor = Element | { getBoundingClientRect: () => DOMRect };

export interface MenuEntry {
  value: string;
  label: string;
  /** A checkbox entry (the sort order in use). */
  checked?: boolean;
  danger?: boolean;
}

export interface PopupMenuProps {
  label: string;
  anchor: MenuAnchor;
  entries: readonly MenuEntry[];
  onSelect: (value: string) => void;
  onClose: () => void;
}

export default function PopupMenu({ label, anchor, entries, onSelect, onClose }: PopupMenuProps) {
  const menu = useRef<SlMenuElement>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const items = [...(menu.current?.querySelectorAll<HTMLElement>('sl-menu-item') ?? [])];
      (items.find((item) => item.hasAttribute('checked')) ?? items[0])?.focus();
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== 'Tab') return;
      event.preventDefault();
      onClose();
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
    <SlPopup anchor={anchor as Element} active placement="bottom-start" flip shift strategy="fixed" distance={4} className="menu-popup">
      <SlMenu ref={menu} aria-label={label} onSlSelect={(event) => onSelect((event.detail.item as SlMenuItemElement).value)}>
        {entries.map((entry) => (
          <SlMenuItem
            key={entry.value}
            value={entry.value}
            className={entry.danger ? 'danger' : undefined}
            {...(entry.checked !== undefined ? { type: 'checkbox' as const, checked: entry.checked } : {})}
          >
            {entry.label}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlPopup>
  );
}
