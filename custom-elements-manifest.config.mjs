// The Custom Elements Manifest of the elements (issue #29): `@custom-elements-manifest/analyzer` reads
// the Lit sources (--litelement: @property, @state, the attribute names) and their JSDoc (@event,
// @csspart, @cssprop, @slot), and finds each tag in its module's customElements.define. Written by
// scripts/build-elements.mjs (also `npx cem analyze` alone) to public/elements/custom-elements.json,
// served as /elements/custom-elements.json beside ringbinder.js, and read by the /elements/ page.
export default {
  globs: ['elements/rb-*/rb-*.ts'],
  exclude: ['elements/**/*.styles.ts'],
  outdir: 'public/elements',
  litelement: true,
  // Writes nothing into package.json (the analyzer's default adds a "customElements" field there).
  packagejson: false,
  quiet: true,
};
