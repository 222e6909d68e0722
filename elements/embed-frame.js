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

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== 'ringbinder:height') return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 0) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      var address;
      try {
        address = new URL(frame.src, location.href);
      } catch (_) {
        return;
      }
      if (address.origin !== origin || address.pathname.indexOf('/embed/') !== 0) return;
      // At most a generous page's worth: a runaway report cannot stretch the host page without end.
      frame.style.height = Math.min(Math.ceil(height), 20000) + 'px';
      return;
    }
  });
})();
