/**
 * A Shoelace dialog of the islands (folder browser, checklist editor), opened by mounting it and
 * closed in two steps: `open` false animates it away and gives focus back to what opened it, then
 * `onClosed` unmounts it. Escape, the
 * overlay and the close button ask through `onClose`, not heard while the dialog is `busy`. The field marked
 * `data-autofocus` takes the focus when it opens.
 *
 * `onClosed` is committed at once (flushSync). Shoelace hides the dialog and emits sl-after-hide in
 * one step, while an update made in a custom event's listener waits for a later task of React's. A
 * click on the opener in between (the page shows no dialog any more) reached an owner still holding
 * the closed dialog mounted: its "open the dialog" changed nothing, the closed dialog stayed, and as
 * a dialog opens only when it mounts, the opener did nothing until the page was reloaded.
 */
import '../../src/client/shoelace.ts';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

interface Props {
  label: string;
  open: boolean;
  busy?: boolean;
  onClose: () => void;
  onClosed: () => void;
  className?: string;
  children: ReactNode;
}

export function Dialog({ label, open, busy = false, onClose, onClosed, className, children }: Props) {
  return (
    <SlDialog
      label={label}
      open={open}
      className={className}
      onSlRequestClose={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!busy) onClose();
      }}
      onSlInitialFocus={(event) => {
        // The field marked data-autofocus takes the focus instead of the panel.
        const field = (event.target as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
      onSlAfterHide={(event) => {
        // Unmounted before the next input event can reach the opener (see above).
        if (event.target === event.currentTarget) flushSync(onClosed);
      }}
    >
      {children}
    </SlDialog>
  );
}

/**
 * Opens just after mount — Shoelace runs its show (focus, initial-focus event) only when `open`
 * changes, not for a dialog mounted open — and `close()` starts the way out.
 */
export function useDialogOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(true), []);
  return [open, useCallback(() => setOpen(false), [])];
}
