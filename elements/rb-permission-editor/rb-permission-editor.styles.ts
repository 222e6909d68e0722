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
  .scroll {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding: 0.5rem 0;
  }
  th,
  td {
    padding: 0.25rem 0.5rem;
    text-align: start;
    vertical-align: middle;
    border-bottom: 1px solid var(--rb-permission-editor-rule, #d4d4d8);
  }
  th {
    font-weight: 600;
    white-space: nowrap;
  }
  td.bit,
  th.bit {
    text-align: center;
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
