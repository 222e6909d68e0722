/**
 * The toolbar menu of a document page (documentation §2 "Toolbar menu on a document page"): a menu
 * button whose menu is THE `<rb-item-menu>` (elements/rb-item-menu/, the folder browser's item menu
 * too), loaded when the menu is first opened. The button follows the ARIA menu button pattern
 * (menu-keys.ts wireMenuOpener, the avatar menu's too): a click (or Arrow Down / Arrow Up) opens the menu; the element moves between the entries and closes on Escape,
 * Tab or a press elsewhere, giving the focus back to the button. Choosing an entry closes the menu (focus
 * back on the button) and runs it.
 */
import type { RbItemMenu } from '../../../elements/rb-item-menu/item-menu.ts';
import { type MenuFocus, wireMenuOpener } from '../../../elements/rb-item-menu/menu-keys.ts';

export interface MenuAction {
  label: string;
  run: () => void;
}

export interface ToolbarMenu {
  /** The button and, once opened, its menu. */
  area: HTMLElement;
  button: HTMLButtonElement;
  /** Reads the entries again if the menu is open (a label that says what it does now has changed). */
  refresh(): Promise<unknown>;
}

let menus = 0;

/**
 * `actions` is read at each opening (and `refresh`), so every entry says what it does now; it may load
 * them (the document page's come with the menu: ./item-menu.ts).
 */
export function createToolbarMenu(label: string, actions: () => readonly MenuAction[] | Promise<readonly MenuAction[]>): ToolbarMenu {
  const id = `toolbar-menu-${++menus}`;
  const area = document.createElement('div');
  area.className = 'toolbar-menu';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button secondary toolbar-menu-button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-haspopup', 'menu');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="5" r="2" fill="currentColor"></circle><circle cx="12" cy="12" r="2" fill="currentColor"></circle><circle cx="12" cy="19" r="2" fill="currentColor"></circle></svg>';
  area.append(button);

  let menu: RbItemMenu | undefined;
  let shown: readonly MenuAction[] = [];
  const expanded = (open: boolean) => button.setAttribute('aria-expanded', String(open));
  const draw = (list: readonly MenuAction[]) => {
    shown = list;
    menu!.entries = list.map((action, i) => ({ value: String(i), label: action.label }));
  };

  async function open(focus: MenuFocus): Promise<void> {
    // The element and the entries (which may load) side by side.
    const [, list] = await Promise.all([import('../../../elements/rb-item-menu/item-menu.ts'), actions()]);
    if (!menu) {
      menu = document.createElement('rb-item-menu');
      menu.id = id;
      menu.setAttribute('label', label);
      menu.setAttribute('placement', 'bottom-end');
      menu.addEventListener('rb-close', () => expanded(false));
      menu.addEventListener('rb-select', (event) => {
        expanded(false);
        shown[Number(event.detail.value)]?.run();
      });
      area.append(menu);
      button.setAttribute('aria-controls', id);
    }
    draw(list);
    menu.show(button, button, focus);
    expanded(true);
  }

  wireMenuOpener(button, {
    isOpen: () => menu?.open === true,
    open: (focus) => void open(focus),
    close: (returnFocus) => {
      menu!.close(returnFocus);
      expanded(false);
    },
  });

  return { area, button, refresh: async () => menu?.open && draw(await actions()) };
}
