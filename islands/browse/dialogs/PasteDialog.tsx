/**
 * Paste (documentation §4): a copy of the clipboard's item into the destination folder, or a move when
 * 'Remove Original Copy' is ticked — offered only when the action table allows `move` on the item (Write
 * and Delete). '{name} pasted from {origin} to {dest}' (plus 'and removed from
 * {origin}' with UNDO, which moves it back: '{name} returned to {origin}'); the clipboard then clears.
 * A refusal shows the server's detail in the dialog and as an error alert.
 */
import SlCheckbox from '@shoelace-style/shoelace/dist/react/checkbox/index.js';
import { useState } from 'react';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import { clearClipboard, type ClipboardItem } from '../../../src/client/stores/clipboard.ts';
import type { DropTarget } from '../item-drag.ts';
import { canRemoveOriginal } from '../offered-actions.ts';
import { messages } from '../messages.ts';
import { Dialog, useDialogOpen } from '../../shared/Dialog.tsx';
import { DialogButtons } from '../../shared/DialogButtons.tsx';
import { useTask } from '../../shared/use-task.ts';
import { ErrorBanner } from './ErrorBanner.tsx';

interface Props {
  item: ClipboardItem;
  destination: DropTarget;
  /** After the paste, and again after an UNDO. */
  onPasted: (item: ClipboardItem) => void;
  onClosed: () => void;
}

const bodyOf = (item: ClipboardItem) => (item.kind === 'folder' ? { folder_id: item.id } : { document_id: item.id });

export function PasteDialog({ item, destination, onPasted, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const movable = canRemoveOriginal(item.permissions);
  const [removeOriginal, setRemoveOriginal] = useState(false);
  const { busy, error, run } = useTask();

  async function paste() {
    const move = movable && removeOriginal;
    await run(
      async () => {
        await api.documentation.paste(move ? 'move' : 'copy', destination.id, bodyOf(item));
        const message = messages.pasted(item.name, item.originName, destination.name, move);
        showAlert('success', message, move ? { label: 'UNDO', run: () => void moveBack(item, onPasted) } : undefined);
        clearClipboard();
        onPasted(item);
        close();
      },
      { alert: true },
    );
  }

  return (
    <Dialog label="Paste" open={open} busy={busy} onClose={close} onClosed={onClosed}>
      <p>
        Paste <strong>{item.name}</strong> from <strong>{item.originName}</strong> into <strong>{destination.name}</strong>?
      </p>
      {movable && (
        <SlCheckbox checked={removeOriginal} onSlChange={(e) => setRemoveOriginal((e.target as HTMLInputElement).checked)}>
          Remove Original Copy
        </SlCheckbox>
      )}
      <ErrorBanner detail={error} />
      <DialogButtons action="Paste" busy={busy} onCancel={close} onAction={() => void paste()} />
    </Dialog>
  );
}

/** UNDO of a move: the item goes back to the folder it came from. */
async function moveBack(item: ClipboardItem, onPasted: (item: ClipboardItem) => void): Promise<void> {
  try {
    await api.documentation.paste('move', item.originId, bodyOf(item));
    showAlert('success', messages.returned(item.name, item.originName));
    onPasted(item);
  } catch (err) {
    showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
  }
}
