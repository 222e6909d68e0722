/**
 * The toolbar menu of a document page (documentation §2 "Toolbar menu on a document page"): a menu
 * button with a popup of actions, following the ARIA menu button pattern. Arrow keys, Home and End
 * move between items; Escape closes and returns focus to the button; Tab or a click elsewhere closes.
 * Choosing an item closes the menu (focus back on the button) and runs the item.
 */

export interface MenuAction {
  label: string;
  run: () => void;
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
    item.addEventListener('click', () => {
      close(true);
      action.run();
    });
    return item;
  });
  menu.append(...items);
  area.append(button, menu);

  function open(focus: 'first' | 'last' | 'none'): void {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (focus !== 'none') (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
    document.addEventListener('pointerdown', onOutside, true);
  }

  function close(returnFocus: boolean): void {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onOutside, true);
    if (returnFocus) button.focus();
  }

  function onOutside(event: Event): void {
    if (!area.contains(event.target as Node)) close(false);
  }

  button.addEventListener('click', () => (menu.hidden ? open(button.matches(':focus-visible') ? 'first' : 'none') : close(false)));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && !menu.hidden) {
      event.preventDefault();
      close(true);
    }
  });
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return; // let the focus move on
      default:
        return;
    }
    event.preventDefault();
  });

  return area;
}
