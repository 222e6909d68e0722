/*
 * The fill page's one data read, started by its HTML (inlined into the <head> of /fill/ and
 * /embed/fill/, so it is plain ES2019 and stands alone): the share link's checklist, with the token of
 * the page's address. The server has usually answered it already, in the HTML (#rb-first-answers, written
 * by src/server/http/first-answers.ts): then no request leaves. Otherwise (the service worker's copy of
 * the shell, or a kiosk whose worker keeps the read) it is sent while the page's modules are still downloading. Its answer's promise waits in
 * window.__rbShareRead for rb-checklist's transport, which takes it once (./share-read.ts takeShareRead)
 * and reads it like any answer of its own. A named exception to the one-transport rule
 * (scripts/lint/layout.js), like the signed-in pages' early reads.
 */
/* global window, location, document, navigator, Response */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that wraps it
function shareRead(base) {
  try {
    var segments = location.pathname.split('/').filter(Boolean);
    var token = decodeURIComponent(segments[segments.length - 1] || '');
    if (token.indexOf('share_') !== 0) return; // not a share link: the element asks for itself
    var address = base + '/share/checklist';
    // A page with a worker (a kiosk station) asks through it all the same: the worker keeps the link's
    // checklist, so the station reopens offline.
    var kept = navigator.serviceWorker && navigator.serviceWorker.controller ? null : document.getElementById('rb-first-answers');
    var first = kept && kept.textContent ? JSON.parse(kept.textContent).answers['share/checklist'] : undefined;
    var response = first
      ? Promise.resolve(new Response(JSON.stringify(first.body), { status: first.status, headers: { 'Content-Type': 'application/json' } }))
      : fetch(address, { headers: { Authorization: 'Bearer ' + token } });
    response.catch(function () {}); // a read nobody takes fails quietly; the taker reads the failure
    window.__rbShareRead = { address: address, token: token, response: response };
  } catch (_) {
    // an odd address: the element asks for itself
  }
}
