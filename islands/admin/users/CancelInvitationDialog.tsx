/**
 * Cancel an invitation (accounts §4 "cancelled", §7 DELETE auth/org-invites/{id}): a confirmation; the
 * link stops working at once. The spec gives no message: 'Invitation to {email} has been Cancelled.',
 * after its 'has been Updated.'.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { messages } from './users-state.ts';

export function CancelInvitationDialog({ invitation, onCancelled, onClosed }: { invitation: OrgInvitation; onCancelled: () => void; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      await api.auth.cancelOrgInvite(invitation.id);
      showAlert('success', messages.cancelled(invitation.email));
      onCancelled();
    } catch (error) {
      showAlert('error', problemText(error, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
      close();
    }
  }

  return (
    <Dialog label="Cancel Invitation" open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <p>
        Cancel the invitation to <strong>{invitation.email}</strong>? Its link will no longer work.
      </p>
      <div className="dialog-actions">
        <SlButton onClick={close} disabled={busy}>
          Keep It
        </SlButton>
        <SlButton variant="danger" loading={busy} onClick={() => void cancel()}>
          Cancel Invitation
        </SlButton>
      </div>
    </Dialog>
  );
}
