/**
 * Registers `<rb-assign-dialog>` once. An app element: its files are not named rb-*.ts, so it is not in
 * ringbinder.js, the Custom Elements Manifest or /elements/ (scripts/build-elements.mjs, the analyzer's glob).
 */
import { RbAssignDialog } from './assign-dialog.element.ts';

export { RbAssignDialog };

if (!customElements.get('rb-assign-dialog')) customElements.define('rb-assign-dialog', RbAssignDialog);

declare global {
  interface HTMLElementTagNameMap {
    'rb-assign-dialog': RbAssignDialog;
  }
}
