/** QR code of an item's page address (documentation §2), with Print and Download, drawn by <rb-qr-code>. */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useEffect, useRef, useState } from 'react';
import type { RbQrCode } from '../../../elements/rb-qr-code/rb-qr-code.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';

export function QrCodeDialog({ name, path, onClosed }: { name: string; path: string; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const [ready, setReady] = useState(false);
  const code = useRef<RbQrCode>(null);
  const address = new URL(path, location.origin).href;

  useEffect(() => {
    void import('../../../elements/rb-qr-code/rb-qr-code.ts').then(() => setReady(true));
  }, []);

  return (
    <Dialog label={`QR Code: ${name}`} open={open} onClose={close} onClosed={onClosed} className="qr-dialog">
      <div className="qr-code-box">
        <rb-qr-code ref={code as React.Ref<HTMLElement>} value={address} size={240} />
      </div>
      <p className="qr-address">
        <a href={address}>{address}</a>
      </p>
      <div className="dialog-actions">
        <SlButton disabled={!ready} onClick={() => void code.current?.download(name)}>
          Download
        </SlButton>
        <SlButton disabled={!ready} onClick={() => void code.current?.print()}>
          Print
        </SlButton>
        <SlButton variant="primary" onClick={close}>
          Close
        </SlButton>
      </div>
    </Dialog>
  );
}
