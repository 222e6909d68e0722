/** Registers `<rb-qr-dialog>` once (with `<rb-qr-code>`, which it shows). */
import '../rb-qr-code/rb-qr-code.ts';
import { RbQrDialog } from './rb-qr-dialog.element.ts';

export { RbQrDialog };
export { qrFilename, qrTitle } from './qr-naming.ts';

if (!customElements.get('rb-qr-dialog')) customElements.define('rb-qr-dialog', RbQrDialog);

declare global {
  interface HTMLElementTagNameMap {
    'rb-qr-dialog': RbQrDialog;
  }
}
