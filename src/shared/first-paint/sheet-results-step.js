/*
 * The inline step of a result sheet's first paint (issue #31), written by the server right after the grid it
 * drew (src/server/http/first-paint/sheet-results.ts, with src/shared/first-paint/sheet-results.ts), so it is
 * plain ES2019 and stands alone; every shell's CSP allows it by its hash (src/server/http/static-site.ts), and
 * no other page carries its bytes. Before the first paint it sets what the server cannot know, so the grid
 * takes over without a change:
 * - each `<time datetime>` in the browser's language and time zone, in THE app's date-time style;
 * - the filter's date: the local day `config.days` days ago (islands/sheet-results/first-rows.ts `daysAgo`);
 * - the rows before that day left out (the server's window, in UTC days, starts up to three days sooner),
 *   'No Results Found' when none is left, and the pager's count of the rows on or after it;
 * - no drawing at all when that day does not start within `config.near` after the server's window's start
 *   (the browser's clock is days off the server's): the grid draws itself.
 * Nothing drawn (another doctype, no session cookie): it does nothing.
 */
/* global document */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that wraps it
function sheetFirstRows(config) {
  try {
    var grid = document.querySelector('[data-first-paint="' + config.name + '"]');
    if (!grid) return;
    var format = new Intl.DateTimeFormat(undefined, config.style);
    grid.querySelectorAll('time[datetime]').forEach(function (time) {
      var at = new Date(time.getAttribute('datetime'));
      if (!isNaN(at.getTime())) time.textContent = format.format(at);
    });
    var day = new Date(Date.now() - config.days * 24 * 60 * 60 * 1000);
    day.setHours(0, 0, 0, 0);
    var cutoff = day.getTime();
    var start = Number(grid.getAttribute('data-window-start'));
    if (!(cutoff >= start && cutoff < start + config.near)) {
      grid.remove(); // a clock off by days: the rows and count drawn could be wrong; the grid draws itself
      return;
    }
    var pad = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    var input = grid.querySelector('input[type="date"]');
    if (input) input.value = day.getFullYear() + '-' + pad(day.getMonth() + 1) + '-' + pad(day.getDate());
    var shown = 0;
    grid.querySelectorAll('tbody tr[data-at]').forEach(function (row) {
      if (Number(row.getAttribute('data-at')) < cutoff) row.remove();
      else shown++;
    });
    var empty = grid.querySelector('tbody .data-grid-message-row');
    if (empty) empty.hidden = shown > 0;
    var range = grid.querySelector('.data-grid-range');
    if (!range) return;
    var before = (range.getAttribute('data-near') || '').split(' ').filter(function (at) {
      return at !== '' && Number(at) < cutoff;
    }).length;
    var total = Number(range.getAttribute('data-total')) - before;
    var n = new Intl.NumberFormat();
    range.textContent = total === 0 || shown === 0 ? '0 of ' + n.format(total) : '1–' + n.format(shown) + ' of ' + n.format(total);
    var next = range.parentNode.lastElementChild;
    if (next) next.setAttribute('aria-disabled', String(shown >= total));
  } catch (_) {
    // The grid draws it all when it takes over.
  }
}
