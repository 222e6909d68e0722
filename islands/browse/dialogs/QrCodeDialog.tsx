/**
 * QR code of an item's page address (documentation §2): THE QR code dialog, `<rb-qr-dialog>` (the light
 * document pages show the same one), with Print and Download. Its element is imported when the dialog is
 * first wanted; `onClosed` runs once it has closed.
 */
import { useEffect, useRef } from 'react';
import type { RbQrDialog } from '../../../elements/rb-qr-dialog/rb-qr-dialog.ts';

export function QrCodeDialog({ name, path, onClosed }: { name: string; path: string; onClosed: () => void }) {
  const dialog = useRef<RbQrDialog>(null);
  const address = new URL(path, location.origin).href;
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    let live = true;
    const opener = document.activeElement as HTMLElement | null;
    void import('../../../elements/rb-qr-dialog/rb-qr-dialog.ts').then(async () => {
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
