/**
 * Invite User (accounts §2 "an invite button", §5 "Invite also needs the e-mail filled" and the {email}
 * shape, §7 POST users {email, roles}, §8): 'Invitation Sent To {email}.'; a refusal (plan limits, a
 * member already) shows the server's detail in an error alert and keeps the dialog open to correct it.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useId, useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { RoleChoices } from './RoleChoices.tsx';
import { canSendInvitation, messages } from './users-state.ts';

interface Props {
  roles: readonly Role[];
  onInvited: () => void;
  onClosed: () => void;
}

export function InviteDialog({ roles, onInvited, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ready = canSendInvitation(email);

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const address = email.trim();
    try {
      await api.users.invite({ email: address, roles: chosen });
      showAlert('success', messages.invitationSent(address));
      onInvited();
      close();
    } catch (error) {
      showAlert('error', problemText(error, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog label="Invite User" open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <form className="dialog-form invite-form" onSubmit={invite} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" value={email} autoComplete="off" data-autofocus required onChange={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <RoleChoices roles={roles} chosen={chosen} onChange={setChosen} />
        <div className="dialog-actions">
          <SlButton onClick={close} disabled={busy}>
            Cancel
          </SlButton>
          <SlButton type="submit" variant="primary" disabled={!ready} loading={busy}>
            Invite
          </SlButton>
        </div>
      </form>
    </Dialog>
  );
}
