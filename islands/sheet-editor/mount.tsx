/**
 * The result sheet and report editor as the edit page's editor for doctypes sheet and report
 * (src/screens/doctypes/registry.ts imports this module at run time, so React and the editor load only
 * for them).
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { mountEditor } from '../shared/document-editor/mount-editor.tsx';
import editorStyles from './sheet-editor.css?inline';
import { SheetEditor } from './SheetEditor.tsx';

export function mount(container: HTMLElement, document: Document): Promise<void> {
  return mountEditor(container, document, SheetEditor, editorStyles);
}
