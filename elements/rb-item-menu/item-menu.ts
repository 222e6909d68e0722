/**
 * `<rb-item-menu>`: THE menu of an item's actions, and of every popup menu of the documentation pages — a
 * document page's toolbar menu (src/screens/documentation/toolbar-menu.ts), the folder browser's item menu
 * (options button, right-click), its sort menu and its folder menu (islands/browse/PopupMenu.tsx). A
 * `role="menu"` box of entries shown in the top layer (a `popover`) beside an anchor: under it, or above
 * when there is no room below, and kept inside the window.
 *
 * The ARIA menu pattern (its keys: ./menu-keys.ts, the avatar menu's too): `show()` focuses the checked
 * entry or the first (or the last); Arrow Down and Up move round, Home and End go to the ends, Enter and
 * Space choose. Escape closes it and gives the focus back to the opener; Tab closes it, gives the focus
 * back and lets it move on; a press outside closes it.
 *
 * An element of the app, not one for other sites (so not in ringbinder.ts): it draws in the page's light
 * DOM with a stylesheet of its own, added to the document once, in the app's custom properties. No Lit:
 * the light pages load it when their menu is first opened, and Lit is on none of them but a checklist's.
 *
 * Attributes: `label` (the menu's accessible name), `placement` ('bottom-start', the default, or
 * 'bottom-end': aligned with the anchor's left or right edge). Property: `entries` (MenuEntry[]).
 * Events: `rb-select` ({value}) when an entry is chosen (the menu has closed, the focus is back on the
 * opener); `rb-close` ({}) when it is closed otherwise (Escape, Tab, a press outside).
 */
import { onMenuKey } from './menu-keys.ts';

export interface MenuEntry {
  value: string;
  label: string;
  /** A checkbox entry (the sort order in use). */
  checked?: boolean;
  /** Said in the danger colour (Delete). */
  danger?: boolean;
}

/** Where the menu stands: an element, or a point (a right-click) as a zero-sized rectangle. */
export type MenuAnchor = Element | { getBoundingClientRect: () => DOMRect };

declare global {
  interface GlobalEventHandlersEventMap {
    /** An entry of the menu was chosen. */
    'rb-select': CustomEvent<{ value: string }>;
    /** The menu closed without a choice (Escape, Tab, a press outside). */
    'rb-close': CustomEvent<Record<string, never>>;
  }
}

/** The gap between the anchor and the menu, and the least margin to the window's edges (px). */
const GAP = 4;

/**
 * The look of Shoelace's menu and menu items (sl-menu, sl-menu-item), the house's menus before this one:
 * its panel, item padding, check column, hover and focus colours, in Shoelace's design tokens where a
 * page has loaded its theme (the folder browser) and their light theme's values where not.
 */
