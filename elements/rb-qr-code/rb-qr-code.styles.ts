import { css } from 'lit';

export const styles = css`
  /* No text inside: line-height 0 keeps the box the code's own size, whatever line-height a page sets
     (!important: the page's rules win over a shadow root's unless the shadow root's are important). */
  :host {
    display: inline-block;
    line-height: 0 !important;
  }
  :host([hidden]) {
    display: none;
  }
  .code {
    display: inline-block;
    background: #fff;
  }
  .code svg,
  .code canvas {
    display: block;
    max-width: 100%;
    height: auto;
  }
`;
