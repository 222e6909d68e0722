/**
 * The body of a presentation (doctype presentation) on the document page, loaded only for presentations
 * through the doctype registry: light DOM and Konva's core, no React (its first load stays small; see
 * docs and `npm run bench`). '--Empty--' for a presentation without pages (documentation §8).
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { addStyles } from '../../src/client/dom.ts';
import { adoptServerImage } from './first-page.ts';
import { EMPTY_PRESENTATION, orderedPages } from './viewer-state.ts';
import { PresentationViewer } from './presentation-viewer.ts';
import styles from './presentation-viewer.css?inline';

export function mount(container: HTMLElement, doc: Document): void {
  addStyles(styles);
  const pages = orderedPages(doc.contents);
  if (pages.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'pv-empty';
    empty.textContent = EMPTY_PRESENTATION;
    container.replaceChildren(empty);
    return;
  }
  // The server's first paint of the first page (issue #31), if any: the viewer draws its image, then replaces it.
  adoptServerImage(container, doc);
  new PresentationViewer(container, doc, pages).start();
}
