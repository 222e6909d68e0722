import { css } from 'lit';

/** Plain, inheritable styles: the host page's font and colours, system controls, visible focus. */
export const styles = css`
  :host {
    display: block;
    font: inherit;
    color: inherit;
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
    padding: 0.5rem 0;
    margin: 0;
  }
  th,
  td {
    padding: 0.25rem 0.375rem;
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
    gap: 0.75rem;
  }
  .entry {
    min-width: 0;
    padding: 0.75rem;
    border: 1px solid var(--rb-permission-editor-rule, #d4d4d8);
    border-radius: 0.5rem;
  }
  .entry-head {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 0.5rem 0.75rem;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    min-width: 0;
  }
  .field.subject {
    flex: 1 1 12rem;
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
    min-height: 2.5rem;
  }
  .remove {
    min-height: 2.5rem;
  }
  .bits {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1rem;
    min-width: 0;
    margin: 0.5rem 0 0;
    padding: 0;
    border: 0;
  }
  .bits legend {
    padding: 0;
    margin-bottom: 0.125rem;
    font-weight: 600;
  }
  label.bit {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    min-height: 2.75rem;
    cursor: pointer;
  }
  select,
  button,
  input {
    font: inherit;
  }
  input[type='checkbox'] {
    width: 1.125rem;
    height: 1.125rem;
  }
  button {
    cursor: pointer;
    padding: 0.25rem 0.75rem;
    border: 1px solid currentColor;
    border-radius: 0.25rem;
    background: transparent;
    color: inherit;
  }
  button.add {
    margin-top: 0.75rem;
  }
  :is(select, button, input):focus-visible {
    outline: 2px solid var(--rb-permission-editor-focus, #1d4ed8);
    outline-offset: 2px;
  }
  .empty,
  .status {
    margin: 0.5rem 0;
  }
  .error {
    color: var(--rb-permission-editor-error, #b91c1c);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
