/**
 * THE mount of a document editor (the doctype registry's `editor` entries: checklist, result sheet and
 * report, presentation): the styles added when it mounts — Shoelace's theme beneath the page's own, so
 * theme.css keeps the last word; THE editing session's and the editor's own after it (src/client/dom.ts:
 * never inlined into the pages that could load the editor) — Shoelace's base path, the signed-in user,
 * and the island rendered in StrictMode.
 */
import '../../../src/client/shoelace.ts';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { addStyles } from '../../../src/client/dom.ts';
import { addShoelaceTheme } from '../shoelace-theme.ts';
import { signedInUser } from '../../../src/client/signed-in-user.ts';
import type { CurrentUser } from '../../../src/shared/api/accounts.ts';
import type { Document } from '../../../src/shared/api/documentation.ts';
import draftStyles from './document-editor.css?inline';

export interface EditorProps {
  document: Document;
  user: CurrentUser;
}

export async function mountEditor(container: HTMLElement, document: Document, Editor: ComponentType<EditorProps>, editorStyles: string): Promise<void> {
  addShoelaceTheme();
  addStyles(draftStyles, editorStyles);
  const user = await signedInUser();
  createRoot(container).render(
    <StrictMode>
      <Editor document={document} user={user} />
    </StrictMode>,
  );
}
