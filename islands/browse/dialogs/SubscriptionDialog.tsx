/**
 * Subscription preferences (documentation §2 Folder browser dialogs; accounts §3, §9): Subscribe on an
 * item or the current folder opens it with both options off; 'Validation errors only' is offered for
 * folders and checklists (only checklists are submitted), 'Email notifications' always. Subscribing goes
 * through the store, which says how it went and reads both lists again; a failure keeps the dialog open.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlCheckbox from '@shoelace-style/shoelace/dist/react/checkbox/index.js';
import { useState } from 'react';
import { subscribe } from '../../../src/client/stores/favourites.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import type { FollowSubject } from '../follow.ts';

interface Props {
  item: FollowSubject;
  onClosed: () => void;
}

export function SubscriptionDialog({ item, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [validationErrorsOnly, setValidationErrorsOnly] = useState(false);
  const [email, setEmail] = useState(false);
  const [busy, setBusy] = useState(false);
  const offersValidation = item.kind === 'folder' || item.doctype === 'form';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation(); // opened from the Properties dialog's form, it must not submit that one
    if (busy) return;
    setBusy(true);
    const done = await subscribe(item, { validation_errors_only: offersValidation && validationErrorsOnly, email_notifications: email });
    setBusy(false);
    if (done) close();
  }

  return (
    <Dialog label="Subscription Preferences" open={open} onClose={() => !busy && close()} onClosed={onClosed}>
      <form className="dialog-form" onSubmit={submit}>
        <p className="hint">
          You will be notified when <strong>{item.name}</strong> changes.
        </p>
        {offersValidation && (
          <SlCheckbox
            checked={validationErrorsOnly}
            help-text="Of submitted checklists, only those with validation errors."
            onSlChange={(e) => setValidationErrorsOnly((e.target as HTMLInputElement).checked)}
          >
            Validation errors only
          </SlCheckbox>
        )}
        <SlCheckbox checked={email} help-text="Also send the notifications to your e-mail address." onSlChange={(e) => setEmail((e.target as HTMLInputElement).checked)}>
          Email notifications
        </SlCheckbox>
        <div className="dialog-actions">
          <SlButton onClick={close} disabled={busy}>
            Cancel
          </SlButton>
          <SlButton type="submit" variant="primary" loading={busy}>
            Subscribe
          </SlButton>
        </div>
      </form>
    </Dialog>
  );
}
