/*
 * THE page's first reads, started by the HTML itself (inlined into the <head> of the signed-in layout,
 * src/layouts/SignedInLayout.astro, so it is plain ES2019 and stands alone). The server wrote the page data
 * block (#rb-page-data, src/server/http/page-data.ts): the page's reads by name, expanded for its address,
 * and the answers it made for the session cookie's login. With a stored login this sends the reads not
 * answered there at once, while the modules are still downloading, and keeps each answer's promise in
 * window.__rbPageReads by the read's name; the one transport takes each once, for the call that names it
 * (src/client/page-data.ts). It matches no route: the only thing it fills in is the folder sort this browser
 * remembers — and a read in that sort (`contents`) is sent even when answered, if the server answered it in
 * the default sort and this browser remembers another (the folder browser's re-sort takes it). The one named
 * exception to the one-transport rule (scripts/lint/layout.js).
 */
/* global window, document, localStorage, sessionStorage */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that wraps it
function pageDataBootstrap(config) {
  try {
    var block = document.getElementById(config.blockId);
    var data = block && block.textContent ? JSON.parse(block.textContent) : {};
    var token = localStorage.getItem(config.tokenKey);
    if (!data.reads || localStorage.getItem(config.loginFlagKey) !== 'true' || !token) return; // the guard sends the visitor away
    if (data.admin && sessionStorage.getItem(config.adminKey) === 'false') return;
    var fallback = config.sorts[config.sortDefault];
    var sort = config.sorts[localStorage.getItem(config.sortKey)] || fallback;
    var answers = data.answers || {};
    var low = data.low || [];
    var kept = (window.__rbPageReads = window.__rbPageReads || {});
    // Low-priority reads leave once the parser is done (the document 'interactive'), so after every module
    // the HTML announces: a browser gives a free connection to whoever asks first, whatever the priority,
    // and a low read sent before them took the sixth connection and left a module waiting a round trip.
    var later = [];
    Object.keys(data.reads).forEach(function (name) {
      var read = data.reads[name];
      var address = config.base + '/' + read.replace('{sort}', sort);
      // Answered in the HTML: not sent, unless the server's answer is in the default sort and this browser remembers another.
      if ((answers[name] && (read.indexOf('{sort}') < 0 || sort === fallback)) || kept[name]) return;
      var init = { headers: { Authorization: 'Bearer ' + token } };
      var response;
      if (low.indexOf(name) === -1) response = fetch(address, init);
      else {
        init.priority = 'low'; // not what the page paints first
        response = new Promise(function (resolve) {
          later.push(function () {
            resolve(fetch(address, init));
          });
        });
      }
      response.catch(function () {}); // a read nobody takes fails quietly; the taker reads the failure
      kept[name] = { token: token, response: response };
    });
    if (later.length > 0) {
      var sendLater = function () {
        later.forEach(function (send) {
          send();
        });
      };
      if (document.readyState === 'loading') document.addEventListener('readystatechange', sendLater, { once: true });
      else sendLater();
    }
  } catch (_) {
    // storage disabled or an odd block: the page asks for everything itself
  }
}
