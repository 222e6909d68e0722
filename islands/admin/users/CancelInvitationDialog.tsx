/**
 * Cancel an invitation (accounts §4 "cancelled", §7 DELETE auth/org-invites/{id}): a confirmation; the
 * link stops working at once. The spec gives no message: 'Invitation to {email} has been Cancelled.',
 * after its 'has been Updated.'.
 */
import { api } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
import { messages } from './users-state.ts';

export function CancelInvitationDialog({ invitation, onCancelled, onClosed }: { invitation: OrgInvitation; onCancelled: () => void; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const { busy, run } = useTask();

  async function cancel() {
    await run(
      async () => {
        await api.auth.cancelOrgInvite(invitation.id);
        showAlert('success', messages.cancelled(invitation.email));
        onCancelled();
      },
      { alert: true },
    );
    close();
  }

  return (
    <Dialog label="Cancel Invitation" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <p>
        Cancel the invitation to <strong>{invitation.email}</strong>? Its link will no longer work.
      </p>
      <DialogButtons variant="danger" cancel="Keep It" action="Cancel Invitation" busy={busy} onCancel={close} onAction={() => void cancel()} />
    </Dialog>
  );
}
