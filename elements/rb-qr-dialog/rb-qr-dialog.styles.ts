import { css } from 'lit';
import { dialogButtonStyles, dialogStyles } from '../shared/dialog.styles.ts';
import { embedReset } from '../shared/embed-reset.styles.ts';

/** The house dialog (elements/shared/dialog.styles.ts) around the code, its address and the actions. */
export const styles = [
  embedReset,
  dialogStyles,
  dialogButtonStyles,
  css`
    :host {
      display: contents;
    }
    .code {
      display: grid;
      place-items: center;
      min-height: 240px;
    }
    .address {
      text-align: center;
      overflow-wrap: anywhere;
      font-size: 0.9em;
      color: var(--rb-text-muted, #4f5666);
    }
    .address a {
      color: inherit;
    }
    .error {
      color: var(--rb-danger, #b3261e);
      font-weight: 600;
    }
  `,
];
