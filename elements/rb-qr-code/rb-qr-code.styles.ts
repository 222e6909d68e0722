import { css } from 'lit';

export const styles = css`
  :host {
    display: inline-block;
    line-height: 0;
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
