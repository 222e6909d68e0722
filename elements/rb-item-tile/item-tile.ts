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
 * `date` (ISO) and `modified` (the date is the last change, not the creation).
 * Event: `rb-item-options` ({button}), bubbling, when the options button is clicked (the item menu opens at it).
 */
import { ITEM_KIND_LABELS, ITEM_KIND_PATHS, type ItemKindKey } from '../../src/shared/item-kinds.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** The options button of a tile was clicked: the item menu opens at `button`. */
    'rb-item-options': CustomEvent<{ button: HTMLButtonElement }>;
  }
}

const SVG = 'http://www.w3.org/2000/svg';

let dateFormat: Intl.DateTimeFormat | undefined;

/** "3 March 2025" in the browser's language (as src/client/time-format.ts formatDate); the input when it is no date. */
function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
  return dateFormat.format(date);
}

function svg(viewBox: string, size: number): SVGSVGElement {
  const picture = document.createElementNS(SVG, 'svg');
  for (const [name, value] of [['viewBox', viewBox], ['width', String(size)], ['height', String(size)], ['aria-hidden', 'true']]) picture.setAttribute(name!, value!);
  return picture;
}

function tag<K extends keyof HTMLElementTagNameMap>(name: K, className: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(name);
  if (className) element.className = className;
  return element;
}

export class RbItemTile extends HTMLElement {
  static readonly observedAttributes = ['name', 'href', 'kind', 'description', 'date', 'modified'];

  #parts?: {
    path: SVGPathElement;
    link: HTMLAnchorElement;
    name: Text;
    kind: HTMLSpanElement;
    description: HTMLParagraphElement;
    dated: Text;
    time: HTMLTimeElement;
    options: HTMLButtonElement;
  };

  connectedCallback(): void {
    if (!this.#parts) this.#build();
    this.#update();
  }

  attributeChangedCallback(): void {
    if (this.#parts) this.#update();
  }

  /** The parts, once: a clone of a drawn tile (the touch drag's ghost) is drawn afresh, not twice. */
  #build(): void {
    const icon = svg('0 0 24 24', 36);
    icon.setAttribute('class', 'kind-icon');
    const path = document.createElementNS(SVG, 'path');
    for (const [name, value] of [['stroke', 'currentColor'], ['stroke-width', '1.6'], ['stroke-linejoin', 'round'], ['stroke-linecap', 'round']]) path.setAttribute(name!, value!);
    icon.append(path);

    const text = tag('div', 'item-text');
    const link = tag('a', 'item-name');
    const name = document.createTextNode('');
    const kind = tag('span', 'visually-hidden');
    link.append(name, kind);
    const description = tag('p', 'item-description');
    const dateLine = tag('p', 'item-date');
    const dated = document.createTextNode('');
    const time = tag('time', '');
    dateLine.append(dated, time);
    text.append(link, description, dateLine);

    const options = tag('button', 'item-options');
    options.type = 'button';
    options.setAttribute('aria-haspopup', 'menu');
    const dots = svg('0 0 16 16', 18);
    for (const cy of ['3', '8', '13']) {
      const dot = document.createElementNS(SVG, 'circle');
      for (const [name, value] of [['cx', '8'], ['cy', cy], ['r', '1.5']]) dot.setAttribute(name!, value!);
      dots.append(dot);
    }
    options.append(dots);
    options.addEventListener('click', () => this.dispatchEvent(new CustomEvent('rb-item-options', { detail: { button: options }, bubbles: true })));

    this.replaceChildren(icon, text, options);
    this.#parts = { path, link, name, kind, description, dated, time, options };
  }

  #update(): void {
    const parts = this.#parts!;
    const itemName = this.getAttribute('name') ?? '';
    const kind = (this.getAttribute('kind') ?? 'folder') as ItemKindKey;
    const known = kind in ITEM_KIND_PATHS ? kind : 'folder';
    parts.path.setAttribute('d', ITEM_KIND_PATHS[known]);
    parts.path.setAttribute('fill', known === 'folder' ? 'currentColor' : 'none');
    parts.link.setAttribute('href', this.getAttribute('href') ?? '');
    parts.name.data = itemName;
    parts.kind.textContent = `, ${ITEM_KIND_LABELS[known]}`;
    const description = this.getAttribute('description') ?? '';
    parts.description.textContent = description;
    if (description) parts.link.after(parts.description);
    else parts.description.remove();
    const date = this.getAttribute('date') ?? '';
    parts.dated.data = this.hasAttribute('modified') ? 'Modified ' : 'Created ';
    parts.time.dateTime = date;
    parts.time.textContent = longDate(date);
    parts.options.setAttribute('aria-label', `Options for ${itemName}`);
  }
}

if (!customElements.get('rb-item-tile')) customElements.define('rb-item-tile', RbItemTile);

declare global {
  interface HTMLElementTagNameMap {
    'rb-item-tile': RbItemTile;
  }
}
