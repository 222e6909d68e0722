/**
 * `<rb-breadcrumbs>`: THE breadcrumbs of the documentation pages — Home › Documentation › folders › …
 * (documentation §2) — on the light pages (src/screens/documentation/breadcrumbs.ts), in the folder
 * browser (islands/browse/Breadcrumbs.tsx, on the server too, then hydrated): an
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
 * Property: `crumbs` (Crumb[]), drawn whenever it is set (src/shared/first-paint/breadcrumbs.ts, which the
 * server writes inside the element in a folder's first HTML: the element keeps that until it is set).
 */

import { breadcrumbsMarkup, type Crumb } from '../../src/shared/first-paint/breadcrumbs.ts';

export type { Crumb };

export class RbBreadcrumbs extends HTMLElement {
  /** The crumbs, in order (set only: each setting draws them, with THE markup the server writes too). */
  set crumbs(crumbs: readonly Crumb[]) {
    const markup = breadcrumbsMarkup(crumbs);
    // The same crumbs the server drew (a page's first HTML) are kept as they are: a focused link stays focused.
    const drawn = document.createElement('template');
    drawn.innerHTML = markup;
    if (drawn.innerHTML !== this.innerHTML) this.innerHTML = markup;
  }
}

if (!customElements.get('rb-breadcrumbs')) customElements.define('rb-breadcrumbs', RbBreadcrumbs);

declare global {
  interface HTMLElementTagNameMap {
    'rb-breadcrumbs': RbBreadcrumbs;
  }
}
