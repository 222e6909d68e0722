import { css } from 'lit';
import { embedReset } from '../shared/embed-reset.styles.ts';

/**
 * Plain styles: the text of embed-reset.styles.ts (the theme's font and colours, `--rb-font`, `--rb-text`),
 * system controls, visible focus; sizes in em, so a page's root font size does not reach inside.
 */
export const styles = [
  embedReset,
  css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  /* The read-only tables: text only, wrapping; a word too long for the width breaks rather than scrolls. */
  .scroll {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  caption,
  .caption {
    text-align: start;
    font-weight: 600;
    padding: 0.5em 0;
    margin: 0;
  }
  th,
  td {
    padding: 0.25em 0.375em;
    text-align: start;
    vertical-align: middle;
    border-bottom: 1px solid var(--rb-permission-editor-rule, #d4d4d8);
    overflow-wrap: anywhere;
  }
  th {
    font-weight: 600;
  }
  /* The entries: one card each; the head's fields and the checkboxes wrap to the width there is. */
  .entries {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75em;
  }
  .entry {
    min-width: 0;
    padding: 0.75em;
    border: 1px solid var(--rb-permission-editor-rule, #d4d4d8);
    border-radius: 0.5em;
  }
  .entry-head {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 0.5em 0.75em;
  }
  .field {
    display: grid;
    gap: 0.25em;
    min-width: 0;
  }
  .field.subject {
    flex: 1 1 12em;
  }
  .field.effect {
    flex: 0 1 auto;
  }
  .field label {
    white-space: nowrap;
  }
  .field select {
    width: 100%;
    min-width: 0;
    min-height: 2.5em;
  }
  .remove {
    min-height: 2.5em;
  }
  .bits {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1em;
    min-width: 0;
    margin: 0.5em 0 0;
    padding: 0;
    border: 0;
  }
  .bits legend {
    padding: 0;
    margin-bottom: 0.125em;
    font-weight: 600;
  }
  label.bit {
    display: inline-flex;
    align-items: center;
    gap: 0.375em;
    min-height: 2.75em;
    cursor: pointer;
  }
  select,
  button,
  input {
    font: inherit;
  }
  input[type='checkbox'] {
    width: 1.125em;
    height: 1.125em;
  }
  button {
    cursor: pointer;
    padding: 0.25em 0.75em;
    border: 1px solid currentColor;
    border-radius: 0.25em;
    background: transparent;
    color: inherit;
  }
  button.add {
    margin-top: 0.75em;
  }
  :is(select, button, input):focus-visible {
    outline: 2px solid var(--rb-permission-editor-focus, #1d4ed8);
    outline-offset: 2px;
  }
  .empty,
  .status {
    margin: 0.5em 0;
  }
  .error {
    color: var(--rb-permission-editor-error, #b91c1c);
  }
`,
];
