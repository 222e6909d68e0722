/** Registers `<rb-permission-editor>` once (a second copy of the bundle on the same page is harmless). */
import { RbPermissionEditor } from './rb-permission-editor.element.ts';

export { RbPermissionEditor };
export type { RbPermissionChangeDetail } from './rb-permission-editor.element.ts';
export type { InheritedPermissionEntry, PermissionEntry } from './permission-entries.ts';

if (!customElements.get('rb-permission-editor')) customElements.define('rb-permission-editor', RbPermissionEditor);

declare global {
  interface HTMLElementTagNameMap {
    'rb-permission-editor': RbPermissionEditor;
  }
}
