/**
 * The ARIA menu button pattern, shared by the avatar menu and a document page's toolbar menu: the button
 * opens the popup (Arrow Down/Up focus the first/last item); in the menu, arrows, Home and End move,
 * Space activates, Escape closes and gives the focus back, Tab or a click elsewhere closes.
 */
export interface MenuButtonParts {
  /** Everything that belongs to the menu (a click inside does not close it). */
  area: HTMLElement;
  button: HTMLElement;
  /** What is shown and hidden. */
  popup: HTMLElement;
  /** The role="menu" element. */
  menu: HTMLElement;
  /** The items, in order, as they are now. */
  items: () => HTMLElement[];
}

export interface MenuButton {
  open(focus: 'first' | 'last' | 'none'): void;
  close(returnFocus: boolean): void;
}

export function wireMenuButton({ area, button, popup, menu, items }: MenuButtonParts): MenuButton {
  function open(focus: 'first' | 'last' | 'none'): void {
    popup.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const list = items();
    if (focus !== 'none') (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    document.addEventListener('pointerdown', onOutside, true);
  }

  function close(returnFocus: boolean): void {
    if (popup.hidden) return;
    popup.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onOutside, true);
    if (returnFocus) button.focus();
  }

  function onOutside(event: Event): void {
    if (!area.contains(event.target as Node)) close(false);
  }

  button.addEventListener('click', () => (popup.hidden ? open(button.matches(':focus-visible') ? 'first' : 'none') : close(false)));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && !popup.hidden) {
      event.preventDefault();
      close(true);
    }
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
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
        move(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return; // let the focus move on
      case ' ':
        (document.activeElement as HTMLElement | null)?.click(); // links follow on Enter only
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  return { open, close };
}
