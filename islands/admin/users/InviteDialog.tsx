/**
 * Invite User (accounts §2 "an invite button", §5 "Invite also needs the e-mail filled" and the {email}
 * shape, §7 POST users {email, roles}, §8): 'Invitation Sent To {email}.'; a refusal (plan limits, a
 * member already) shows the server's detail in an error alert and keeps the dialog open to correct it.
 */
import { useId, useState } from 'react';
import { api } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
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
  const { busy, run } = useTask();
  const id = useId();
  const ready = canSendInvitation(email);

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    const address = email.trim();
    await run(
      async () => {
        await api.users.invite({ email: address, roles: chosen });
        showAlert('success', messages.invitationSent(address));
        onInvited();
        close();
      },
      { alert: true },
    );
  }

  return (
    <Dialog label="Invite User" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <form className="dialog-form invite-form" onSubmit={invite} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" value={email} autoComplete="off" data-autofocus required onChange={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <RoleChoices roles={roles} chosen={chosen} onChange={setChosen} />
        <DialogButtons action="Invite" busy={busy} disabled={!ready} onCancel={close} />
      </form>
    </Dialog>
  );
}
