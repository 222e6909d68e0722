/**
 * Delete User (accounts §7 DELETE users/{id}, §8 "user delete failure sets the text unable to remove"):
 * a confirmation; the user leaves the organisation (their sessions in it end at once) and the page goes
 * back to the users list. A refusal (the last org admin) shows 'unable to remove' with the server's detail.
 */
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { AdminUser } from '../../../src/shared/api/users.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
import { usersPath } from '../shared/admin-paths.ts';

export const UNABLE_TO_REMOVE = 'unable to remove';

export function DeleteUserDialog({ user, onClosed }: { user: AdminUser; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const { busy, error: failure, run } = useTask();
  const { username } = user.user_account;

  async function remove() {
    await run(
      async () => {
        await api.users.remove(user.id);
        showAlertAfterNavigation('success', `User ${username} has been removed.`);
        navigate(usersPath);
      },
      { leaves: true },
    );
  }

  return (
    <Dialog label="Delete User" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <p>
        Remove <strong>{username}</strong> ({user.user_account.full_name}) from this organization? They lose access at once.
      </p>
      {failure !== undefined && (
        <div role="alert" className="dialog-failure">
          <p className="error-text">{UNABLE_TO_REMOVE}</p>
          {failure && <p>{failure}</p>}
        </div>
      )}
      <DialogButtons variant="danger" action="Delete" busy={busy} onCancel={close} onAction={() => void remove()} />
    </Dialog>
  );
}
