/*
 * Ringbinder's iframe snippet (#29), served as /elements/embed-frame.js (src/pages/elements/embed-frame.js.ts):
 * sizes the frames of Ringbinder's embedded checklists (/embed/fill/{token}) on this page to their content,
 * without scroll bars. Each such page posts {type: 'ringbinder:height', height} to its parent whenever its
 * size changes (src/screens/fill/frame-height.ts); this listens for it from frames whose address is on
 * this script's own origin (the Ringbinder server) under /embed/, and sets that frame's height. Without
 * this script a frame keeps the height its snippet gives it, and scrolls.
 *
 *   <iframe src="https://ringbinder.example/embed/fill/share_…" title="…" style="width:100%;border:0" height="600"></iframe>
 *   <script src="https://ringbinder.example/elements/embed-frame.js" async></script>
 *
 * A frame that loads but never reports its height was refused by the server (issue #43: this page's origin
 * is not in its EMBED_ORIGINS, so the browser shows its broken-page picture): the frame is hidden and a
 * readable message says which origin to add, on the page and in the console.
 *
 * A classic script (not a module), so it loads from another origin without CORS; several snippets on one
 * page load it several times, and it listens once per Ringbinder origin.
 */
/* global window, document, location */
(function () {
  var script = document.currentScript;
  var origin;
  try {
    origin = new URL(script && script.src ? script.src : location.href).origin;
  } catch (_) {
    return;
  }
  var listening = (window.__ringbinderEmbedFrames = window.__ringbinderEmbedFrames || {});
  if (listening[origin]) return;
  listening[origin] = true;

  var reported = typeof WeakSet === 'function' ? new WeakSet() : null;

  function ours(frame) {
    try {
      var address = new URL(frame.src, location.href);
      return address.origin === origin && address.pathname.indexOf('/embed/') === 0;
    } catch (_) {
      return false;
    }
  }

  function refused(frame) {
    if (!reported || reported.has(frame.contentWindow) || !frame.isConnected || frame.dataset.ringbinderRefused) return;
    frame.dataset.ringbinderRefused = '1';
    var words =
      'This checklist cannot be shown on ' + location.origin + ': the Ringbinder server ' + origin +
      ' does not allow this site to frame it. Ask whoever runs it to add ' + location.origin + ' to EMBED_ORIGINS.';
    var note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.className = 'ringbinder-frame-refused';
    note.style.cssText = 'padding:1em;border:1px solid var(--rb-danger, #b3261e);border-radius:6px;color:var(--rb-text, #1c1f26);background:var(--rb-surface, #ffffff)';
    note.textContent = words;
    frame.style.display = 'none';
    frame.parentNode.insertBefore(note, frame);
    if (window.console) window.console.error('Ringbinder: add "' + location.origin + '" to EMBED_ORIGINS on ' + origin + ' to frame its checklists on this page.');
  }

  // A frame of ours reports its height when drawn and again when asked ({type: 'ringbinder:ask-height'}:
  // this script may start after it has loaded); one that has loaded and says nothing within 3 s was
  // refused (a refused frame still loads, with the browser's error page in it, which hears nothing).
  function judge(frame) {
    if (!ours(frame) || !frame.contentWindow) return;
    try {
      frame.contentWindow.postMessage({ type: 'ringbinder:ask-height' }, origin);
    } catch (_) {
      /* the error page's origin is not ours: nothing hears the question */
    }
    window.setTimeout(function () {
      refused(frame);
    }, 3000);
  }
  function judgeAll() {
    Array.prototype.forEach.call(document.getElementsByTagName('iframe'), judge);
  }
  Array.prototype.forEach.call(document.getElementsByTagName('iframe'), function (frame) {
    frame.addEventListener('load', judge.bind(null, frame));
  });
  // The page's load waits for its frames: those already loaded are judged then (or now).
  if (document.readyState === 'complete') judgeAll();
  else window.addEventListener('load', judgeAll);

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== 'ringbinder:height') return;
    if (reported && event.source) reported.add(event.source);
    var height = Number(data.height);
    if (!isFinite(height) || height < 0) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (!ours(frame)) return;
      // At most a generous page's worth: a runaway report cannot stretch the host page without end.
      frame.style.height = Math.min(Math.ceil(height), 20000) + 'px';
      return;
    }
  });
})();
