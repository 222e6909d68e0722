import { describe, expect, it } from 'vitest';
import { colourProblems, fileProblems, themeTokens } from '../../../scripts/colour-tokens.mjs';

const tokens = themeTokens(':root { --rb-primary: #1a2238; --rb-surface: #ffffff; --rb-shadow-rgb: 0 0 0; }');

describe('one set of design tokens (issue #43): no raw colour outside src/styles/theme.css', () => {
  it('refuses a raw hex, rgb() or hsl() colour', () => {
    const css = ['.a { color: #1a2238; }', '.b { box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2); }', '.c { background: hsl(240 5% 90%); }', '.d { color: #FFF; }'].join('\n');
    expect(fileProblems('islands/x/x.css', css, tokens)).toEqual([
      'islands/x/x.css:1: a raw colour (#1a2238) — use a token of src/styles/theme.css',
      'islands/x/x.css:2: a raw colour (rgba() — use a token of src/styles/theme.css',
      'islands/x/x.css:3: a raw colour (hsl() — use a token of src/styles/theme.css',
      'islands/x/x.css:4: a raw colour (#FFF) — use a token of src/styles/theme.css',
    ]);
  });

  it("takes a token, a token's default equal to theme.css's, a token's channels with an alpha, and no ids or addresses", () => {
    const css = [
      '.a { color: var(--rb-primary); background: var(--rb-surface, #fff); }',
      '.b { box-shadow: 0 1px 2px rgb(var(--rb-shadow-rgb) / 0.2), 0 2px 4px rgb(var(--rb-shadow-rgb, 0 0 0) / 0.1); }',
      '.c { border: var(--sl-panel-border-color, hsl(240 5.9% 90%)); }',
      "link.href = '#add-the-script'; const id = `#${key}-input`; html`&#10003;`",
      ' * @cssprop [--rb-x-accent=#1a2238] - The accent.',
    ].join('\n');
    expect(fileProblems('elements/x/x.styles.ts', css, tokens)).toEqual([]);
  });

  it("refuses a default that is not theme.css's value, a token theme.css does not have, and an undocumented default", () => {
    const css = ['.a { outline-color: var(--rb-primary, #2a6df4); }', '.b { background: var(--rb-surface-muted, #f4f5f8); }', ' * @cssprop [--rb-x-rule=#d4d4d8] - Rules.'].join('\n');
    expect(fileProblems('elements/x/x.styles.ts', css, tokens)).toEqual([
      'elements/x/x.styles.ts:1: the default of --rb-primary is #2a6df4, src/styles/theme.css says #1a2238',
      'elements/x/x.styles.ts:2: --rb-surface-muted is no token of src/styles/theme.css',
      "elements/x/x.styles.ts:3: the documented default #d4d4d8 is none of src/styles/theme.css's colours",
    ]);
  });

  it('keeps the documented exceptions to their lines', () => {
    expect(fileProblems('islands/presentation-viewer/presentation-viewer.css', '.pv-swatch-red { background: #e0201b; }', tokens)).toEqual([]);
    expect(fileProblems('islands/presentation-viewer/presentation-viewer.css', '.pv-stage-area { background: #2b2f38; }', tokens)).toHaveLength(1);
  });

  it('finds none in the islands, the elements and the light pages', () => {
    expect(colourProblems()).toEqual([]);
  });
});
