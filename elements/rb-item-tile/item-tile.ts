/**
 * `<rb-item-tile>`: THE tile of an item in a folder (documentation §2) — the picture of its kind, its name
 * as the link that opens it (the kind said after it to screen readers), its description, 'Created' or
 * 'Modified' with the date, and the options button. The browse island draws it (islands/browse/ItemTile.tsx),
 * on the server too (issue #42: react-dom/server, then hydrated), its parts in THE tile markup.
 *
 * An element of the app, not one for other sites (so not in ringbinder.ts): it stands inside the
 * `<li class="item-tile">` of a folder's list, which holds the list semantics, the drag and the drop
 * target, and draws its parts in the page's light DOM in the classes of islands/browse/browse.css
 * (`rb-item-tile { display: contents }`: the icon, the text and the button are the tile's flex items).
 * No Lit: it draws the browse page's first paint, whose scripts hold no Lit (≈6 KB gzip more before it),
 * and its parts are THE tile markup the server writes into the page's first HTML too.
 *
 * Attributes: `name`, `href`, `kind` ('folder' or the doctype: its picture and its word), `description`,
 * `date` (ISO, the `<time>`'s datetime), `date-text` (the date in words, as the page writes dates:
 * src/client/time-format.ts formatDateTime) and `modified` (the date is the last change, not the creation).
 * Event: `rb-item-options` ({button}), bubbling, when the options button is clicked (the item menu opens at it).
 */
import { itemTileMarkup } from '../../src/shared/first-paint/item-tile.ts';
import { morphInto } from '../shared/morph.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** The options button of a tile was clicked: the item menu opens at `button`. */
    'rb-item-options': CustomEvent<{ button: HTMLButtonElement }>;
  }
}

/**
 * Draws its parts from its attributes with THE tile markup (src/shared/first-paint/item-tile.ts), which
 * the server also writes into a folder's first HTML: a tile that comes with its parts (the server's, or a
 * clone of a drawn tile: the touch drag's ghost) adopts them as they are; an attribute changed later draws
 * it again in place (../shared/morph.ts): the button and the link stay the same nodes, the focus with them.
 */
export class RbItemTile extends HTMLElement {
  static readonly observedAttributes = ['name', 'href', 'kind', 'description', 'date', 'date-text', 'modified'];

  #drawn = false;

  constructor() {
    super();
    this.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest?.('button.item-options');
      if (button instanceof HTMLButtonElement && this.contains(button)) {
        this.dispatchEvent(new CustomEvent('rb-item-options', { detail: { button }, bubbles: true }));
      }
    });
  }

  connectedCallback(): void {
    if (this.#drawn) return;
    if (this.querySelector(':scope > .item-text')) this.#drawn = true;
    else this.#draw();
  }

  attributeChangedCallback(): void {
    if (this.#drawn) this.#draw();
  }

  #draw(): void {
    const attributes = Object.fromEntries(RbItemTile.observedAttributes.map((name) => [name, this.getAttribute(name) ?? undefined]));
    morphInto(this, itemTileMarkup(attributes));
    this.#drawn = true;
  }
}

if (!customElements.get('rb-item-tile')) customElements.define('rb-item-tile', RbItemTile);

declare global {
  interface HTMLElementTagNameMap {
    'rb-item-tile': RbItemTile;
  }
}
