/**
 * THE doctype registry: for each doctype (documentation §1), its viewer (the body of the document page)
 * and its editor (the body of the edit page), each loaded at run time (DESIGN "Two weights": the view
 * and edit routes serve every doctype, so each doctype's code is fetched only for documents of that
 * doctype). This is the only module that imports `islands/`; a new doctype, or a new viewer or editor,
 * is one entry here.
 *
 * - form (checklist): viewed with the light `rb-checklist` element (no React on a checklist's page; the
 *   server's drawing of it hydrated: `hydrateSupport`), edited with the checklist editor island; `results`
 *   its submissions' charts and grid (islands/checklist-results).
 * - sheet and report: the results grid or the report's cards (islands/sheet-results), edited with the
 *   sheet editor island (islands/sheet-editor); `results` is the grid of /documentation/results/{id} with
 *   the sheet's charts (issue #45, islands/sheet-results/results-page.tsx);
 *   their first rows are asked for with the document's arrival (`pageReads`, first-rows.ts).
 * - presentation: the light presentation viewer (islands/presentation-viewer: DOM and Konva's core, no React),
 *   edited with the presentation editor island (islands/presentation-editor: React, Konva, Tiptap); its
 *   first page image is read with the document's arrival (`pageReads`, first-page.ts).
 */
import { startFirstPage } from '../../../islands/presentation-viewer/first-page.ts';
import { startFirstRows } from '../../../islands/sheet-results/first-rows.ts';
import type { Doctype, Document } from '../../shared/api/documentation.ts';

/** A viewer or an editor: shows `document` in `container` (the page's mount point, empty when called). */
export interface DocumentScreen {
  mount(container: HTMLElement, document: Document): void | Promise<void>;
}

type Load = () => Promise<DocumentScreen>;

export interface DoctypeEntry {
  /** The document page's body (/documentation/view/{id}). */
  viewer: Load;
  /** The edit page's editor (/documentation/edit/{id}); none: the frame alone. */
  editor?: Load;
  /** The results grid (/documentation/results/{id}); none: the document has no results grid. */
  results?: Load;
  /**
   * The reads the viewer or the results grid makes first, started by the page the moment the document is
   * in, beside the screen's code (which takes them over): not a round trip later, once that code has
   * loaded and mounted. Light: no module of the screen itself.
   */
  pageReads?: (document: Document, screen: 'viewer' | 'results') => void;
}

/**
 * @lit-labs/ssr-client's hydrate support, when the page's HTML came with the server's checklist filler
 * (`defer-hydration`, ./checklist-body.ts): loaded before the viewer, whose files hold Lit — it patches
 * LitElement as Lit's module loads, so the filler takes over the server's shadow root (#42). A page that
 * draws the filler itself (no session cookie, the service worker's copy) does not load it.
 */
async function hydrateSupport(): Promise<void> {
  if (document.querySelector('rb-checklist[defer-hydration]')) await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
}

export const doctypes: Record<Doctype, DoctypeEntry> = {
  presentation: {
    viewer: () => import('../../../islands/presentation-viewer/mount.ts'),
    editor: () => import('../../../islands/presentation-editor/mount.tsx'),
    pageReads: startFirstPage,
  },
  form: {
    viewer: () => hydrateSupport().then(() => import('./checklist-viewer.ts')),
    editor: () => import('../../../islands/checklist-editor/mount.tsx'),
    // Its results page (issue #45): the charts and THE results grid of its submissions.
    results: () => import('../../../islands/checklist-results/mount.tsx').then((m) => m.grid),
  },
  // Result sheets and reports (issue #13): the grid or the report's cards; their editor is one island.
  sheet: {
    viewer: () => import('../../../islands/sheet-results/mount.tsx'),
    editor: () => import('../../../islands/sheet-editor/mount.tsx'),
    results: () => import('../../../islands/sheet-results/results-page.tsx').then((m) => m.grid),
    pageReads: startFirstRows,
  },
  report: {
    viewer: () => import('../../../islands/sheet-results/mount.tsx'),
    editor: () => import('../../../islands/sheet-editor/mount.tsx'),
    results: () => import('../../../islands/sheet-results/results-page.tsx').then((m) => m.grid),
    pageReads: startFirstRows,
  },
};
