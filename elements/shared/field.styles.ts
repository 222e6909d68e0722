import { css } from 'lit';
import { controlLook } from './controls.styles.ts';

/**
 * The app's form fields (src/styles/theme.css "Forms") for an element's dialog, restated as dialog.styles.ts
 * restates the dialog: a `.field` (label above its select or textarea), a `.check-field` (a checkbox beside
 * its label, its hint below the label), `.hint` and `.error` (role=alert). Sizes in em (embed-reset.styles.ts).
 */
export const fieldStyles = [
  controlLook('.field select, .field textarea'),
  css`
  form {
    margin: 0;
  }
  .field {
    display: grid;
    gap: 0.3em;
    margin-bottom: 1em;
  }
  .field label {
    font-weight: 600;
    font-size: 0.95em;
  }
  .field select,
  .field textarea {
    width: 100%;
  }
  .field select {
    appearance: auto;
  }
  .field select:focus-visible,
  .field textarea:focus-visible,
  .check-field input:focus-visible {
    outline: 3px solid var(--rb-focus, #2f6fed);
    outline-offset: 0;
  }
  .hint {
    margin: 0;
    font-size: 0.875em;
    color: var(--rb-text-muted, #4f5666);
  }
  .check-field {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: 0.6em;
    align-items: center;
    margin-bottom: 0.75em;
  }
  .check-field input {
    width: 1.25em;
    height: 1.25em;
    margin: 0;
    accent-color: var(--rb-primary, #1a2238);
  }
  .check-field label {
    display: flex;
    align-items: center;
    min-height: 2.75em;
    font-weight: 600;
    cursor: pointer;
  }
  .check-field .hint {
    grid-column: 2;
  }
  .error {
    margin: 0;
    color: var(--rb-danger, #b3261e);
    font-weight: 600;
  }
`,
];
