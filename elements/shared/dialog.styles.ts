import { css, html, type TemplateResult } from 'lit';
import { buttonStyles } from './controls.styles.ts';

/**
 * The house dialog for elements (issue #9, "one dialog"): the same anatomy and numbers as the app's
 * dialogs in src/styles/theme.css ("Dialogs"), restated here because an element's shadow root cannot
 * reach the app's stylesheet and must look right on other sites too (the app's custom properties win
 * where they exist). Sizes are in em, not rem: the element's font size is its own (embed-reset.styles.ts),
 * a page's root font size is not (issue #29). Use it as `<dialog class="dialog">` with `dialogHeader(title, close)`, then
 * `<div class="dialog-body">…<div class="dialog-actions">…</div></div>`.
 */
export const dialogStyles = css`
  dialog.dialog {
    border: none;
    border-radius: 10px;
    padding: 0;
    width: min(32em, calc(100vw - 2.25em));
    max-width: none;
    max-height: calc(100dvh - 2.25em);
    overflow: hidden;
    flex-direction: column;
    box-sizing: border-box;
    box-shadow: 0 12px 40px rgb(var(--rb-shadow-rgb, 0 0 0) / 0.3);
    color: var(--rb-text, #1c1f26);
    background: var(--rb-surface, #fff);
    font-family: var(--rb-font, system-ui, sans-serif);
    line-height: 1.5;
  }
  dialog.dialog[open] {
    display: flex;
  }
  dialog.dialog:focus {
    outline: none;
  }
  dialog.dialog::backdrop {
    background: rgb(var(--rb-scrim-rgb, 10 14 28) / 0.45);
  }
  .dialog-header {
    flex: 0 0 auto;
    display: flex;
    align-items: center;
  }
  .dialog-title {
    flex: 1 1 auto;
    margin: 0;
    padding: 1em; /* 20px at the title's 1.25em */
    font-size: 1.25em;
    font-weight: 600;
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  .dialog-close {
    flex: 0 0 auto;
    display: grid;
    place-items: center;
    width: 2em;
    height: 2em;
    min-height: 0;
    margin-inline-end: 1.25em;
    padding: 0;
    border: 0;
    border-radius: var(--rb-radius, 6px);
    background: none;
    color: var(--rb-text-muted, #4f5666);
    font: inherit;
    font-size: 1em;
    cursor: pointer;
  }
  .dialog-close:hover {
    color: var(--rb-primary, #1a2238);
  }
  .dialog-close svg {
    width: 1em;
    height: 1em;
  }
  .dialog-body {
    flex: 1 1 auto;
    min-height: 0;
    overflow: auto;
    padding: 0 1.25em 1.25em;
  }
  .dialog-actions {
    display: flex;
    gap: 0.5em;
    justify-content: flex-end;
    flex-wrap: wrap;
    margin-top: 1em;
  }
  .dialog-close:focus-visible {
    outline: 3px solid var(--rb-focus, #2f6fed);
    outline-offset: 2px;
  }
`;

/** The app's .button look (theme.css "Buttons") for an element's dialog: primary, and `.secondary`. */
export const dialogButtonStyles = buttonStyles('.dialog-actions button');

/** The header of an element's dialog: the title (id `titleId`) and the close X, named 'Close'. */
export function dialogHeader(title: string, titleId: string, close: () => void): TemplateResult {
  return html`<header class="dialog-header">
    <h2 class="dialog-title" id=${titleId}>${title}</h2>
    <button type="button" class="dialog-close" aria-label="Close" @click=${close}>
      <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
        <path
          d="M2.146 2.854a.5.5 0 1 1 .708-.708L8 7.293l5.146-5.147a.5.5 0 0 1 .708.708L8.707 8l5.147 5.146a.5.5 0 0 1-.708.708L8 8.707l-5.146 5.147a.5.5 0 0 1-.708-.708L7.293 8 2.146 2.854Z"
        ></path>
      </svg>
    </button>
  </header>`;
}
