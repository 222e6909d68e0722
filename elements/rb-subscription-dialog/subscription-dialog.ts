/**
 * Registers `<rb-subscription-dialog>` once. An app element: its files are not named rb-*.ts, so it is not
 * in ringbinder.js, the Custom Elements Manifest or /elements/ (scripts/build-elements.mjs, the analyzer's glob).
 */
import { RbSubscriptionDialog } from './subscription-dialog.element.ts';

export { RbSubscriptionDialog };

if (!customElements.get('rb-subscription-dialog')) customElements.define('rb-subscription-dialog', RbSubscriptionDialog);

declare global {
  interface HTMLElementTagNameMap {
    'rb-subscription-dialog': RbSubscriptionDialog;
  }
}
