/**
 * THE shell edits (src/server/http/first-paint/shell-edits.ts): a marked element is found by its mark
 * whatever the order of its attributes (the 23 regular expressions it replaces were keyed on it), its
 * attributes set or removed, its content replaced, or the element removed whole; the rest of the shell's
 * text stays byte for byte; an edit of a mark the shell lacks is left out.
 */
import { describe, expect, it } from 'vitest';
import { one, outline } from '../../../../support/html.ts';
import { allEdits, editShell, hasMark } from '../../../../../src/server/http/first-paint/shell-edits.ts';

const SHELL =
  '<!doctype html><html><head><script type="application/json" id="rb-page-data"></script></head><body>' +
  '<main aria-busy="true" id="main" class="chrome-main"><div id="page-skeleton"><div></div></div>' +
  '<section hidden class="card" id="card" title="a &amp; &quot;b&quot;"><ul data-dashboard-list="assignments" aria-busy="true"><li>Loading…</li></ul></section>' +
  '<template shadowrootmode="open"><p id="inside"></p></template></main></body></html>';

describe('editShell', () => {
  it('finds marked elements whatever the order of their attributes, and changes only them', () => {
    const html = editShell(SHELL, {
      '#main': { attributes: { 'aria-busy': null } },
      '#card': { attributes: { hidden: null, 'data-room': 'edit' } },
      '[data-dashboard-list=assignments]': { attributes: { 'aria-busy': null }, content: '<li>One</li>' },
      '#page-skeleton': { remove: true },
      '#rb-page-data': { content: '{"a":1}' },
    });
    expect(html).toBe(
      '<!doctype html><html><head><script type="application/json" id="rb-page-data">{"a":1}</script></head><body>' +
        '<main id="main" class="chrome-main">' +
        '<section class="card" id="card" title="a &#38; &#34;b&#34;" data-room="edit"><ul data-dashboard-list="assignments"><li>One</li></ul></section>' +
        '<template shadowrootmode="open"><p id="inside"></p></template></main></body></html>',
    );
  });

  it('reaches into a template, leaves out a mark the shell lacks, and gives the shell itself for no edit', () => {
    expect(outline(one(editShell(SHELL, { '#inside': { content: 'x' } }), 'template p#inside'))).toEqual({ tag: 'p', attrs: { id: 'inside' }, text: 'x' });
    expect(editShell(SHELL, { '#missing': { content: 'x' } })).toBe(SHELL);
    expect(editShell(SHELL, {})).toBe(SHELL);
    expect(hasMark(SHELL, '#rb-page-data')).toBe(true);
    expect(hasMark(SHELL, '#missing')).toBe(false);
  });

  it('an edit inside an element removed whole is left out', () => {
    expect(editShell(SHELL, { '#main': { remove: true }, '#card': { content: 'x' } })).toBe(
      '<!doctype html><html><head><script type="application/json" id="rb-page-data"></script></head><body></body></html>',
    );
  });
});

describe('allEdits', () => {
  it('adds a later edit of the same element to the earlier one', () => {
    expect(allEdits({ '#a': { attributes: { hidden: null } } }, { '#a': { content: 'x', attributes: { id: 'a' } } })).toEqual({
      '#a': { content: 'x', attributes: { hidden: null, id: 'a' } },
    });
  });
});
