/** The item menu the folder browser has open (documentation §2): which tile, where, and the button that gets the focus back. */
import { useCallback, useState } from 'react';
import type { ListedItem } from '../../src/shared/api/documentation.ts';
import type { MenuAnchor } from './PopupMenu.tsx';

interface Menu {
  item: ListedItem;
  anchor: MenuAnchor;
  trigger: HTMLElement | null;
}

export function useItemMenu() {
  const [menu, setMenu] = useState<Menu | undefined>();
  const openMenu = useCallback((item: ListedItem, anchor: MenuAnchor, trigger: HTMLElement | null) => setMenu({ item, anchor, trigger }), []);
  /** Closed by Escape or a click outside: the focus goes back to the tile's button. */
  const closeMenu = useCallback(() => {
    setMenu((current) => {
      current?.trigger?.focus();
      return undefined;
    });
  }, []);
  /** An entry chosen: the menu's button takes the focus back first, so a dialog the action opens returns it there. */
  function leaveMenu() {
    menu?.trigger?.focus();
    setMenu(undefined);
  }
  return { menu, openMenu, closeMenu, leaveMenu };
}
