/**
 * A menu popup anchored at an element or a point: the item menu (options button, right-click), the sort
 * menu and the folder menu — THE `<rb-item-menu>` (elements/rb-item-menu/, a document page's toolbar menu
 * too). The checked entry or the first takes the focus; Escape, Tab or a press outside closes it, and
 * `onClose` gives the focus back. Loaded on first use.
 */
import { useEffect, useRef } from 'react';
import '../../elements/rb-item-menu/item-menu.ts';
import type { MenuAnchor, MenuEntry, RbItemMenu } from '../../elements/rb-item-menu/item-menu.ts';

export type { MenuAnchor, MenuEntry };

export interface PopupMenuProps {
  label: string;
  anchor: MenuAnchor;
  entries: readonly MenuEntry[];
  onSelect: (value: string) => void;
  onClose: () => void;
}

export default function PopupMenu({ label, anchor, entries, onSelect, onClose }: PopupMenuProps) {
  const menu = useRef<RbItemMenu>(null);
  const handlers = useRef({ onSelect, onClose });
  handlers.current = { onSelect, onClose };

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const select = (event: CustomEvent<{ value: string }>) => handlers.current.onSelect(event.detail.value);
    const close = () => handlers.current.onClose();
    element.addEventListener('rb-select', select);
    element.addEventListener('rb-close', close);
    return () => {
      element.removeEventListener('rb-select', select);
      element.removeEventListener('rb-close', close);
    };
  }, []);

  useEffect(() => {
    if (menu.current) menu.current.entries = entries;
  }, [entries]);

  useEffect(() => {
    menu.current?.show(anchor);
    const element = menu.current;
    return () => element?.close(false);
  }, [anchor]);

  return <rb-item-menu ref={menu as React.Ref<HTMLElement>} label={label} />;
}
