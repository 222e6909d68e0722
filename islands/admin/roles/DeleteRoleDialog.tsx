/**
 * Delete a role, confirmed: the role goes at once (no trash for roles: accounts §7 DELETE roles/{id});
 * its holders lose it and the permissions naming it are removed, so the dialog says how many hold it.
 */
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { RoleWithHolders } from '../../../src/shared/api/roles.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { rolesPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';

export function DeleteRoleDialog({ role, onClosed }: { role: RoleWithHolders; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const { busy, error, run } = useTask();

  async function remove() {
    await run(
      async () => {
        await api.roles.remove(role.id);
        showAlertAfterNavigation('success', messages.deleted(role.name));
        navigate(rolesPath);
      },
      { leaves: true },
    );
  }

  return (
    <Dialog label={messages.deleteTitle} open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <p>
        {messages.deleteQuestion(role.name)} {messages.deleteConsequence(role.users.length)}
      </p>
      <ErrorText text={error} />
      <DialogButtons variant="danger" cancel={messages.cancel} action={messages.delete} busy={busy} onCancel={close} onAction={() => void remove()} />
    </Dialog>
  );
}
