/**
 * The editor of the document page per doctype (documentation §2 "Editors"), loaded at run time like the
 * viewers (./document-bodies.ts). None is plugged in yet: issue #4 adds the checklist editor for forms;
 * the presentation and sheet/report editors come with their issues. Without an entry, the edit page
 * shows its frame (name, description, toolbar) alone.
 */
import type { Doctype, Document } from '../../shared/api/documentation.ts';

export interface DocumentEditor {
  /** Shows the editor of `document` in `container` (the page's editor mount point, empty when called). */
  mount(container: HTMLElement, document: Document): void | Promise<void>;
}

export const documentEditors: Partial<Record<Doctype, () => Promise<DocumentEditor>>> = {};
