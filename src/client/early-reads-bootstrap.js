/*
 * THE page's first reads, started by the HTML itself (inlined into the <head> of the signed-in layout,
 * src/layouts/SignedInLayout.astro, so it is plain ES2019 and stands alone): with a stored login it
 * sends auth/me and the route's early reads (src/client/early-reads.ts) at once, while the page's
 * modules are still downloading, and keeps each answer's promise in window.__rbEarlyReads by address.
 * The one transport takes each one once (src/client/early-reads.ts `takeEarlyRead`), reading it like
 * any answer of its own. The one named exception to the one-transport rule (scripts/lint/layout.js).
 */
/* global window, document, localStorage, sessionStorage, location, Response */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that wraps it
function earlyReads(config) {
  try {
    var token = localStorage.getItem(config.tokenKey);
    if (localStorage.getItem(config.loginFlagKey) !== 'true' || !token) return; // the guard sends the visitor away
    var here = location.pathname.split('/').filter(Boolean);
    var reads = [config.me];
    var params = {};
    for (var i = 0; i < config.routes.length; i++) {
      var route = config.routes[i];
      var parts = route[0].split('/').filter(Boolean);
      var found = {};
      if (parts.length !== here.length) continue;
      var matches = parts.every(function (part, j) {
        if (part.charAt(0) !== ':') return part === here[j];
        found[part.slice(1)] = encodeURIComponent(decodeURIComponent(here[j]));
        return true;
      });
      if (!matches) continue;
      if (route[1] === 'org-admin' && sessionStorage.getItem(config.adminKey) === 'false') return;
      var own = route[2];
      if (!Array.isArray(own)) own = /^[0-9]+$/.test(found[own.param]) ? own.digits : own.other;
      reads = reads.concat(own);
      params = found;
      break;
    }
    // The answers the server wrote into the HTML for this login (src/server/http/first-answers.ts): taken
    // instead of asking, when they were made for the stored token (the same digest), and no worker serves
    // the page (a worker's copy of the shell carries none).
    // FNV-1a (32 bits) of the token in base 36: the server's sessionDigest.
    var digest = function (text) {
      var hash = 0x811c9dc5;
      for (var i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
      return hash.toString(36);
    };
    var first = {};
    var written = document.getElementById ? document.getElementById('rb-first-answers') : null;
    if (written && written.textContent) {
      var data = JSON.parse(written.textContent);
      if (data.session && data.session === digest(token)) first = data.answers || {};
    }
    var sorts = config.sort.queries;
    var sort = sorts[localStorage.getItem(config.sort.key)] || sorts[config.sort.fallback];
    var kept = (window.__rbEarlyReads = window.__rbEarlyReads || {});
    // Low-priority reads leave once the parser is done (the document 'interactive'), so after every module
    // the HTML announces: a browser gives a free connection to whoever asks first, whatever the priority,
    // and a low read sent before them took the sixth connection and left a module waiting a round trip.
    var later = [];
    reads.forEach(function (read) {
      var address = config.base + '/' + read.replace(/\{(\w+)(?::(\w+))?\}/g, function (_, name, alias) {
        if (name === 'sort') return sort;
        var value = params[name];
        var aliases = alias ? config.aliases[alias] : {};
        return Object.prototype.hasOwnProperty.call(aliases, value) ? aliases[value] : value;
      });
      if (kept[address]) return;
      var init = { headers: { Authorization: 'Bearer ' + token } };
      var response;
      var answer = first[address.slice(config.base.length + 1)];
      if (answer) {
        response = Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
        (window.__rbFromHtml = window.__rbFromHtml || []).push(address);
      }
      else if (config.low.indexOf(read) === -1) response = fetch(address, init);
      else {
        init.priority = 'low'; // not what the page paints first
        response = new Promise(function (resolve) {
          later.push(function () {
            resolve(fetch(address, init));
          });
        });
      }
      response.catch(function () {}); // a read nobody takes fails quietly; the taker reads the failure
      kept[address] = { token: token, response: response };
    });
    // The server's answers beyond the route's table (what the page reads once its document is in: a result
    // sheet's first rows, src/shared/sheets/first-rows.ts) are kept the same way, for the screen that asks.
    Object.keys(first).forEach(function (read) {
      var address = config.base + '/' + read;
      if (kept[address]) return;
      var answer = first[read];
      kept[address] = { token: token, response: Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })) };
      (window.__rbFromHtml = window.__rbFromHtml || []).push(address);
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
    // storage disabled or an odd address: the page asks for everything itself
  }
}
