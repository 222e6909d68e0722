/** Registers `<rb-qr-code>` once (a second copy of the bundle on the same page is harmless). */
import { RbQrCode } from './rb-qr-code.element.ts';

export { RbQrCode };

if (!customElements.get('rb-qr-code')) customElements.define('rb-qr-code', RbQrCode);

declare global {
  interface HTMLElementTagNameMap {
    'rb-qr-code': RbQrCode;
  }
}
