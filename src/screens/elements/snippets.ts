/**
 * The snippets the /elements/ page offers to copy (issue #29), with `{origin}` for the server's address:
 * the page shows https://ringbinder.example until its script puts in the address it was opened at. The
 * checklist's two match what a checklist's Share tab copies for a link (islands/browse/dialogs/share-snippets.ts).
 */
export const ORIGIN = '{origin}';
export const EXAMPLE_ORIGIN = 'https://ringbinder.example';

/** The one line every page needs once, whatever elements it uses. */
export const SCRIPT_SNIPPET = `<script type="module" src="${ORIGIN}/elements/ringbinder.js"></script>`;

/** For CMSs that allow no scripts: the checklist's own page in a frame (the script after it sizes it where scripts run). */
export const IFRAME_SNIPPET =
  `<iframe src="${ORIGIN}/embed/fill/share_…" title="Ladder check" style="width:100%;border:0" height="600"></iframe>\n` +
  `<script src="${ORIGIN}/elements/embed-frame.js" async></script>`;

/** How each element is placed on a page (after SCRIPT_SNIPPET). */
export const ELEMENT_SNIPPETS: Readonly<Record<string, string>> = {
  'rb-checklist': '<rb-checklist share-token="share_…"></rb-checklist>',
  'rb-qr-code': `<rb-qr-code value="${ORIGIN}/fill/share_…" size="256"></rb-qr-code>`,
  'rb-qr-dialog':
    '<button type="button" id="show-code">Show QR code</button>\n' +
    `<rb-qr-dialog name="Front door" value="${ORIGIN}/fill/share_…"></rb-qr-dialog>\n` +
    '<script type="module">\n' +
    "  const button = document.getElementById('show-code');\n" +
    "  button.addEventListener('click', () => document.querySelector('rb-qr-dialog').show(button));\n" +
    '</script>',
  'rb-permission-editor':
    `<rb-permission-editor api-base="${ORIGIN}/api/v1" item-kind="folder" item-id="0190…"></rb-permission-editor>\n` +
    '<script type="module">\n' +
    "  // A signed-in user's token (never an attribute: it would show in the page's markup).\n" +
    "  document.querySelector('rb-permission-editor').token = token;\n" +
    '</script>',
};

/** `snippet` with the server's address in place of `{origin}`. */
export const withOrigin = (snippet: string, origin: string): string => snippet.split(ORIGIN).join(origin);
