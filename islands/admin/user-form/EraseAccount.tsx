/**
 * Erase account (issue #47, GDPR Art. 17; `DELETE users/accounts/{id}`) on Edit User: a destructive button
 * and a confirmation that says what goes — the person's name, e-mail address, avatar, sessions, API tokens
 * and two-factor set-up, in every organization they belong to — and what stays: what they wrote, shown as
 * by "Deleted user". A refusal (the last admin of an organization, a member of an organization the admin
 * does not run) shows its {detail} in the dialog; done, the page goes back to the users list.
 */
import { useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { AdminUser } from '../../../src/shared/api/users.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { usersPath } from '../shared/admin-paths.ts';

export const ERASE_ACCOUNT = 'Erase account';

function EraseAccountDialog({ user, onClosed }: { user: AdminUser; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const { busy, error, run } = useTask();
  const { username, full_name: fullName } = user.user_account;

  async function erase() {
    await run(
      async () => {
        await api.users.eraseAccount(user.id);
        showAlertAfterNavigation('success', `The account of ${username} has been erased.`);
        navigate(usersPath);
      },
      { leaves: true },
    );
  }

  return (
    <Dialog label={ERASE_ACCOUNT} open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <p>
        Erase the account of <strong>{username}</strong> ({fullName}) for good, in every organization they belong to?
      </p>
      <ul className="erase-account-consequences">
        <li>Their name, e-mail address and avatar are erased.</li>
        <li>Their sessions end and their API tokens stop working; their two-factor set-up is erased.</li>
        <li>What they wrote stays, shown as by “Deleted user”.</li>
      </ul>
      <p>This cannot be undone.</p>
      <ErrorText text={error} />
      <DialogButtons variant="danger" action={ERASE_ACCOUNT} busy={busy} onCancel={close} onAction={() => void erase()} />
    </Dialog>
  );
}

/**
 * Below the form's actions (Save, Cancel, Delete keep their one anatomy, issue #32): the button, a line on
 * how it differs from Delete, and once pressed its dialog.
 */
export function EraseAccount({ user }: { user: AdminUser }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="user-form-erase">
      <button type="button" className="button danger" onClick={() => setAsking(true)}>
        {ERASE_ACCOUNT}
      </button>
      <p className="hint">Delete removes them from this organization; Erase account erases the person everywhere, for good.</p>
      {asking && <EraseAccountDialog user={user} onClosed={() => setAsking(false)} />}
    </div>
  );
}
