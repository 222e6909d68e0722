import { css } from 'lit';

/**
 * Where an element's text starts from, whatever the page around it says (issue #29: the host page's CSS
 * does not break the elements). A page's CSS reaches into a shadow root only through inherited properties:
 * a rule such as `* { font-size: 40px !important; color: red }` matches the host element itself, and
 * everything inside inherits it. A shadow root's own `:host` declaration marked !important wins over the
 * page's, !important or not (CSS Cascade: for important declarations the inner context wins), so each
 * element starts from these values. `font-size: medium` is the reader's own default size, not the page's
 * root size (a CMS with `html { font-size: 62.5% }` changes `rem`, not `medium`).
 *
 * A page themes the elements through the custom properties named here (also the app's, src/styles/theme.css,
 * so inside the app nothing changes) and through `::part`; a page's `font-size` or `color` on the element
 * itself no longer reaches its text. Listed with @cssprop on each element (the /elements/ page).
 */
export const embedReset = css`
  :host {
    color: var(--rb-text, #1c1f26) !important;
    font-family: var(--rb-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif) !important;
    font-size: var(--rb-font-size, medium) !important;
    font-style: normal !important;
    font-weight: 400 !important;
    font-variant: normal !important;
    line-height: 1.5 !important;
    letter-spacing: normal !important;
    word-spacing: normal !important;
    text-align: start !important;
    text-indent: 0 !important;
    text-transform: none !important;
    text-shadow: none !important;
    white-space: normal !important;
    -webkit-text-fill-color: currentcolor !important;
  }
  /* Text for screen readers only (a live region's news, a table's caption). */
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
