import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.ts';
import { embedReset } from '../shared/embed-reset.styles.ts';

/**
 * The host page's font and colours, system controls, large touch targets (phones, kiosk tablets in
 * portrait and landscape), visible focus. In kiosk mode the controls grow a little more, and wide
 * screens (a landscape tablet) lay the options of a question out in columns.
 *
 * Themeable from the host page (#29): the `--rb-checklist-*` custom properties (accent, danger, surface,
 * border, radius, muted, focus; the app's own `--rb-*` theme is the fallback) and the parts named in the
 * element's documentation. The shadow root keeps the host page's rules out and these in.
 *
 * Written in parts, so that the comments between them are JavaScript's: none is sent to the browser, nor
 * drawn into the server's HTML.
 */
export const styles = [
  embedReset,
  dialogStyles,
  css`
  :host {
    display: block;
    font: inherit;
    color: inherit;
    --accent: var(--rb-checklist-accent, var(--rb-primary, #1a2238));
    --danger: var(--rb-checklist-danger, var(--rb-danger, #b3261e));
    --rule: var(--rb-checklist-border, var(--rb-border, #c9cdd6));
    --muted: var(--rb-checklist-muted, var(--rb-text-muted, #4f5666));
    --surface: var(--rb-checklist-surface, var(--rb-surface, #fff));
    --radius: var(--rb-checklist-radius, 6px);
    --focus: var(--rb-checklist-focus, var(--rb-focus, #2f6fed));
    max-width: 48em;
  }
  :host([hidden]) {
    display: none;
  }
  `,
  // Conditional questions (issue #33): a question whose condition is not met, and the live region. A kiosk's
  // font size: large is 18px where medium is 16px (embed-reset.styles.ts sets the size from it, never from the page's rem).
  css`
  .question-slot[hidden] {
    display: none;
  }
  :host([kiosk]) {
    max-width: none;
    --rb-font-size: large;
  }
  form {
    display: grid;
    gap: 1em;
  }
  .head h2 {
    margin: 0 0 0.25em;
    font-size: 1.375em;
  }
  .description,
  .hint {
    margin: 0.25em 0;
    color: var(--muted);
  }
  .hint {
    font-size: 0.875em;
  }
  .question {
    margin: 0;
    padding: 0.75em 1em 1em;
    border: 1px solid var(--rule);
    border-radius: var(--radius);
    background: var(--surface);
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 0.25em;
    overflow-wrap: anywhere;
  }
  .options {
    display: grid;
    gap: 0.25em;
    margin-top: 0.5em;
  }
  .option {
    display: flex;
    align-items: center;
    gap: 0.625em;
    min-height: 2.75em;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  input[type='radio'],
  input[type='checkbox'] {
    width: 1.375em;
    height: 1.375em;
    margin: 0;
    flex: none;
    accent-color: var(--accent);
  }
  .toggles {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  input[type='text'],
  input[type='number'],
  input[type='datetime-local'],
  select,
  textarea {
    font: inherit;
    box-sizing: border-box;
    width: 100%;
    min-height: 2.75em;
    margin-top: 0.5em;
    padding: 0.5em 0.625em;
    border: 1px solid var(--rule);
    border-radius: var(--radius);
    background: var(--surface);
    color: inherit;
  }
  textarea {
    resize: vertical;
  }
  .qr-field {
    display: flex;
    gap: 0.5em;
    align-items: end;
  }
  .qr-field input {
    flex: 1;
    min-width: 0;
  }
  button,
  .file-button span {
    font: inherit;
    cursor: pointer;
    min-height: 2.75em;
    padding: 0.5em 1.1em;
    border: 1px solid var(--accent);
    border-radius: var(--radius);
    background: var(--surface);
    color: var(--accent);
    box-sizing: border-box;
  }
  button.primary {
    background: var(--accent);
    color: var(--rb-primary-contrast, #ffffff);
    min-width: 10em;
  }
  button.text {
    border-color: transparent;
    padding-inline: 0.5em;
  }
  `,
  // A real button (issue #43), smaller than the form's own.
  css`
  button.remove-photo {
    min-height: 2.25em;
    padding: 0.25em 0.75em;
    font-size: 0.875em;
  }
  button.toggle[aria-pressed='true'] {
    background: var(--accent);
    color: var(--rb-primary-contrast, #ffffff);
  }
  button:disabled,
  button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  :is(button, input, select, textarea):focus-visible,
  .file-button input:focus-visible + span {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  .comments label {
    display: block;
    margin-top: 0.75em;
    font-weight: 600;
  }
  .photos {
    margin-top: 0.75em;
  }
  `,
  // A question's own picture: as wide as the question at most, never taller than most of the screen.
  css`
  .picture {
    margin: 0.5em 0;
  }
  .picture img {
    display: block;
    max-width: 100%;
    max-height: 70vh;
    height: auto;
    border-radius: 6px;
  }
  .picture a {
    overflow-wrap: anywhere;
  }
  .picture-missing {
    margin: 0.5em 0;
    color: var(--muted);
  }
  .photo-list {
    list-style: none;
    margin: 0 0 0.5em;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.75em;
  }
  .photo-list li {
    display: grid;
    gap: 0.25em;
    justify-items: start;
  }
  .photo-list img {
    width: 6em;
    height: 6em;
    object-fit: cover;
    border-radius: 6px;
    border: 1px solid var(--rule);
  }
  .file-button {
    position: relative;
    display: inline-flex;
  }
  .file-button span {
    display: inline-flex;
    align-items: center;
  }
  .file-button input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    height: 100%;
    cursor: pointer;
  }
  .problem,
  .error {
    color: var(--danger);
    font-weight: 600;
    margin: 0.375em 0 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75em;
  }
  #submit-hint p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .message {
    margin: 0;
    font-weight: 600;
  }
  .message:empty,
  .queue-status:empty {
    display: none;
  }
  .message.success {
    color: var(--rb-success, #1e6b34);
  }
  .message.error {
    color: var(--danger);
  }
  .queue-status {
    margin: 1em 0 0;
    padding: 0.5em 0.75em;
    border-radius: 6px;
    background: var(--rb-background, #f4f5f8);
    color: var(--rb-text, #1c1f26);
    font-size: 0.9375em;
  }
  .empty {
    color: var(--muted);
  }
  `,
  // After a submission (the element loaded the checklist itself): the outcome and 'Fill In Again'.
  css`
  .done {
    display: grid;
    justify-items: start;
    gap: 1em;
    padding: 1.25em 1em;
    border: 1px solid var(--rule);
    border-left: 6px solid var(--rb-success, #1e6b34);
    border-radius: var(--radius);
    background: var(--surface);
  }
  .done.info {
    border-left-color: var(--accent);
  }
  `,
  // A kiosk's outcome above the cleared form (issue #43), drawn like the submitted state.
  css`
  .outcome {
    margin: 0 0 1em;
    padding: 1em;
    border: 1px solid var(--rule);
    border-left: 6px solid var(--rb-success, #1e6b34);
    border-radius: var(--radius);
    font-weight: 600;
    font-size: 1.125em;
  }
  .outcome.info {
    border-left-color: var(--accent);
  }
  .outcome:focus {
    outline: none;
  }
  .done-text {
    margin: 0;
    font-weight: 600;
    font-size: 1.125em;
  }
  .done-text:focus {
    outline: none;
  }
  .refusal {
    padding: 1em;
    border: 1px solid var(--rule);
    border-left: 6px solid var(--danger);
    border-radius: var(--radius);
    background: var(--surface);
  }
  dialog.scanner video {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    background: var(--rb-media-background, #000000);
    border-radius: 6px;
    object-fit: cover;
  }
  @media (min-width: 48rem) and (orientation: landscape) {
    :host([kiosk]) .options:not(.toggles) {
      grid-template-columns: repeat(auto-fill, minmax(14em, 1fr));
    }
    :host([kiosk]) form {
      max-width: 64em;
      margin-inline: auto;
    }
  }
`,
];
