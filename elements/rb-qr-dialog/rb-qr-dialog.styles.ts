import { css } from 'lit';

/** The app's dialog look (theme.css), through its custom properties, with fallbacks for other sites. */
export const styles = css`
  :host {
    display: contents;
    font-family: var(--rb-font, system-ui, sans-serif);
  }
  dialog {
    border: none;
    border-radius: 10px;
    padding: 1.5rem;
    max-width: min(92vw, 32rem);
    width: 100%;
    box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
    color: var(--rb-text, #1c1f26);
    background: var(--rb-surface, #fff);
    line-height: 1.5;
  }
  dialog::backdrop {
    background: rgba(10, 14, 28, 0.45);
  }
  h2 {
    font-size: 1.25rem;
    line-height: 1.25;
    margin: 0 0 0.75rem;
    overflow-wrap: anywhere;
  }
  .code {
    display: grid;
    place-items: center;
    min-height: 240px;
  }
  .address {
    text-align: center;
    overflow-wrap: anywhere;
    font-size: 0.9rem;
    color: var(--rb-text-muted, #4f5666);
  }
  .address a {
    color: inherit;
  }
  .error {
    color: var(--rb-danger, #b3261e);
    font-weight: 600;
  }
  .actions {
    display: flex;
    gap: 0.5rem;
    justify-content: flex-end;
    flex-wrap: wrap;
    margin-top: 1rem;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 2.5rem;
    padding: 0.5rem 1.1rem;
    border-radius: var(--rb-radius, 6px);
    border: 1px solid var(--rb-primary, #1a2238);
    background: var(--rb-primary, #1a2238);
    color: var(--rb-primary-contrast, #fff);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button.secondary {
    background: var(--rb-surface, #fff);
    color: var(--rb-primary, #1a2238);
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  :focus-visible {
    outline: 3px solid var(--rb-focus, #2f6fed);
    outline-offset: 2px;
  }
`;
