import { css, unsafeCSS, type CSSResult } from 'lit';

/**
 * The house's controls for an element (issue #43 "One look"): theme.css "Buttons" (`.button`, `.button.secondary`)
 * and "Forms" (a select or input as the light pages' `.field`), restated with the theme's custom properties
 * (`--rb-primary`, `--rb-border`, `--rb-radius`, `--rb-focus`, …; they cross the shadow root, and the defaults
 * here are the app's own for other sites). Sizes in em (embed-reset.styles.ts).
 */
/** The look of theme.css "Buttons" for the buttons `selector` picks: primary, and `.secondary`. */
export function buttonStyles(selector: string): CSSResult {
  const button = unsafeCSS(selector);
  return css`
    ${button} {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 0.4em;
      box-sizing: border-box;
      min-height: 2.5em;
      padding: 0.5em 1.1em;
      border-radius: var(--rb-radius, 6px);
      border: 1px solid var(--rb-primary, #1a2238);
      background: var(--rb-primary, #1a2238);
      color: var(--rb-primary-contrast, #fff);
      font: inherit;
      font-size: 1em;
      font-weight: 600;
      line-height: 1.25;
      cursor: pointer;
    }
    ${button}.secondary {
      background: var(--rb-surface, #fff);
      color: var(--rb-primary, #1a2238);
    }
    ${button}:disabled {
      opacity: 0.55;
      cursor: not-allowed;
    }
    ${button}:focus-visible {
      outline: 3px solid var(--rb-focus, #2f6fed);
      outline-offset: 2px;
    }
  `;
}

/** The look of theme.css "Forms" for the inputs, selects and textareas `selector` picks. */
export function controlLook(selector: string): CSSResult {
  return css`
    ${unsafeCSS(selector)} {
      box-sizing: border-box;
      min-height: 2.6em;
      padding: 0.55em 0.7em;
      border: 1px solid var(--rb-border, #c9cdd6);
      border-radius: var(--rb-radius, 6px);
      background: var(--rb-surface, #fff);
      color: var(--rb-text, #1c1f26);
      font: inherit;
    }
  `;
}

export const controlStyles = [
  buttonStyles('.button'),
  controlLook('.control'),
  css`
    .button:hover {
      filter: brightness(1.15);
    }
    .button.secondary:hover {
      filter: none;
      background: var(--rb-hover, #eef0f6);
    }
    input[type='checkbox'] {
      accent-color: var(--rb-primary, #1a2238);
    }
    :is(.control, input):focus-visible {
      outline: 3px solid var(--rb-focus, #2f6fed);
      outline-offset: 2px;
    }
  `,
];