const STYLES = `
rb-item-menu {
  position: fixed; inset: auto; margin: 0; box-sizing: border-box;
  min-width: 11rem; max-width: calc(100vw - 2rem); max-height: calc(100vh - 1rem); overflow: auto; overscroll-behavior: none;
  padding: var(--sl-spacing-x-small, 0.5rem) 0;
  background: var(--sl-panel-background-color, #fff);
  border: solid var(--sl-panel-border-width, 1px) var(--sl-panel-border-color, hsl(240 5.9% 90%));
  border-radius: var(--sl-border-radius-medium, 0.25rem); box-shadow: 0 8px 24px rgb(var(--rb-shadow-rgb, 0 0 0) / 0.18);
}
rb-item-menu .rb-menu-item {
  position: relative; display: flex; align-items: center; width: 100%; margin: 0; border: none; border-radius: 0; background: none;
  padding: var(--sl-spacing-2x-small, 0.25rem) calc(var(--sl-spacing-2x-small, 0.25rem) + 1.5em);
  font-family: var(--sl-font-sans, var(--rb-font)); font-size: var(--sl-font-size-medium, 1rem);
  font-weight: var(--sl-font-weight-normal, 400); line-height: var(--sl-line-height-normal, 1.8); letter-spacing: normal;
  color: var(--sl-color-neutral-700, hsl(240 5.3% 26.1%)); text-align: left; white-space: nowrap; cursor: pointer; user-select: none;
}
rb-item-menu .rb-menu-item:hover:not(:focus-visible) {
  background: var(--sl-color-neutral-100, hsl(240 4.8% 95.9%)); color: var(--sl-color-neutral-1000, #000);
}
rb-item-menu .rb-menu-item.danger:not(:focus-visible) { color: var(--rb-danger, #b3261e); }
rb-item-menu .rb-menu-item:focus { outline: none; }
rb-item-menu .rb-menu-item:focus-visible { background: var(--sl-color-primary-600, #1a2238); color: var(--sl-color-neutral-0, #fff); }
rb-item-menu .rb-menu-check {
  position: absolute; top: 50%; left: calc(var(--sl-spacing-2x-small, 0.25rem) + 0.25em); width: 1em; height: 1em;
  transform: translateY(-50%); visibility: hidden;
}
rb-item-menu .rb-menu-item[aria-checked='true'] .rb-menu-check { visibility: visible; }
@media (forced-colors: active) {
  rb-item-menu .rb-menu-item:hover, rb-item-menu .rb-menu-item:focus-visible { outline: dashed 1px SelectedItem; outline-offset: -1px; }
}
`;

/** Shoelace's check (its system icon), drawn in the entry's colour. */
const CHECK =
  '<svg class="rb-menu-check" viewBox="0 0 16 16" aria-hidden="true"><g fill="none" stroke="currentColor" stroke-linecap="round" transform="translate(3.428571, 3.428571)"><path d="M0,5.71428571 L3.42857143,9.14285714"></path><path d="M9.14285714,0 L3.42857143,9.14285714"></path></g></svg>';

let styled = false;

