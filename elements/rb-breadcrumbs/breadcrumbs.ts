/**
 * `<rb-breadcrumbs>`: THE breadcrumbs of the documentation pages — Home › Documentation › folders › …
 * (documentation §2) — on the light pages (src/screens/documentation/breadcrumbs.ts), in the folder
 * browser (islands/browse/Breadcrumbs.tsx) and in its first paint before React (folder-preview.ts): an
 * ordered list, one item a crumb, a '›' before every crumb but the first (hidden from assistive
 * technology). A crumb with an address is a link; the page's own crumb is marked `aria-current="page"`
 * (a link on the light pages, plain text in the folder browser, where it has no address). A crumb with a
 * `folderId` is a drop target for dragged items (`data-drop-folder-id`, islands/browse/item-drag.ts).
 *
 * An element of the app, not one for other sites: it goes inside the page's `<nav aria-label="Breadcrumbs">`
 * and draws in the page's light DOM (`display: contents`), in the classes each page styles
 * (`.breadcrumb-list`, `.breadcrumb`, `.breadcrumb-separator`: documentation.css, browse.css). No Lit: it
 * draws the browse page's first paint, whose scripts hold no Lit.
 *
 * Property: `crumbs` (Crumb[]), drawn whenever it is set.
 */

export interface Crumb {
  label: string;
  /** Where the crumb leads; none for the page's own crumb in the folder browser. */
  href?: string;
  /** This crumb is the page being shown. */
  current?: boolean;
  /** The folder a dragged item may be dropped on here. */
  folderId?: string;
}

export class RbBreadcrumbs extends HTMLElement {
  /** The crumbs, in order (set only: each setting draws them). */
  set crumbs(crumbs: readonly Crumb[]) {
    const list = document.createElement('ol');
    list.className = 'breadcrumb-list';
    crumbs.forEach((crumb, i) => {
      const item = document.createElement('li');
      item.className = 'breadcrumb';
      if (crumb.folderId !== undefined) {
        item.dataset.dropFolderId = crumb.folderId;
        item.dataset.dropFolderName = crumb.label;
      }
      // Hidden from assistive technology: the list says where each crumb stands.
      if (i > 0) item.innerHTML = '<span class="breadcrumb-separator" aria-hidden="true">›</span>';
      const label = document.createElement(crumb.href === undefined ? 'span' : 'a');
      if (crumb.href !== undefined) label.setAttribute('href', crumb.href);
      label.textContent = crumb.label;
      if (crumb.current) label.setAttribute('aria-current', 'page');
      item.append(label);
      list.append(item);
    });
    this.replaceChildren(list);
  }
}

if (!customElements.get('rb-breadcrumbs')) customElements.define('rb-breadcrumbs', RbBreadcrumbs);

declare global {
  interface HTMLElementTagNameMap {
    'rb-breadcrumbs': RbBreadcrumbs;
  }
}
