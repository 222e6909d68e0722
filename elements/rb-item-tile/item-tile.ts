/**
 * `<rb-item-tile>`: THE tile of an item in a folder (documentation §2) — the picture of its kind, its name
 * as the link that opens it (the kind said after it to screen readers), its description, 'Created' or
 * 'Modified' with the date, and the options button. The folder's first paint before React
 * (islands/browse/folder-preview.ts) and the browse island (islands/browse/ItemTile.tsx) draw this same
 * element, so the picture and the island's tiles cannot differ.
 *
 * An element of the app, not one for other sites (so not in ringbinder.ts): it stands inside the
 * `<li class="item-tile">` of a folder's list, which holds the list semantics, the drag and the drop
 * target, and draws its parts in the page's light DOM in the classes of islands/browse/browse.css
 * (`rb-item-tile { display: contents }`: the icon, the text and the button are the tile's flex items).
 * No Lit: it draws the browse page's first paint, whose scripts hold no Lit (≈6 KB gzip more before it).
 *
 * Attributes: `name`, `href`, `kind` ('folder' or the doctype: its picture and its word), `description`,
 * `date` (ISO, the `<time>`'s datetime), `date-text` (the date in words, as the page writes dates:
 * src/client/time-format.ts formatDate) and `modified` (the date is the last change, not the creation).
 * Event: `rb-item-options` ({button}), bubbling, when the options button is clicked (the item menu opens at it).
 */
import { ITEM_KIND_LABELS, ITEM_KIND_PATHS, type ItemKindKey } from '../../src/shared/item-kinds.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** The options button of a tile was clicked: the item menu opens at `button`. */
    'rb-item-options': CustomEvent<{ button: HTMLButtonElement }>;
  }
}

/** A tile's parts, without its words: made once, cloned for each tile (fewer bytes and calls than one by one). */
let parts: HTMLTemplateElement | undefined;
function tileParts(): DocumentFragment {
  if (!parts) {
    parts = document.createElement('template');
    parts.innerHTML =
      '<svg class="kind-icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true"><path stroke="currentColor" stroke-width="1.6" stroke-linejoin="round" stroke-linecap="round"/></svg>' +
      '<div class="item-text"><a class="item-name"> <span class="visually-hidden"></span></a><p class="item-description"></p><p class="item-date"> <time></time></p></div>' +
      '<button type="button" class="item-options" aria-haspopup="menu"><svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true"><circle cx="8" cy="3" r="1.5"/><circle cx="8" cy="8" r="1.5"/><circle cx="8" cy="13" r="1.5"/></svg></button>';
  }
  return parts.content.cloneNode(true) as DocumentFragment;
}

export class RbItemTile extends HTMLElement {
  static readonly observedAttributes = ['name', 'href', 'kind', 'description', 'date', 'date-text', 'modified'];

  #parts?: { path: SVGPathElement; link: HTMLAnchorElement; kind: HTMLElement; description: HTMLElement; dated: Text; time: HTMLTimeElement; options: HTMLButtonElement };

  connectedCallback(): void {
    if (!this.#parts) this.#build();
    this.#update();
  }

  attributeChangedCallback(): void {
    if (this.#parts) this.#update();
  }

  /** The parts, once: a clone of a drawn tile (the touch drag's ghost) is drawn afresh, not twice. */
  #build(): void {
    const fragment = tileParts();
    const find = <T extends Element>(selector: string) => fragment.querySelector(selector) as T;
    const options = find<HTMLButtonElement>('button');
    options.addEventListener('click', () => this.dispatchEvent(new CustomEvent('rb-item-options', { detail: { button: options }, bubbles: true })));
    const time = find<HTMLTimeElement>('time');
    this.#parts = { path: find('path'), link: find('a'), kind: find('span'), description: find('.item-description'), dated: time.previousSibling as Text, time, options };
    this.replaceChildren(fragment);
  }

  #update(): void {
    const parts = this.#parts!;
    const attribute = (name: string) => this.getAttribute(name) ?? '';
    const name = attribute('name');
    const kind = (attribute('kind') in ITEM_KIND_PATHS ? attribute('kind') : 'folder') as ItemKindKey;
    parts.path.setAttribute('d', ITEM_KIND_PATHS[kind]);
    parts.path.setAttribute('fill', kind === 'folder' ? 'currentColor' : 'none');
    parts.link.setAttribute('href', attribute('href'));
    (parts.link.firstChild as Text).data = name;
    parts.kind.textContent = `, ${ITEM_KIND_LABELS[kind]}`;
    parts.description.textContent = attribute('description');
    if (parts.description.textContent) parts.link.after(parts.description);
    else parts.description.remove();
    parts.dated.data = this.hasAttribute('modified') ? 'Modified ' : 'Created ';
    parts.time.dateTime = attribute('date');
    parts.time.textContent = attribute('date-text');
    parts.options.setAttribute('aria-label', `Options for ${name}`);
  }
}

if (!customElements.get('rb-item-tile')) customElements.define('rb-item-tile', RbItemTile);

declare global {
  interface HTMLElementTagNameMap {
    'rb-item-tile': RbItemTile;
  }
}
