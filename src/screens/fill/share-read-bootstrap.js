/*
 * The fill page's one data read, started by its HTML (inlined into the <head> of /fill/ and
 * /embed/fill/, so it is plain ES2019 and stands alone): the share link's checklist, with the token of
 * the page's address, sent while the page's modules are still downloading. Its answer's promise waits in
 * window.__rbShareRead for rb-checklist's transport, which takes it once (./share-read.ts takeShareRead)
 * and reads it like any answer of its own. A named exception to the one-transport rule
 * (scripts/lint/layout.js), like the signed-in pages' early reads.
 */
/* global window, location */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that wraps it
function shareRead(base) {
  try {
    var segments = location.pathname.split('/').filter(Boolean);
    var token = decodeURIComponent(segments[segments.length - 1] || '');
    if (token.indexOf('share_') !== 0) return; // not a share link: the element asks for itself
    var address = base + '/share/checklist';
    var response = fetch(address, { headers: { Authorization: 'Bearer ' + token } });
    response.catch(function () {}); // a read nobody takes fails quietly; the taker reads the failure
    window.__rbShareRead = { address: address, token: token, response: response };
  } catch (_) {
    // an odd address: the element asks for itself
  }
}
