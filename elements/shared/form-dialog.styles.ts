import { css } from 'lit';
import { dialogButtonStyles, dialogStyles } from './dialog.styles.ts';
import { embedReset } from './embed-reset.styles.ts';
import { fieldStyles } from './field.styles.ts';

/**
 * The styles of a form dialog element on ModalDialog (modal-dialog.ts: rb-assign-dialog,
 * rb-subscription-dialog): the house dialog, its buttons and its fields; the host draws nothing of its own.
 */
export const formDialogStyles = [
  embedReset,
  dialogStyles,
  dialogButtonStyles,
  fieldStyles,
  css`
    :host {
      display: contents;
    }
  `,
];
