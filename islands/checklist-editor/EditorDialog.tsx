/**
 * A Shoelace dialog of the checklist editor, opened by mounting it and closed in two steps (`open`
 * false animates it away and gives focus back, then `onClosed` unmounts it), as the browse island's
 * dialogs. Escape, the overlay and the close button ask through `onClose`, which a busy dialog ignores.
 * The element marked `data-autofocus` takes the focus when it opens.
 */
import '../../src/client/shoelace.ts';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
  children: ReactNode;
}

export function EditorDialog({ label, open, onClose, onClosed, children }: Props) {
  return (
    <SlDialog
      label={label}
      open={open}
      className="editor-dialog"
      onSlRequestClose={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onSlInitialFocus={(event) => {
        const field = (event.target as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
      onSlAfterHide={(event) => {
        if (event.target === event.currentTarget) onClosed();
      }}
    >
      {children}
    </SlDialog>
  );
}
