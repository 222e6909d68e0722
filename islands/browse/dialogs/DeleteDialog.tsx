/**
 * Delete, in two steps (documentation §4): 'Delete {name}?', then the 'REALLY sure' step; then the
 * item goes to the trash and the page says so with UNDO, which restores it into this folder.
 */
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { ListedItem } from '../../../src/shared/api/documentation.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';

interface Props {
  item: ListedItem;
  /** After the delete, and again after an UNDO. */
  onChanged: (item: ListedItem) => void;
  onClosed: () => void;
}

export function DeleteDialog({ item, onChanged, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const kind = messages.kindWord(item.kind);

  async function remove() {
    setBusy(true);
    try {
      if (item.kind === 'folder') await api.documentation.deleteFolder(item.id);
      else await api.documentation.deleteDocument(item.id);
      showAlert('success', messages.deleted(item.kind, item.name), { label: 'UNDO', run: () => void undo(item, onChanged) });
      onChanged(item);
    } catch (err) {
      showAlert('error', messages.deleteFailed(item.kind, item.name, problemText(err, 'please try again')));
    } finally {
      setBusy(false);
      close();
    }
  }

  return (
    <Dialog label={`Delete ${kind}`} open={open} busy={busy} onClose={close} onClosed={onClosed}>
      {step === 1 ? (
        <p>
          Are you sure you want to delete the {kind.toLowerCase()} <strong>{item.name}</strong>?
        </p>
      ) : (
        <p role="alert">
          Are you REALLY sure? <strong>{item.name}</strong>
          {item.kind === 'folder' ? ' and everything in it' : ''} will go to the trash.
        </p>
      )}
      <DialogButtons
        variant="danger"
        action={step === 1 ? 'Delete' : 'Yes, Delete'}
        busy={busy}
        onCancel={close}
        onAction={step === 1 ? () => setStep(2) : () => void remove()}
      />
    </Dialog>
  );
}

/** UNDO: back from the trash into the folder it was deleted from. */
async function undo(item: ListedItem, onChanged: (item: ListedItem) => void): Promise<void> {
  try {
    if (item.kind === 'folder') await api.documentation.restoreFolder(item.id);
    else await api.documentation.restoreDocument(item.id);
    showAlert('success', messages.restored(item.name));
    onChanged(item);
  } catch (err) {
    showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
  }
}
