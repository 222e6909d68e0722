/**
 * THE keys of every menu of the app (the ARIA menu and menu button patterns), light and without side
 * effects, so a page's chrome can use them without loading `<rb-item-menu>`: the element's menus (a
 * document page's toolbar, the folder browser's), and the avatar menu of the top bar
 * (src/screens/chrome/avatar-menu.ts), which draws a menu of groups, a link and radio entries of its own.
 */

export type MenuFocus = 'first' | 'last' | 'none';

/**
 * A key pressed in a menu of `items` (in order, as they are now): Arrow Down and Up move round, Home and
 * End go to the ends, Space chooses (a link follows on Enter only), Escape and Tab `leave` — for Tab the
 * default stays, so once the focus is back on the opener it moves on.
 */
export function onMenuKey(event: KeyboardEvent, items: readonly HTMLElement[], leave: () => void): void {
  const at = items.indexOf(document.activeElement as HTMLElement);
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
    case ' ':
      items[at]?.click();
      break;
    case 'Escape':
      leave();
      break;
    case 'Tab':
      leave();
      return;
    default:
      return;
  }
  event.preventDefault();
  event.stopPropagation();
}

export interface MenuOpener {
  isOpen(): boolean;
  open(focus: MenuFocus): void;
  close(returnFocus: boolean): void;
}

/**
 * The button of a menu: a click opens it (the first entry takes the focus when the button had a visible
 * focus, none after a press with the mouse) or closes it; Arrow Down and Up open it on the first or the
 * last entry; Escape closes it when it was opened with the mouse and the focus stayed on the button.
 */
export function wireMenuOpener(button: HTMLElement, menu: MenuOpener): void {
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', () => (menu.isOpen() ? menu.close(false) : menu.open(button.matches(':focus-visible') ? 'first' : 'none')));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.isOpen()) menu.close(true);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') menu.open(event.key === 'ArrowDown' ? 'first' : 'last');
    else return;
    event.preventDefault();
  });
}
