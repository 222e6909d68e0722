/**
 * QR Code of an invitation (accounts §2 Invited "QR Code", §9 "Invite link is the site origin plus
 * /invitation/{id}"): THE QR code dialog, `<rb-qr-dialog>` (as the folder browser and the document pages
 * show it: Print, Download, Close), holding the invite link. Its element is imported on first open.
 */
import { useEffect, useRef } from 'react';
import type { RbQrDialog } from '../../../elements/rb-qr-dialog/rb-qr-dialog.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import { inviteLink } from './users-state.ts';

export function InvitationQrDialog({ invitation, onClosed }: { invitation: OrgInvitation; onClosed: () => void }) {
  const dialog = useRef<RbQrDialog>(null);
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

  return <rb-qr-dialog ref={dialog as React.Ref<HTMLElement>} value={inviteLink(location.origin, invitation.id)} name={invitation.email} />;
}
