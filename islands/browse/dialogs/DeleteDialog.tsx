/**
 * Delete, in two steps (documentation §4): 'Delete {name}?', then the 'REALLY sure' step; then the
 * item goes to the trash and the page says so with UNDO, which restores it into this folder.
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { ListedItem } from '../../../src/shared/api/documentation.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';

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
    <Dialog label={`Delete ${kind}`} open={open} onClose={() => !busy && close()} onClosed={onClosed}>
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
      <div className="dialog-actions">
        <SlButton onClick={close} disabled={busy}>
          Cancel
        </SlButton>
        {step === 1 ? (
          <SlButton variant="danger" onClick={() => setStep(2)}>
            Delete
          </SlButton>
        ) : (
          <SlButton variant="danger" loading={busy} onClick={() => void remove()}>
            Yes, Delete
          </SlButton>
        )}
      </div>
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
