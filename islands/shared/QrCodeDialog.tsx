/**
 * THE QR code dialog of the islands, `<rb-qr-dialog>` with Print and the SVG and PNG downloads (the light
 * document pages show the same element): an item's page address in the folder browser (documentation §2),
 * an invite link in the admin area (accounts §2 Invited "QR Code"). `address` is a path of this site (or a
 * whole address); the code holds it under the server's PUBLIC_URL (src/client/public-address.ts), never
 * under this page's origin. `name` names the downloads. Its element is imported when the dialog is first
 * wanted; `onClosed` runs once it has closed.
 */
import { useEffect, useRef, useState } from 'react';
import type { RbQrDialog } from '../../elements/rb-qr-dialog/rb-qr-dialog.ts';
import { publicAddress } from '../../src/client/public-address.ts';

export function QrCodeDialog({ name, address: where, onClosed }: { name: string; address: string; onClosed: () => void }) {
  const dialog = useRef<RbQrDialog>(null);
  const [address, setAddress] = useState('');
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    let live = true;
    void publicAddress(where).then((value) => live && setAddress(value));
    return () => void (live = false);
  }, [where]);

  useEffect(() => {
    let live = true;
    const opener = document.activeElement as HTMLElement | null;
    void import('../../elements/rb-qr-dialog/rb-qr-dialog.ts').then(async () => {
      await customElements.whenDefined('rb-qr-dialog');
      if (live) await dialog.current?.show(opener);
    });
    const element = dialog.current;
    const onClose = () => closed.current();
    element?.addEventListener('rb-close', onClose);
    return () => {
      live = false;
      element?.removeEventListener('rb-close', onClose);
    };
  }, []);

  return <rb-qr-dialog ref={dialog as React.Ref<HTMLElement>} value={address} name={name} />;
}
