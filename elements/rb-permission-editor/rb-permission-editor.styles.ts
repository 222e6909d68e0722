import { css } from 'lit';
import { controlStyles } from '../shared/controls.styles.ts';
import { embedReset } from '../shared/embed-reset.styles.ts';

/**
 * The text of embed-reset.styles.ts (the theme's font and colours, `--rb-font`, `--rb-text`) and the house's
 * controls (../shared/controls.styles.ts: the app's buttons and fields, issue #43), visible focus; sizes in
 * em, so a page's root font size does not reach inside.
 */
export const styles = [
  embedReset,
  controlStyles,
  css`
  :host {
    display: block;
    container-type: inline-size;
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
    border-bottom: 1px solid var(--rb-permission-editor-rule, var(--rb-border, #c9cdd6));
    overflow-wrap: anywhere;
  }
  th {
    font-weight: 600;
  }
  /* Headers on one line ('From folder', not 'From / folder') wherever the table has room: a dialog, a page;
     a phone's narrow width lets them wrap rather than scroll sideways. */
  @container (min-width: 30em) {
    th {
      white-space: nowrap;
    }
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
    border: 1px solid var(--rb-permission-editor-rule, var(--rb-border, #c9cdd6));
    border-radius: var(--rb-radius, 6px);
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
    font-weight: 600;
    font-size: 0.95em;
  }
  .field select {
    width: 100%;
    min-width: 0;
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
    width: 1.25em;
    height: 1.25em;
    margin: 0;
  }
  button.add {
    margin-top: 0.75em;
  }
  :is(select, button, input):focus-visible {
    outline: 3px solid var(--rb-permission-editor-focus, var(--rb-focus, #2f6fed));
    outline-offset: 2px;
  }
  .empty,
  .status {
    margin: 0.5em 0;
  }
  .error {
    color: var(--rb-permission-editor-error, var(--rb-danger, #b3261e));
  }
`,
];
