/**
 * Delete a role, confirmed: the role goes at once (no trash for roles: accounts §7 DELETE roles/{id});
 * its holders lose it and the permissions naming it are removed, so the dialog says how many hold it.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { RoleWithHolders } from '../../../src/shared/api/roles.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { rolesPath } from '../shared/admin-paths.ts';
import { messages } from './messages.ts';

export function DeleteRoleDialog({ role, onClosed }: { role: RoleWithHolders; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await api.roles.remove(role.id);
      showAlertAfterNavigation('success', messages.deleted(role.name));
      navigate(rolesPath);
    } catch (err) {
      setError(problemText(err, SOMETHING_WENT_WRONG));
      setBusy(false);
    }
  }

  return (
    <Dialog label={messages.deleteTitle} open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <p>
        {messages.deleteQuestion(role.name)} {messages.deleteConsequence(role.users.length)}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <SlButton onClick={close} disabled={busy}>
          {messages.cancel}
        </SlButton>
        <SlButton variant="danger" loading={busy} onClick={() => void remove()}>
          {messages.delete}
        </SlButton>
      </div>
    </Dialog>
  );
}
