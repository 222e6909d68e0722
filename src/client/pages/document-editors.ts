/**
 * The editor of the document page per doctype (documentation §2 "Editors"), loaded at run time like the
 * viewers (./document-bodies.ts), so each editor's code (React for the heavy ones) is fetched only for
 * documents of its doctype. Checklists (doctype form) have the checklist editor (islands/checklist-editor);
 * the presentation and sheet/report editors come with their issues. Without an entry, the edit page
 * shows its frame (name, description, toolbar) alone.
 */
import type { Doctype, Document } from '../../shared/api/documentation.ts';

export interface DocumentEditor {
  /** Shows the editor of `document` in `container` (the page's editor mount point, empty when called). */
  mount(container: HTMLElement, document: Document): void | Promise<void>;
}

export const documentEditors: Partial<Record<Doctype, () => Promise<DocumentEditor>>> = {
  form: () => import('../../../islands/checklist-editor/mount.tsx'),
};
