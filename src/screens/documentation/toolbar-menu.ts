/**
 * The toolbar menu of a document page (documentation §2 "Toolbar menu on a document page"): a menu
 * button with a popup of actions, following the ARIA menu button pattern. Arrow keys, Home and End
 * move between items; Escape closes and returns focus to the button; Tab or a click elsewhere closes.
 * Choosing an item closes the menu (focus back on the button) and runs the item.
 */

import { wireMenuButton } from '../chrome/menu-button.ts';

export interface MenuAction {
  label: string;
  run: () => void;
  /** Names the item (`data-action`) for a label that changes (Favourite/Unfavourite: ./item-menu.ts). */
  key?: string;
}

let menus = 0;

export function createToolbarMenu(label: string, actions: readonly MenuAction[]): HTMLElement {
  const id = `toolbar-menu-${++menus}`;
  const area = document.createElement('div');
  area.className = 'toolbar-menu';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button secondary toolbar-menu-button';
  button.id = `${id}-button`;
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-controls', id);
  button.setAttribute('aria-expanded', 'false');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="5" r="2" fill="currentColor"></circle><circle cx="12" cy="12" r="2" fill="currentColor"></circle><circle cx="12" cy="19" r="2" fill="currentColor"></circle></svg>';
  const menu = document.createElement('div');
  menu.className = 'toolbar-menu-popup';
  menu.id = id;
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-labelledby', button.id);
  menu.hidden = true;
  const items = actions.map((action) => {
    const item = document.createElement('button');
    item.type = 'button';
    item.className = 'menu-item';
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.textContent = action.label;
    if (action.key) item.dataset.action = action.key;
    item.addEventListener('click', () => {
      close(true);
      action.run();
    });
    return item;
  });
  menu.append(...items);
  area.append(button, menu);

  const { close } = wireMenuButton({ area, button, popup: menu, menu, items: () => items });

  return area;
}
