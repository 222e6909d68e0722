/**
 * The presentation editor as the edit page's editor for doctype presentation (src/screens/doctypes/registry.ts
 * imports this module at run time, so React, Konva and Tiptap load only for presentations).
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { mountEditor } from '../shared/document-editor/mount-editor.tsx';
import editorStyles from './presentation-editor.css?inline';
import { PresentationEditor } from './PresentationEditor.tsx';

export function mount(container: HTMLElement, document: Document): Promise<void> {
  return mountEditor(container, document, PresentationEditor, editorStyles);
}
