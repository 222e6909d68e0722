/**
 * Edit an invitation (accounts §4 "created, optionally updated, re-sent or cancelled; it has an expiry",
 * §5 "update-invite button stays disabled" unless the e-mail has the {email} shape, §7 PUT
 * auth/org-invites/{id}): e-mail, expiry and roles; 'Invitation to {email} has been Updated.'.
 */
import { useId, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { OrgInvitation } from '../../../src/shared/api/accounts.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { RoleChoices } from './RoleChoices.tsx';
import { canSendInvitation, fromLocalInput, messages, toLocalInput } from './users-state.ts';

interface Props {
  invitation: OrgInvitation;
  roles: readonly Role[];
  onSaved: () => void;
  onClosed: () => void;
}

export function EditInvitationDialog({ invitation, roles, onSaved, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [email, setEmail] = useState(invitation.email);
  const [expiry, setExpiry] = useState(toLocalInput(invitation.expiry));
  const [chosen, setChosen] = useState<string[]>(invitation.roles.map((r) => r.id));
  const { busy, error, run } = useTask();
  const id = useId();
  const expiryIso = fromLocalInput(expiry);
  const ready = canSendInvitation(email) && expiryIso !== undefined;
  // Roles the invitation holds that the list lacks still show (and stay) as choices.
  const choices = [...roles, ...invitation.roles.filter((r) => !roles.some((k) => k.id === r.id)).map((r) => ({ ...r, description: '', list_filterable: false }))];

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    const address = email.trim();
    await run(async () => {
      await api.auth.updateOrgInvite(invitation.id, { email: address, expiry: expiryIso, roles: chosen });
      showAlert('success', messages.invitationUpdated(address));
      onSaved();
      close();
    });
  }

  return (
    <Dialog label="Edit Invitation" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <form className="dialog-form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" value={email} autoComplete="off" data-autofocus required onChange={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Expiry</label>
          <input id={`${id}-expiry`} type="datetime-local" value={expiry} required onChange={(e) => setExpiry(e.currentTarget.value)} />
        </div>
        <RoleChoices roles={choices} chosen={chosen} onChange={setChosen} />
        <ErrorText text={error} />
        <DialogButtons action="Update" busy={busy} disabled={!ready} onCancel={close} />
      </form>
    </Dialog>
  );
}
