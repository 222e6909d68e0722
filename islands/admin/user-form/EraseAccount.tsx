/**
 * Erase account (issue #47, GDPR Art. 17; `DELETE users/accounts/{id}`) on Edit User: a destructive button
 * and a confirmation that says what goes — the person's name, e-mail address, avatar, sessions, API tokens
 * and two-factor set-up, in every organization they belong to — and what stays: what they wrote, shown as
 * by "Deleted user". A refusal (the last admin of an organization, a member of an organization the admin
 * does not run) shows its {detail} in the dialog; done, the page goes back to the users list.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { navigate } from '../../../src/client/navigation.ts';
import { showAlertAfterNavigation } from '../../../src/client/stores/alerts.ts';
import type { AdminUser } from '../../../src/shared/api/users.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { usersPath } from '../shared/admin-paths.ts';

export const ERASE_ACCOUNT = 'Erase account';

function EraseAccountDialog({ user, onClosed }: { user: AdminUser; onClosed: () => void }) {
  const [open, close] = useDialogOpen();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { username, full_name: fullName } = user.user_account;

  async function erase() {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.users.eraseAccount(user.id);
      showAlertAfterNavigation('success', `The account of ${username} has been erased.`);
      navigate(usersPath);
    } catch (err) {
      setFailure(problemText(err, SOMETHING_WENT_WRONG));
      setBusy(false);
    }
  }

  return (
    <Dialog label={ERASE_ACCOUNT} open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <p>
        Erase the account of <strong>{username}</strong> ({fullName}) for good, in every organization they belong to?
      </p>
      <ul className="erase-account-consequences">
        <li>Their name, e-mail address and avatar are erased.</li>
        <li>Their sessions end and their API tokens stop working; their two-factor set-up is erased.</li>
        <li>What they wrote stays, shown as by “Deleted user”.</li>
      </ul>
      <p>This cannot be undone.</p>
      {failure !== undefined && (
        <p role="alert" className="error-text">
          {failure}
        </p>
      )}
      <div className="dialog-actions">
        <SlButton onClick={close} disabled={busy}>
          Cancel
        </SlButton>
        <SlButton variant="danger" loading={busy} onClick={() => void erase()}>
          {ERASE_ACCOUNT}
        </SlButton>
      </div>
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
