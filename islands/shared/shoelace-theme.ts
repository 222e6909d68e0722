/**
 * Shoelace's light theme for an island that uses Shoelace, added once at run time BEFORE the page's own
 * styles (src/client/dom.ts `addBaseStyles`), so the house theme (theme.css) keeps the last word. A page
 * whose first paint needs no Shoelace (the folder page's picture, a document's editor) loads it this way
 * instead of inlining 19 KB of custom properties into its HTML ahead of that paint.
 */
import theme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import { addBaseStyles } from '../../src/client/dom.ts';

export function addShoelaceTheme(): void {
  addBaseStyles(theme);
}
