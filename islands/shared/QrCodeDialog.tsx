/**
 * THE QR code dialog of the islands, `<rb-qr-dialog>` with Print and Download (the light document pages
 * show the same element): an item's page address in the folder browser (documentation §2), an invite
 * link in the admin area (accounts §2 Invited "QR Code"). `address` is a path of this site or a whole
 * address; `name` names the download. Its element is imported when the dialog is first wanted;
 * `onClosed` runs once it has closed.
 */
import { useEffect, useRef } from 'react';
import type { RbQrDialog } from '../../elements/rb-qr-dialog/rb-qr-dialog.ts';

export function QrCodeDialog({ name, address: where, onClosed }: { name: string; address: string; onClosed: () => void }) {
  const dialog = useRef<RbQrDialog>(null);
  const address = new URL(where, location.origin).href;
  const closed = useRef(onClosed);
  closed.current = onClosed;

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
