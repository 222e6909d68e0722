/**
 * The checklist editor as the edit page's editor for doctype form (src/screens/doctypes/registry.ts
 * imports this module at run time, so React and the editor load only for checklists).
 */
import '@shoelace-style/shoelace/dist/themes/light.css';
import '../../src/client/shoelace.ts';
import './checklist-editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signedInUser } from '../../src/client/signed-in-user.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { ChecklistEditor } from './ChecklistEditor.tsx';

export async function mount(container: HTMLElement, document: Document): Promise<void> {
  const user = await signedInUser();
  createRoot(container).render(
    <StrictMode>
      <ChecklistEditor document={document} user={user} />
    </StrictMode>,
  );
}
