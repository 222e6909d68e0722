// @ts-check
/**
 * One set of design tokens (issue #43 "One look"): no raw colour (#hex, rgb(), hsl()) in the islands, the
 * elements, the light screens' styles and pages, outside THE token file src/styles/theme.css. Allowed:
 * - a token's default where theme.css is not there (an element on another site): `var(--rb-name, value)` with
 *   theme.css's own value of that token (the check compares them), also a token's channels for a see-through
 *   shade, `rgb(var(--rb-name-rgb, r g b) / alpha)`;
 * - an element's documented default (`@cssprop [--name=value]`, the /elements/ page's `'default value'`): one of theme.css's colours;
 * - Shoelace's own default of one of its tokens, `var(--sl-name, value)`, for a page without its theme;
 * - the EXCEPTIONS below, each with its reason: colours that are a picture's or a document's content, not the look.
 * `node scripts/colour-tokens.mjs` prints what it finds (exit 1); tests/unit/scripts/colour-tokens.test.ts runs the same check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN_FILE = 'src/styles/theme.css';
/** Where the look is written: the islands, the elements, and the browser side of src (the server writes no style). */
const SCANNED = ['islands', 'elements', 'src/styles', 'src/components', 'src/pages', 'src/screens', 'src/client', 'src/shared/first-paint'];
const EXTENSIONS = /\.(?:css|ts|tsx|astro|js|mjs)$/;

/** Raw colours that are not the look, by file (and line, when `line` is given), and why. */
const EXCEPTIONS = [
  { file: 'islands/shared/presentation-canvas/shape-node.ts', why: "a shape's colour is the presentation's content (its model names red, blue, …), drawn on the canvas" },
  { file: 'islands/presentation-viewer/presentation-viewer.css', line: /\.pv-swatch-[a-z]+ \{/, why: "the same shapes' colours, as the annotation list's swatches" },
  { file: 'islands/presentation-editor/PageCanvas.tsx', why: "the editing handles, drawn on Konva's canvas (no CSS reaches it) in the canvas's own blue and white" },
  { file: 'islands/shared/charts/uplot-chart.ts', why: "the charts draw on a canvas: they read the tokens at run time (their defaults theme.css's) and add series colours of their own" },
  { file: 'elements/shared/image-compression.ts', why: 'a see-through picture is flattened onto white for JPEG: the picture, not the look' },
  { file: 'elements/rb-qr-code/rb-qr-code.element.ts', why: "a QR code is black on white whatever the page's colours (scanners need the contrast)" },
  { file: 'elements/rb-qr-code/rb-qr-code.styles.ts', why: "the QR code's white quiet zone" },
  { file: 'src/screens/account/account-settings.ts', line: /Options: \{ color: '#/, why: 'the two-factor QR code, drawn on a canvas dark on white (scanners need the contrast)' },
  { file: 'src/screens/account/avatar-chooser.ts', line: /theme-color="rgba\(/, why: "the cropper's see-through handle over the person's picture (an attribute of its own, no CSS)" },
  { file: 'src/pages/elements/index.astro', line: /^\s*--rb-primary: #0b5394;$/, why: "an example of a host page's own theme, shown as code to authors" },
];

/** @param {string} value */
function normalised(value) {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return /^#[0-9a-f]{3}$/.test(v) ? `#${[...v.slice(1)].map((c) => c + c).join('')}` : v;
}

/** THE tokens: theme.css's `--rb-*` custom properties and their values. @returns {Map<string, string>} */
export function themeTokens(css = readFileSync(join(ROOT, TOKEN_FILE), 'utf8')) {
  return new Map([...css.matchAll(/(--rb-[a-z0-9-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1] ?? '', normalised(m[2] ?? '')]));
}

const HEX = /(?<![\w&$-])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/g;
const FUNCTION = /\b(?:rgba?|hsla?)\(/g;
const DEFAULT = /var\(\s*(--rb-[a-z0-9-]+)\s*,\s*(#[0-9a-fA-F]{3,8}|\d+ \d+ \d+)\s*\)/g;
const SHADE = /rgba?\(\s*var\(\s*(--rb-[a-z0-9-]+-rgb)\s*\)\s*\/\s*[\d.]+\s*\)/g;
const SHOELACE_DEFAULT = /var\(\s*--sl-[a-z0-9-]+\s*,\s*(?:#[0-9a-fA-F]{3,8}|hsl\([^)]*\))\s*\)/g;
/** An element's documented default: JSDoc's `@cssprop [--name=value]`, the /elements/ reference's `'default value'`. */
const CSSPROP = /(?:@cssprop \[--[a-z0-9-]+=|'default )(#[0-9a-fA-F]{3,8})(?=[\]'])/g;

/**
 * The raw colours of one file's text, as `line: text — what is wrong`.
 * @param {string} file repository path
 * @param {string} text
 * @param {Map<string, string>} tokens
 */
export function fileProblems(file, text, tokens) {
  const values = new Set(tokens.values());
  /** @type {string[]} */
  const problems = [];
  text.split('\n').forEach((source, i) => {
    const at = `${file}:${i + 1}`;
    if (EXCEPTIONS.some((e) => e.file === file && (!e.line || e.line.test(source)))) return;
    let line = source.replace(CSSPROP, (_, value) => {
      if (!values.has(normalised(value))) problems.push(`${at}: the documented default ${value} is none of ${TOKEN_FILE}'s colours`);
      return '';
    });
    line = line.replace(DEFAULT, (_, name, value) => {
      const own = tokens.get(name);
      if (own === undefined) problems.push(`${at}: ${name} is no token of ${TOKEN_FILE}`);
      else if (own !== normalised(value)) problems.push(`${at}: the default of ${name} is ${value}, ${TOKEN_FILE} says ${own}`);
      return `var(${name})`;
    });
    line = line.replace(SHADE, (_, name) => {
      if (!tokens.has(name)) problems.push(`${at}: ${name} is no token of ${TOKEN_FILE}`);
      return '';
    });
    line = line.replace(SHOELACE_DEFAULT, '');
    for (const raw of [...line.matchAll(HEX), ...line.matchAll(FUNCTION)]) problems.push(`${at}: a raw colour (${raw[0]}) — use a token of ${TOKEN_FILE}`);
  });
  return problems;
}

/** @param {string} folder @returns {string[]} repository paths */
function filesUnder(folder) {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Every raw colour outside the token file, as `path:line: …`. */
export function colourProblems() {
  const tokens = themeTokens();
  return SCANNED.flatMap(filesUnder)
    .filter((file) => file !== TOKEN_FILE)
    .flatMap((file) => fileProblems(file, readFileSync(join(ROOT, file), 'utf8'), tokens));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = colourProblems();
  for (const problem of problems) console.log(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