/** The element's stylesheet, once per document (a constructed sheet: allowed by the CSP, as Lit's are). */
function addStyles(): void {
  if (styled) return;
  styled = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

export class RbItemMenu extends HTMLElement {
  static readonly observedAttributes = ['label'];

  #entries: readonly MenuEntry[] = [];
  #anchor: MenuAnchor | null = null;
  #opener: HTMLElement | null = null;

  /** The entries, in order; set while open, the focus stays on the entry of the same value. */
  get entries(): readonly MenuEntry[] {
    return this.#entries;
  }

  set entries(entries: readonly MenuEntry[]) {
    const focused = this.#items().indexOf(document.activeElement as HTMLButtonElement);
    const value = focused >= 0 ? this.#entries[focused]?.value : undefined;
    this.#entries = entries;
    this.#draw();
    if (value !== undefined) this.#items()[Math.max(0, entries.findIndex((e) => e.value === value))]?.focus();
    if (this.open) this.#place();
  }

  /** Whether the menu is shown. */
  get open(): boolean {
    return this.isConnected && this.matches(':popover-open');
  }

  connectedCallback(): void {
    addStyles();
    this.popover = 'manual';
    this.setAttribute('role', 'menu');
    this.attributeChangedCallback();
    this.addEventListener('keydown', this.#onKey);
    this.addEventListener('click', this.#onClick);
    this.addEventListener('pointermove', this.#onHover);
  }

  disconnectedCallback(): void {
    this.#stopWatching();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.setAttribute('aria-label', this.getAttribute('label') ?? '');
  }

  /**
   * Shows the menu at `anchor`; the focus goes back to `opener` (by default what has it now) when it
   * closes. `focus`: the checked entry or the first, the last, or none (a click with the mouse).
   */
  show(anchor: MenuAnchor, opener: HTMLElement | null = document.activeElement as HTMLElement | null, focus: 'first' | 'last' | 'none' = 'first'): void {
    this.#anchor = anchor;
    this.#opener = opener;
    if (!this.open) this.showPopover();
    this.#place();
    const items = this.#items();
    if (focus === 'first') (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    else if (focus === 'last') items[items.length - 1]?.focus();
    document.addEventListener('pointerdown', this.#onOutside, true);
    addEventListener('resize', this.#onMove);
    addEventListener('scroll', this.#onMove, true);
  }

  /** Closes the menu; the focus goes back to the opener when `returnFocus`. Emits nothing. */
  close(returnFocus = true): void {
    if (!this.open) return;
    this.#stopWatching();
    this.hidePopover();
    if (returnFocus) this.#opener?.focus();
  }

  #stopWatching(): void {
    document.removeEventListener('pointerdown', this.#onOutside, true);
    removeEventListener('resize', this.#onMove);
    removeEventListener('scroll', this.#onMove, true);
  }

  #dismiss(returnFocus: boolean): void {
    this.close(returnFocus);
    this.dispatchEvent(new CustomEvent('rb-close', { detail: {}, bubbles: true }));
  }

  #items(): HTMLButtonElement[] {
    return [...this.querySelectorAll<HTMLButtonElement>(':scope > .rb-menu-item')];
  }

  #draw(): void {
    this.replaceChildren(
      ...this.#entries.map((entry) => {
        const item = document.createElement('button');
        item.type = 'button';
        item.className = entry.danger ? 'rb-menu-item danger' : 'rb-menu-item';
        item.tabIndex = -1;
        item.dataset.value = entry.value;
        item.textContent = entry.label;
        if (entry.checked === undefined) item.setAttribute('role', 'menuitem');
        else {
          item.setAttribute('role', 'menuitemcheckbox');
          item.setAttribute('aria-checked', String(entry.checked));
          item.insertAdjacentHTML('afterbegin', CHECK);
        }
        return item;
      }),
    );
  }

  /** Under the anchor (above it when only there it fits), inside the window. */
  #place(): void {
    if (!this.#anchor) return;
    const at = this.#anchor.getBoundingClientRect();
    const { width, height } = this.getBoundingClientRect();
    let top = at.bottom + GAP;
    if (top + height > innerHeight - GAP && at.top - GAP - height >= GAP) top = at.top - GAP - height;
    const left = this.getAttribute('placement') === 'bottom-end' ? at.right - width : at.left;
    this.style.top = `${Math.max(GAP, top)}px`;
    this.style.left = `${Math.min(Math.max(GAP, left), innerWidth - width - GAP)}px`;
  }

  #onMove = (): void => this.#place();

  #onOutside = (event: Event): void => {
    // The opener's own click toggles the menu (a menu button closes what it opened).
    const target = event.target as Node;
    if (!this.contains(target) && !this.#opener?.contains(target)) this.#dismiss(false);
  };

  /**
   * The entry the mouse moves over takes the focus (as Shoelace's do), so the arrows go on from there. A
   * move, not a mouseover: a menu opening under a still pointer must not take the focus from the keyboard.
   */
  #onHover = (event: PointerEvent): void => {
    if (event.pointerType !== 'mouse') return;
    const item = (event.target as Element).closest<HTMLButtonElement>('.rb-menu-item');
    if (item && item !== document.activeElement) item.focus();
  };

  #onClick = (event: MouseEvent): void => {
    const item = (event.target as Element).closest<HTMLButtonElement>('.rb-menu-item');
    if (!item || !this.open) return;
    this.close(true);
    this.dispatchEvent(new CustomEvent('rb-select', { detail: { value: item.dataset.value! }, bubbles: true }));
  };

  #onKey = (event: KeyboardEvent): void => onMenuKey(event, this.#items(), () => this.#dismiss(true));
}

if (!customElements.get('rb-item-menu')) customElements.define('rb-item-menu', RbItemMenu);

declare global {
  interface HTMLElementTagNameMap {
    'rb-item-menu': RbItemMenu;
  }
}
