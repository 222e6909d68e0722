/**
 * The body of the document page per doctype (DESIGN "Two weights": the view route serves every doctype
 * and loads the doctype's viewer at run time). Each entry imports its module only when a document of
 * that doctype is shown. A checklist (form) is filled in with the light `rb-checklist` element (no React on
 * a checklist's page); presentations, sheets and reports get their viewers (React islands) with their issues.
 */
import type { Doctype, Document } from '../../shared/api/documentation.ts';

export interface DocumentBody {
  /** Shows `document` in `container` (the page's body mount point, empty when called). */
  mount(container: HTMLElement, document: Document): void | Promise<void>;
}

export const documentBodies: Record<Doctype, () => Promise<DocumentBody>> = {
  presentation: () => import('../documentation/bodies/description-body.ts'),
  form: () => import('../documentation/bodies/checklist-body.ts'),
  sheet: () => import('../documentation/bodies/description-body.ts'),
  report: () => import('../documentation/bodies/description-body.ts'),
};
