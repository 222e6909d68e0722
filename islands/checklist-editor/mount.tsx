/**
 * The checklist editor as the edit page's editor for doctype form (src/screens/doctypes/registry.ts
 * imports this module at run time, so React and the editor load only for checklists).
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { mountEditor } from '../shared/document-editor/mount-editor.tsx';
import editorStyles from './checklist-editor.css?inline';
import { ChecklistEditor } from './ChecklistEditor.tsx';

export function mount(container: HTMLElement, document: Document): Promise<void> {
  return mountEditor(container, document, ChecklistEditor, editorStyles);
}
