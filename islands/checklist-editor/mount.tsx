/**
 * The checklist editor as the edit page's editor for doctype form (src/screens/doctypes/registry.ts
 * imports this module at run time, so React and the editor load only for checklists).
 */
import shoelaceTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import '../../src/client/shoelace.ts';
import editorStyles from './checklist-editor.css?inline';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addBaseStyles, addStyles } from '../../src/client/dom.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import draftStyles from '../shared/document-editor/document-editor.css?inline';
import type { Document } from '../../src/shared/api/documentation.ts';
import { ChecklistEditor } from './ChecklistEditor.tsx';

export async function mount(container: HTMLElement, document: Document): Promise<void> {
  // Added when the editor mounts, never inlined into the pages that could load it; Shoelace's theme beneath
  // the page's own, so theme.css keeps the last word (src/client/dom.ts).
  addBaseStyles(shoelaceTheme);
  addStyles(draftStyles, editorStyles);
  const user = await signedInUser();
  createRoot(container).render(
    <StrictMode>
      <ChecklistEditor document={document} user={user} />
    </StrictMode>,
  );
}
