/**
 * The presentation editor as the edit page's editor for doctype presentation (src/screens/doctypes/registry.ts
 * imports this module at run time, so React, Konva and Tiptap load only for presentations).
 */
import shoelaceTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import '../../src/client/shoelace.ts';
import editorStyles from './presentation-editor.css?inline';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addBaseStyles, addStyles } from '../../src/client/dom.ts';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import draftStyles from '../shared/document-editor/document-editor.css?inline';
import type { Document } from '../../src/shared/api/documentation.ts';
import { PresentationEditor } from './PresentationEditor.tsx';

export async function mount(container: HTMLElement, document: Document): Promise<void> {
  // Added when the editor mounts, never inlined into the pages that could load it; Shoelace's theme beneath
  // the page's own, so theme.css keeps the last word (src/client/dom.ts).
  addBaseStyles(shoelaceTheme);
  addStyles(draftStyles, editorStyles);
  const user = await signedInUser();
  createRoot(container).render(
    <StrictMode>
      <PresentationEditor document={document} user={user} />
    </StrictMode>,
  );
}
